// The run card and past runs: the progress bar and the status colours, from the theme contract.
import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/themes.css.ts';

export const track = style({
  position: 'relative',
  height: '0.625rem',
  borderRadius: '999px',
  background: vars.palette.neutral[100],
  overflow: 'hidden',
  margin: '0.5rem 0',
});
export const bar = style({
  height: '100%',
  background: vars.color.primary,
  borderRadius: '999px',
  transition: 'width 400ms ease-out',
});
const slide = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(250%)' } });
export const indeterminate = style({
  height: '100%',
  width: '40%',
  background: vars.palette.primary[400],
  borderRadius: '999px',
  animation: `${slide} 1.2s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none', width: '100%', opacity: 0.4 } },
});
export const statusRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: '0.5rem',
  flexWrap: 'wrap',
  margin: '0 0 0.25rem',
});
export const badge = style({
  display: 'inline-block',
  padding: '0.1rem 0.55rem',
  borderRadius: '999px',
  fontSize: '0.75rem',
  fontWeight: 700,
  letterSpacing: '0.02em',
  textTransform: 'uppercase',
  background: vars.palette.neutral[100],
  color: vars.palette.neutral[900],
  selectors: {
    '&[data-status="ready"]': { background: vars.palette.primary[100], color: vars.palette.primary[900] },
    '&[data-status="failed"]': { background: vars.palette.warning[100], color: vars.palette.warning[900] },
    '&[data-status="running"], &[data-status="queued"]': {
      background: vars.palette.primary[50],
      color: vars.palette.primary[800],
    },
  },
});
export const runName = style({
  fontWeight: 600,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  minWidth: 0,
});
export const summary = style({ margin: '0.25rem 0', fontSize: '0.9375rem' });
export const runList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem' });
export const runItem = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: '0.25rem 0.75rem',
  alignItems: 'center',
  padding: '0.6rem 0.75rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.375rem',
  fontSize: '0.875rem',
});
export const runMeta = style({ color: vars.color.textMuted, fontSize: '0.8125rem' });
export const dialogList = style([runList, { marginTop: '0.75rem', maxHeight: '22rem', overflowY: 'auto' }]);
