import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/themes.css.ts';

/** Below this width the header is one row: the logo beside the menu, the buttons left to the menu. */
const PHONE = '(max-width: 40rem)';

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  // Between a phone and a desktop the buttons go below the logo instead of widening the page.
  flexWrap: 'wrap',
  gap: '0 1rem',
  padding: '0 1.5rem',
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [PHONE]: { flexWrap: 'nowrap', padding: '0.5rem 1rem' } },
});

export const logoLink = style({
  display: 'inline-flex',
  borderRadius: '0.5rem',
  maxWidth: '100%',
  '@media': { [PHONE]: { flex: '1 1 auto', minWidth: 0 } },
});

/**
 * the logo is 10rem high. On a phone the 10rem logo is wider than the screen: there it takes
 * the room beside the menu instead, so the page never scrolls sideways.
 */
export const logo = style({
  height: '10rem',
  width: 'auto',
  display: 'block',
  '@media': { [PHONE]: { height: 'auto', width: '100%', maxWidth: '20rem', maxHeight: '10rem' } },
});

// Wraps below the logo on narrow screens (the header then grows instead of overflowing). On a phone it
// holds only the menu and, for users without the query role, Sign out: one row beside the logo, which
// shrinks to leave them room.
export const nav = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.75rem',
  flexWrap: 'wrap',
  paddingBlock: '0.5rem',
  '@media': { [PHONE]: { flexWrap: 'nowrap', flexShrink: 0 } },
});

/** On a phone the buttons would take three rows: the menu holds the same destinations (menuItemsFor). */
export const navList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '0.5rem 0.75rem',
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '@media': { [PHONE]: { display: 'none' } },
});
