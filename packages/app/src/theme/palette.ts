// A colour palette of ten shades per hue. Shades are generated from one hue and saturation so
// every theme's scale has the same lightness steps (and so the same contrast between steps).
import * as constants from '@payportal/shared/constants';

export const SHADE_NAMES = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900'] as const;
export type ShadeName = (typeof SHADE_NAMES)[number];
export type Shades = Record<ShadeName, string>;

const LIGHTNESS = [97, 92, 84, 72, 58, 45, 36, 28, 21, 14] as const;
if (LIGHTNESS.length !== constants.PALETTE_SHADES) throw new Error('the specification: ten shades per hue');

/** Ten shades of one hue, lightest first, as #rrggbb. */
export function shadesOf(hue: number, saturation: number): Shades {
  return Object.fromEntries(
    SHADE_NAMES.map((name, index) => [name, hslToHex(hue, saturation, LIGHTNESS[index]!)]),
  ) as Shades;
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}
