// The colours of each theme, as plain values: the vanilla-extract themes are built from these and the
// tests check their contrast. An organisation theme is chosen by the name in the URL.
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
  /** Type sizes, a 1.125 scale from 0.75 rem: every screen picks from these. */
  font: { xs: string; sm: string; md: string; lg: string; xl: string; xxl: string };
  /** Spacing on a 0.25 rem grid. */
  space: { xs: string; sm: string; md: string; lg: string; xl: string };
  radius: { sm: string; md: string; lg: string };
  /** Surfaces: a card resting on the page, a popover above it. */
  shadow: { card: string; popover: string };
}

/** The same scale in every theme: organisations recolour the portal, they do not resize it. */
const SCALE = {
  font: { xs: '0.75rem', sm: '0.8125rem', md: '0.9375rem', lg: '1.125rem', xl: '1.5rem', xxl: '1.75rem' },
  space: { xs: '0.25rem', sm: '0.5rem', md: '0.75rem', lg: '1rem', xl: '1.5rem' },
  radius: { sm: '0.25rem', md: '0.375rem', lg: '0.625rem' },
  shadow: {
    card: '0 1px 2px rgb(16 24 40 / 6%), 0 1px 3px rgb(16 24 40 / 4%)',
    popover: '0 8px 24px rgb(16 24 40 / 14%)',
  },
} as const;

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
    ...SCALE,
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
