import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadOpenScreen } from './firstScreen.ts';
import { lazyScreen } from './lazyScreen.ts';
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

describe('preloadOpenScreen', () => {
  const screenAt = (path: string) => routeTable.find((row) => row.path === path)!.screen;

  it('fetches the open route’s screen, organisation prefix or not, and not a guarded route’s', async () => {
    await preloadOpenScreen('/acme/forgot-password');
    const Forgot = screenAt('/forgot-password');
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Forgot />
      </Suspense>,
    );
    expect(screen.queryByText('Loading…')).toBeNull();
    cleanup();

    await preloadOpenScreen('/profile');
    const Profile = screenAt('/profile');
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Profile />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
  });
});
