// The colours of each theme, as plain values: the vanilla-extract themes are built from these and the
// tests check their contrast. An organisation theme is chosen by the name in the URL (spec §1).
import { shadesOf, type Shades } from './palette.ts';

export interface ThemeValues {
  palette: { primary: Shades; neutral: Shades; warning: Shades };
  color: {
    background: string;
    surface: string;
    text: string;
    textMuted: string;
    border: string;
    primary: string;
    primaryHover: string;
    onPrimary: string;
    focus: string;
    bannerBackground: string;
    bannerText: string;
    bannerBorder: string;
    danger: string;
  };
}

function themeFrom(primaryHue: number, primarySaturation: number): ThemeValues {
  const primary = shadesOf(primaryHue, primarySaturation);
  const neutral = shadesOf(primaryHue, 12);
  const warning = shadesOf(38, 92);
  return {
    palette: { primary, neutral, warning },
    color: {
      background: neutral['50'],
      surface: '#ffffff',
      text: neutral['900'],
      textMuted: neutral['700'],
      border: neutral['200'],
      primary: primary['700'],
      primaryHover: primary['800'],
      onPrimary: '#ffffff',
      focus: primary['500'],
      bannerBackground: warning['100'],
      bannerText: warning['900'],
      bannerBorder: warning['400'],
      danger: '#b42318',
    },
  };
}

/** The default theme, and one per organisation name that may lead the URL (`/acme/home`). */
export const DEFAULT_THEME_VALUES = themeFrom(214, 72);
export const ORG_THEME_VALUES = {
  acme: themeFrom(352, 68),
  northwind: themeFrom(172, 70),
} as const satisfies Record<string, ThemeValues>;

export type ThemedOrg = keyof typeof ORG_THEME_VALUES;
export const THEMED_ORGS = Object.keys(ORG_THEME_VALUES) as ThemedOrg[];
