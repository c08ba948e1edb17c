// Tabs over a panel (TabList.tsx): a row that scrolls sideways on a phone, the selected tab underlined
// in the primary colour.
import { style } from '@vanilla-extract/css';
import { vars } from '../theme/themes.css.ts';

export const tabs = style({
  display: 'flex',
  gap: '0.25rem',
  overflowX: 'auto',
  borderBottom: `1px solid ${vars.color.border}`,
});
export const tab = style({
  font: 'inherit',
  fontWeight: 600,
  padding: '0.55rem 0.9rem',
  whiteSpace: 'nowrap',
  flex: '0 0 auto',
  border: 'none',
  borderBottom: '3px solid transparent',
  background: 'none',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: { '&[aria-selected="true"]': { color: vars.color.text, borderBottomColor: vars.color.primary } },
});
