import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/themes.css.ts';

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  // On a phone the buttons go below the logo instead of widening the page.
  flexWrap: 'wrap',
  gap: '0 1rem',
  padding: '0 1.5rem',
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const logoLink = style({ display: 'inline-flex', borderRadius: '0.5rem', maxWidth: '100%', '@media': { '(max-width: 32rem)': { width: '100%' } } });

/**
 * spec §2: the logo is 10rem high. On a phone the 10rem logo is wider than the screen: there it keeps
 * the full width instead, so the page never scrolls sideways.
 */
export const logo = style({
  height: '10rem',
  width: 'auto',
  display: 'block',
  '@media': { '(max-width: 32rem)': { height: 'auto', width: '100%', maxHeight: '10rem' } },
});

// Wraps below the logo on narrow screens (the header then grows instead of overflowing).
export const nav = style({ display: 'flex', alignItems: 'center', gap: '0.75rem', flexWrap: 'wrap', paddingBlock: '0.5rem' });

export const navList = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 0.75rem', listStyle: 'none', margin: 0, padding: 0 });
