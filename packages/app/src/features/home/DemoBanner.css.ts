import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/themes.css.ts';

export const banner = style({
  margin: '0 0 1.5rem',
  padding: '0.875rem 1.25rem',
  borderRadius: '0.5rem',
  border: `1px solid ${vars.color.bannerBorder}`,
  borderLeftWidth: '0.375rem',
  background: vars.color.bannerBackground,
  color: vars.color.bannerText,
});
