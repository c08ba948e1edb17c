import { style } from '@vanilla-extract/css';
import { vars } from '../theme/themes.css.ts';

export const box = style({
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'start',
  maxWidth: '36rem',
  margin: '2rem auto',
  padding: '1.5rem',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});
export const title = style({ margin: 0, fontSize: vars.font.xl });
export const message = style({ margin: 0, color: vars.color.text });
