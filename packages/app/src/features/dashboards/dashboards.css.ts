// The dashboards' look, from the theme contract only (organisation themes recolour it).
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/themes.css.ts';
import { stickFirstColumn } from '../../ui/stickyFirstColumn.css.ts';

const narrow = '(max-width: 48rem)';

export const page = style({ display: 'grid', gap: '1rem', minWidth: 0 });
export const titleRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: '1rem',
  flexWrap: 'wrap',
});
export const title = style({ margin: 0, fontSize: vars.font.xl, lineHeight: 1.25 });
export const subtitle = style({ margin: '0.25rem 0 0', color: vars.color.textMuted, fontSize: vars.font.sm });
export const actions = style({ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', alignItems: 'center' });
export const notice = style({
  margin: 0,
  padding: '0.5rem 0.75rem',
  borderRadius: '0.375rem',
  background: vars.palette.primary[50],
  color: vars.color.text,
  fontSize: '0.875rem',
});
export const alert = style({ color: vars.color.danger });

export const surface = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  minWidth: 0,
});

/** 12 columns on a wide screen; every chart full width on a phone. */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(12, minmax(0, 1fr))',
  gridAutoRows: 'minmax(9.5rem, auto)',
  gap: vars.space.lg,
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)', gridAutoRows: 'auto' } },
  selectors: { '&[data-arranging]': { userSelect: 'none' } },
});
/** On a phone each chart keeps its height in rows (--rows, set by the grid): a KPI tile stays short. */
export const gridItem = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  minHeight: 0,
  '@media': {
    [narrow]: {
      gridColumn: '1 / -1 !important',
      gridRow: 'auto !important',
      minHeight: 'calc(var(--rows, 2) * 9.5rem)',
    },
  },
  selectors: {
    '&[data-dragging]': {
      outline: `2px dashed ${vars.color.primary}`,
      outlineOffset: '3px',
      borderRadius: vars.radius.lg,
      opacity: 0.85,
    },
  },
});

export const chartCard = style([
  surface,
  {
    display: 'flex',
    flexDirection: 'column',
    flex: 1,
    minHeight: 0,
    overflow: 'hidden',
    padding: '0.75rem 0.875rem 0.5rem',
  },
]);
export const chartHeader = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: '0.5rem',
});
export const chartHeading = style({ minWidth: 0 });
export const chartTitle = style({ margin: 0, fontSize: vars.font.md, fontWeight: 650, lineHeight: 1.3 });
export const chartPeriod = style({ margin: '0.125rem 0 0', fontSize: '0.8125rem', color: vars.color.textMuted });
export const breadcrumb = style({ fontSize: '0.8125rem', color: vars.color.textMuted, marginTop: '0.125rem' });
export const linkButton = style({
  font: 'inherit',
  background: 'none',
  border: 'none',
  padding: 0,
  color: vars.color.primary,
  textDecoration: 'underline',
  cursor: 'pointer',
});
export const chartBody = style({
  position: 'relative',
  flex: 1,
  minHeight: 0,
  display: 'flex',
  flexDirection: 'column',
});
export const canvas = style({ flex: 1, minHeight: '8rem', width: '100%' });
export const chartFooter = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '0.5rem',
  flexWrap: 'wrap',
  color: vars.color.textMuted,
  fontSize: vars.font.xs,
  paddingTop: vars.space.xs,
});
export const periodKey = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.textMuted, fontSize: vars.font.xs });
export const periodNote = style({
  display: 'block',
  color: vars.color.textMuted,
  fontSize: vars.font.xs,
  fontWeight: 400,
});
export const empty = style({ margin: 'auto', color: vars.color.textMuted, fontSize: '0.875rem' });

export const menu = style({ position: 'relative', flexShrink: 0 });
export const menuButton = style({
  listStyle: 'none',
  cursor: 'pointer',
  padding: '0 0.5rem',
  borderRadius: '0.375rem',
  fontSize: '1.25rem',
  lineHeight: 1.4,
  color: vars.color.textMuted,
  selectors: { '&::-webkit-details-marker': { display: 'none' }, '&:hover': { background: vars.palette.neutral[100] } },
});
export const menuList = style([
  surface,
  {
    position: 'absolute',
    right: 0,
    top: '100%',
    zIndex: 5,
    display: 'grid',
    minWidth: '12rem',
    padding: '0.25rem',
    boxShadow: vars.shadow.popover,
  },
]);
globalStyle(`${menuList} > button, ${menuList} > a`, {
  font: 'inherit',
  fontSize: '0.875rem',
  textAlign: 'left',
  padding: '0.4rem 0.625rem',
  border: 'none',
  background: 'none',
  color: vars.color.text,
  textDecoration: 'none',
  borderRadius: '0.25rem',
  cursor: 'pointer',
});
globalStyle(`${menuList} > button:hover:not(:disabled), ${menuList} > a:hover`, {
  background: vars.palette.primary[50],
});
globalStyle(`${menuList} > button:disabled`, { color: vars.color.textMuted, cursor: 'not-allowed' });

export const kpi = style({ display: 'grid', gridTemplateRows: 'auto auto 1fr', flex: 1, minHeight: 0 });
export const kpiValue = style({
  margin: `${vars.space.xs} 0 0`,
  fontSize: vars.font.xxl,
  fontWeight: 700,
  letterSpacing: '-0.01em',
  fontVariantNumeric: 'tabular-nums',
});
export const kpiPeriod = style({ color: vars.color.textMuted, fontWeight: 400, fontSize: '0.75rem', margin: 0 });
const change = { margin: 0, fontSize: '0.8125rem', fontWeight: 600 } as const;
export const kpiUp = style({ ...change, color: '#047857' });
export const kpiDown = style({ ...change, color: vars.color.danger });
export const spark = style({ height: '2.5rem', width: '100%' });

export const tableScroll = style({
  overflow: 'auto',
  flex: 1,
  minHeight: 0,
  borderRadius: '0.375rem',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}` } },
});
stickFirstColumn(tableScroll);
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: '0.8125rem' });
globalStyle(`${table} th, ${table} td`, {
  padding: '0 0.5rem',
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  textAlign: 'left',
});
globalStyle(`${table} thead th`, { position: 'sticky', top: 0, background: vars.color.surface, height: '2rem' });
export const numeric = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums' });
globalStyle(`${table} th.${numeric}, ${table} td.${numeric}`, { textAlign: 'right' });
export const sortButton = style({
  font: 'inherit',
  fontWeight: 600,
  background: 'none',
  border: 'none',
  padding: 0,
  color: vars.color.text,
  cursor: 'pointer',
});
export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

export const filterBar = style([
  surface,
  { display: 'flex', flexWrap: 'wrap', gap: '0.75rem 1rem', alignItems: 'flex-start', padding: '0.75rem 1rem' },
]);
export const field = style({
  display: 'grid',
  gap: '0.25rem',
  fontSize: '0.8125rem',
  minWidth: '9rem',
  '@media': { [narrow]: { flex: '1 1 8rem', minWidth: 0 } },
});
/** A field whose words need more than half a phone's width (the date range's "Each chart’s own"): a row of its own there. */
export const wideField = style({ '@media': { [narrow]: { flexBasis: '100%' } } });
export const fieldLabel = style({ fontWeight: 600 });
export const control = style({
  boxSizing: 'border-box',
  maxWidth: '100%',
  minWidth: 0,
  font: 'inherit',
  fontSize: '0.875rem',
  padding: '0.4rem 0.5rem',
  border: `1px solid ${vars.palette.neutral[400]}`,
  borderRadius: '0.375rem',
  background: vars.color.surface,
  color: vars.color.text,
});

export const editBar = style({
  display: 'flex',
  gap: '0.25rem 0.5rem',
  flexWrap: 'wrap',
  alignItems: 'center',
  padding: '0.25rem 0 0.375rem',
  fontSize: '0.8125rem',
});
/** The Arrange menu opens under its button, to the right (the chart's own menu opens to the left). */
export const arrangeList = style([menuList, { left: 0, right: 'auto', minWidth: '9rem' }]);
/** Pointer handles of edit mode (useGridPointer.ts); touch-action none so a finger drags, not scrolls. */
export const dragHandle = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.25rem',
  padding: '0.125rem 0.5rem',
  borderRadius: '0.25rem',
  border: `1px dashed ${vars.palette.neutral[400]}`,
  color: vars.color.textMuted,
  cursor: 'grab',
  touchAction: 'none',
  userSelect: 'none',
  selectors: {
    '[data-dragging] &': { cursor: 'grabbing', color: vars.color.primary, borderColor: vars.color.primary },
  },
});
export const resizeHandle = style({
  position: 'absolute',
  right: 2,
  bottom: 2,
  width: '1.125rem',
  height: '1.125rem',
  cursor: 'nwse-resize',
  touchAction: 'none',
  zIndex: 2,
  background: `linear-gradient(135deg, transparent 50%, ${vars.palette.neutral[400]} 50%, ${vars.palette.neutral[400]} 60%, transparent 60%, transparent 70%, ${vars.palette.neutral[400]} 70%, ${vars.palette.neutral[400]} 80%, transparent 80%)`,
  borderBottomRightRadius: vars.radius.lg,
  '@media': { [narrow]: { display: 'none' } },
});
export const smallButton = style({
  listStyle: 'none',
  font: 'inherit',
  fontSize: '0.8125rem',
  padding: '0.125rem 0.5rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.25rem',
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
});

export const list = style({
  display: 'grid',
  gap: '0.75rem',
  gridTemplateColumns: 'repeat(auto-fill, minmax(17rem, 1fr))',
  padding: 0,
  margin: 0,
  listStyle: 'none',
});
export const listCard = style([surface, { display: 'grid', gap: '0.375rem', padding: '1rem', alignContent: 'start' }]);
export const listTitle = style({ margin: 0, fontSize: '1rem', fontWeight: 650 });
export const meta = style({ margin: 0, color: vars.color.textMuted, fontSize: '0.8125rem' });

export const builderLayout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(17rem, 22rem) minmax(0, 1fr)',
  gap: '1rem',
  alignItems: 'start',
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const form = style([surface, { display: 'grid', gap: '0.75rem', padding: '1rem' }]);
export const preview = style({ display: 'flex', flexDirection: 'column', height: '26rem' });
