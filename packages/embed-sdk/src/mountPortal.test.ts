import type { EMBED_ERROR_CODES } from '@payportal/shared/protocol/wire';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { EmbedErrorCode } from './EmbedError.ts';
import { mountPortal } from './mountPortal.ts';

afterEach(() => document.body.replaceChildren());

const options = { src: 'https://portal.example/', getToken: async () => 'token', user: { email: 'a@b.example', name: 'A' } };

describe('mountPortal', () => {
  it('[S3] appends a titled frame and on destroy removes it and rejects ready with embed/closed', async () => {
    document.body.innerHTML = '<div id="slot"></div>';
    const portal = mountPortal({ ...options, container: '#slot' });
    expect(document.querySelector('#slot iframe')?.getAttribute('title')).toBe('PayPortal');
    portal.destroy();
    expect(document.querySelector('iframe')).toBeNull();
    await expect(portal.ready).rejects.toMatchObject({ name: 'EmbedError', code: 'embed/closed' });
  });

  it('names the selector that matched nothing, and the expected shape of missing options', () => {
    expect(() => mountPortal({ ...options, container: '#missing' })).toThrow('#missing');
    document.body.innerHTML = '<div id="slot"></div>';
    expect(() => mountPortal({ ...options, container: '#slot', getToken: undefined as never })).toThrow('getToken');
  });

  it('[M1] refuses to navigate to anything but a portal path', async () => {
    document.body.innerHTML = '<div id="slot"></div>';
    const portal = mountPortal({ ...options, container: '#slot' });
    await expect(portal.navigate('https://evil.example/')).rejects.toThrow(TypeError);
    await expect(portal.navigate('/csv/../admin')).rejects.toThrow(TypeError);
    await expect(portal.navigate('/%2f%2fevil.example')).rejects.toThrow(TypeError);
    portal.destroy();
  });

  it.each(['//evil.example/', '/a/../b', '/a%5cb', 'javascript:alert(1)'])('refuses %j as initPath, before any frame exists', (initPath) => {
    document.body.innerHTML = '<div id="slot"></div>';
    expect(() => mountPortal({ ...options, container: '#slot', initPath })).toThrow(/initPath must be a portal path/);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('[E1] publishes exactly the protocol error codes', () => {
    expectTypeOf<EmbedErrorCode>().toEqualTypeOf<(typeof EMBED_ERROR_CODES)[number]>();
  });
});
