import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/themes.css.ts';

export const tagline = style({ fontSize: '1.25rem', color: vars.color.textMuted, margin: '0 0 2rem' });

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))',
  gap: '1rem',
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const card = style({
  display: 'block',
  height: '100%',
  padding: '1rem 1.25rem',
  borderRadius: '0.5rem',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { borderColor: vars.color.primary } },
});

export const cardTitle = style({
  display: 'block',
  fontWeight: 700,
  color: vars.color.primary,
  marginBottom: '0.25rem',
});
