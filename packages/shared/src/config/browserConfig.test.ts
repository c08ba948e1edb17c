import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONFIG_ELEMENT_ID, injectConfig, readEmbeddedConfig } from './browserConfig.ts';

const page = `<head><script id="${CONFIG_ELEMENT_ID}" type="application/json">{}</script></head>`;

describe('page configuration', () => {
  it('round-trips through the HTML placeholder', () => {
    const html = injectConfig(page, { name: 'acme' });
    const text = /<script[^>]*>(.*)<\/script>/.exec(html)?.[1];
    expect(readEmbeddedConfig(text, z.object({ name: z.string() }))).toEqual({ name: 'acme' });
  });

  it('cannot be used to close the script element early', () => {
    const html = injectConfig(page, { name: '</script><script>alert(1)</script>' });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it('refuses a page without the placeholder and a block of the wrong shape', () => {
    expect(() => injectConfig('<head></head>', {})).toThrow(/placeholder/);
    expect(() => readEmbeddedConfig('{"name":1}', z.object({ name: z.string() }))).toThrow(/not valid/);
    expect(() => readEmbeddedConfig(null, z.object({}))).toThrow(/without its configuration/);
  });
});
