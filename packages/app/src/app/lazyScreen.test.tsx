import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadFirstScreen } from './firstScreen.ts';
import { lazyScreen, useScreenReady } from './lazyScreen.ts';
import { routeTable } from './routeTable.tsx';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

afterEach(cleanup);

const drawn = (Screen: ReturnType<typeof lazyScreen<{ name: string }>>) =>
  render(
    <Suspense fallback={<p>Loading…</p>}>
      <Screen name="Ada" />
    </Suspense>,
  );

describe('lazyScreen', () => {
  it('suspends behind the fallback while its code has not arrived', async () => {
    const Screen = lazyScreen(async () => Greeting);
    drawn(Screen);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
  });

  it('once preloaded, draws the screen in the first render, with no fallback shown', async () => {
    let loads = 0;
    const Screen = lazyScreen(async () => (loads++, Greeting));
    await Screen.preload();
    drawn(Screen);
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(loads).toBe(1);
  });
});

describe('preloadFirstScreen', () => {
  const screenAt = (path: string) => routeTable.find((row) => row.path === path)!.screen;
  const drawsAtOnce = (Screen: ReturnType<typeof screenAt>) => {
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen />
      </Suspense>,
    );
    const atOnce = screen.queryByText('Loading…') === null;
    cleanup();
    return atOnce;
  };

  it('waits for an open route’s screen, organisation prefix or not, which then draws at once', async () => {
    expect(drawsAtOnce(screenAt('/forgot-password'))).toBe(false);
    await preloadFirstScreen('/acme/forgot-password');
    expect(drawsAtOnce(screenAt('/forgot-password'))).toBe(true);
  });

  it('does not wait for a guarded route’s screen, but fetches it for when the session is there', async () => {
    let fetched = false;
    void screenAt('/profile').preload!().then(() => (fetched = true));
    await preloadFirstScreen('/profile');
    expect(fetched).toBe(false);
    await vi.waitFor(() => expect(drawsAtOnce(screenAt('/profile'))).toBe(true));
  });
});

describe('useScreenReady', () => {
  function Gate({ Screen }: { Screen: ReturnType<typeof lazyScreen<{ name: string }>> }) {
    return useScreenReady(Screen) ? <Screen name="Ada" /> : <p>Waiting for the code</p>;
  }

  it('keeps the caller’s own loading state until the code is here, then draws the screen without suspending', async () => {
    let arrive!: () => void;
    const Screen = lazyScreen(() => new Promise<typeof Greeting>((resolve) => (arrive = () => resolve(Greeting))));
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Gate Screen={Screen} />
      </Suspense>,
    );
    expect(screen.getByText('Waiting for the code')).toBeTruthy();
    arrive();
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('is ready at once for a plain component', () => {
    render(<Gate Screen={Greeting as never} />);
    expect(screen.getByText('Hello Ada')).toBeTruthy();
  });
});
