import { createTheme, createThemeContract } from '@vanilla-extract/css';
import { DEFAULT_THEME_VALUES, ORG_THEME_VALUES, type ThemedOrg, type ThemeValues } from './themeValues.ts';

const shades = {
  50: null,
  100: null,
  200: null,
  300: null,
  400: null,
  500: null,
  600: null,
  700: null,
  800: null,
  900: null,
};

/** The theme contract: every component styles with these variables, never with literal colours. */
export const vars = createThemeContract({
  palette: { primary: shades, neutral: shades, warning: shades },
  color: {
    background: null,
    surface: null,
    text: null,
    textMuted: null,
    border: null,
    primary: null,
    primaryHover: null,
    onPrimary: null,
    focus: null,
    bannerBackground: null,
    bannerText: null,
    bannerBorder: null,
    danger: null,
  },
  font: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  space: { xs: null, sm: null, md: null, lg: null, xl: null },
  radius: { sm: null, md: null, lg: null },
  shadow: { card: null, popover: null },
});

const themeClass = (values: ThemeValues) => createTheme(vars, values);

export const defaultTheme = themeClass(DEFAULT_THEME_VALUES);
export const orgThemes: Record<ThemedOrg, string> = {
  acme: themeClass(ORG_THEME_VALUES.acme),
  northwind: themeClass(ORG_THEME_VALUES.northwind),
};
