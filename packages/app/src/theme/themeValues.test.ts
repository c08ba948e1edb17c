import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrastRatio.ts';
import { SHADE_NAMES } from './palette.ts';
import { DEFAULT_THEME_VALUES, ORG_THEME_VALUES } from './themeValues.ts';

const themes = { default: DEFAULT_THEME_VALUES, ...ORG_THEME_VALUES };

describe.each(Object.entries(themes))('the %s theme', (_name, theme) => {
  it('has ten shades per hue, lightest first', () => {
    for (const shades of Object.values(theme.palette)) {
      expect(Object.keys(shades)).toEqual([...SHADE_NAMES]);
      const values = SHADE_NAMES.map((name) => contrastRatio(shades[name], '#ffffff'));
      expect(values).toEqual([...values].sort((a, b) => a - b));
    }
  });

  it('keeps every text colour readable on its background (WCAG AA, 4.5:1)', () => {
    const { color } = theme;
    expect(contrastRatio(color.text, color.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(color.textMuted, color.surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(color.textMuted, color.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(color.onPrimary, color.primary)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(color.onPrimary, color.primaryHover)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(color.primary, color.surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(color.bannerText, color.bannerBackground)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(color.danger, color.background)).toBeGreaterThanOrEqual(4.5);
  });
});

it('gives each organisation its own primary colour', () => {
  const primaries = Object.values(themes).map((theme) => theme.color.primary);
  expect(new Set(primaries).size).toBe(primaries.length);
});
