import { afterEach, describe, expect, it } from 'vitest';
import { mountPortal } from './mountPortal.ts';

afterEach(() => document.body.replaceChildren());

describe('mountPortal', () => {
  it('appends a titled frame for the portal to the container and removes it on destroy', () => {
    document.body.innerHTML = '<div id="slot"></div>';
    const portal = mountPortal({ container: '#slot', src: 'https://portal.example/' });
    const frame = document.querySelector('#slot iframe');
    expect(frame?.getAttribute('src')).toBe('https://portal.example/');
    expect(frame?.getAttribute('title')).toBe('PayPortal');
    portal.destroy();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('names the selector that matched nothing', () => {
    expect(() => mountPortal({ container: '#missing', src: 'https://portal.example/' })).toThrow('"#missing"');
  });
});
