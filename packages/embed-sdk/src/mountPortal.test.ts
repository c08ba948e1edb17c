import type { EMBED_ERROR_CODES } from '@payportal/shared/protocol/wire';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { EmbedError, EmbedErrorCode } from './EmbedError.ts';
import { mountPortal } from './mountPortal.ts';
import type { MountPortalOptions } from './types.ts';

beforeEach(() => (document.body.innerHTML = '<div id="slot"></div>'));
afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
});

const options: MountPortalOptions = {
  container: '#slot',
  src: 'https://portal.example/',
  getToken: async () => 'token',
  user: { email: 'a@b.example', name: 'A' },
};

describe('mountPortal', () => {
  it('[S3] appends a titled frame and on destroy removes it and rejects ready with embed/closed', async () => {
    const portal = mountPortal(options);
    expect(document.querySelector('#slot iframe')?.getAttribute('title')).toBe('PayPortal');
    portal.destroy();
    expect(document.querySelector('iframe')).toBeNull();
    await expect(portal.ready).rejects.toMatchObject({ name: 'EmbedError', code: 'embed/closed' });
  });

  it('[S3] after destroy, navigate and setUser reject with embed/closed and no callback fires, onLog included', async () => {
    const onLog = vi.fn();
    const onError = vi.fn();
    const portal = mountPortal({ ...options, onLog, onError });
    portal.destroy();
    await expect(portal.navigate('/dashboards')).rejects.toMatchObject({ code: 'embed/closed' });
    await expect(portal.setUser({ email: 'c@d.example', name: 'C' })).rejects.toMatchObject({ code: 'embed/closed' });
    expect(onLog).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it.each<[string, Partial<MountPortalOptions>, RegExp]>([
    [
      'a selector that matches nothing',
      { container: '#missing' },
      /container must be an element, or a CSS selector .*received "#missing"/,
    ],
    [
      'a src that is not an http(s) URL',
      { src: 'javascript:alert(1)' },
      /src must be the portal's absolute http\(s\) URL/,
    ],
    ['a relative src', { src: 'portal' }, /src must be the portal's absolute http\(s\) URL.*received "portal"/],
    ['a path-only src', { src: '/portal/' }, /src must be the portal's absolute http\(s\) URL.*received "\/portal\/"/],
    ['no getToken', { getToken: undefined as never }, /getToken must be a function .*received undefined/],
    [
      'a user without a name',
      { user: { email: 'a@b.example' } as never },
      /user must be \{ email: string, name: string \}; received \{"email":"a@b.example"\}/,
    ],
    ['a zero timeout', { timeoutMs: 0 }, /timeoutMs must be a number of milliseconds above 0; received 0/],
    ['a callback that is not a function', { onRoute: 'yes' as never }, /onRoute must be a function; received "yes"/],
  ])(
    'throws embed/bad-option naming the option and what it accepts for %s, before any frame exists',
    (_, bad, message) => {
      let thrown: EmbedError | undefined;
      try {
        mountPortal({ ...options, ...bad });
      } catch (error) {
        thrown = error as EmbedError;
      }
      expect(thrown).toMatchObject({ name: 'EmbedError', code: 'embed/bad-option' });
      expect(thrown?.message).toMatch(message);
      expect(document.querySelector('iframe')).toBeNull();
    },
  );

  it('[E1] refuses a second mount into a container that holds a live portal, and allows it after destroy()', () => {
    const first = mountPortal(options);
    expect(() => mountPortal(options)).toThrow(
      /embed\/bad-option: container must be an element without a portal: destroy\(\) the portal already mounted here first/,
    );
    expect(document.querySelectorAll('#slot iframe')).toHaveLength(1);
    first.destroy();
    const second = mountPortal(options);
    expect(document.querySelectorAll('#slot iframe')).toHaveLength(1);
    second.destroy();
    // A host page that removed the frame itself may mount again too.
    const third = mountPortal(options);
    document.querySelector('#slot')!.replaceChildren();
    mountPortal(options).destroy();
    third.destroy();
  });

  it('[E1] a bad navigate or setUser argument rejects with embed/bad-option and reaches onError, without ending the start', async () => {
    const onError = vi.fn();
    const portal = mountPortal({ ...options, onError });
    await expect(portal.navigate('//evil.example/')).rejects.toMatchObject({ code: 'embed/bad-option' });
    await expect(portal.setUser({ email: 'x@y.example' } as never)).rejects.toMatchObject({ code: 'embed/bad-option' });
    expect(onError.mock.calls.map(([error]) => (error as EmbedError).code)).toEqual([
      'embed/bad-option',
      'embed/bad-option',
    ]);
    portal.destroy();
    await expect(portal.ready).rejects.toMatchObject({ code: 'embed/closed' });
  });

  it.each(['//evil.example/', '/a/../b', '/a%5cb', 'javascript:alert(1)'])(
    '[V2] refuses %j as initPath with embed/bad-option, before any frame exists',
    (initPath) => {
      expect(() => mountPortal({ ...options, initPath })).toThrow(/initPath must be a portal path/);
      expect(document.querySelector('iframe')).toBeNull();
    },
  );

  it('[M1] refuses to navigate to anything but a portal path', async () => {
    const portal = mountPortal(options);
    for (const path of ['https://evil.example/', '/csv/../admin', '/%2f%2fevil.example']) {
      await expect(portal.navigate(path)).rejects.toMatchObject({
        code: 'embed/bad-option',
        message: expect.stringContaining('navigate(path) must be a portal path'),
      });
    }
    portal.destroy();
  });

  it('[E1] frame-load-failed names the src, this page’s origin and how to check both causes', async () => {
    vi.useFakeTimers();
    const onError = vi.fn();
    const portal = mountPortal({ ...options, src: 'https://portal.example/app/', onError });
    document.querySelector('iframe')!.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(3000);
    await expect(portal.ready).rejects.toMatchObject({ code: 'embed/frame-load-failed' });
    const message = (onError.mock.calls[0]![0] as EmbedError).message;
    expect(message).toContain('https://portal.example/app/');
    expect(message).toContain(`framed by ${location.origin}`);
    expect(message).toContain('open it in a tab');
    expect(message).toMatch(/PARTNER_ORIGINS.*EXTRA_PARTNER_ORIGINS/);
    portal.destroy();
  });

  it('[E1] publishes exactly the protocol error codes', () => {
    expectTypeOf<EmbedErrorCode>().toEqualTypeOf<(typeof EMBED_ERROR_CODES)[number]>();
  });
});
