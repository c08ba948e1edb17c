import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/themes.css.ts';

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  // On a phone the buttons go below the logo instead of widening the page.
  flexWrap: 'wrap',
  gap: '1rem',
  padding: '0 1.5rem',
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const logoLink = style({ display: 'inline-flex', borderRadius: '0.5rem' });

/** spec §2: the logo is 10rem high. */
export const logo = style({ height: '10rem', width: 'auto', maxWidth: '100%', display: 'block' });

export const nav = style({ display: 'flex', alignItems: 'center', gap: '0.75rem', flexWrap: 'wrap' });

export const navList = style({ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', listStyle: 'none', margin: 0, padding: 0 });
