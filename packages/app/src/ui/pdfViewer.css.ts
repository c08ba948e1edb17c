// The in-page PDF view: each page a canvas with PDF.js's text layer over it, so the
// text can be selected and read by assistive technology. The text-layer rules are the few of PDF.js's
// pdf_viewer.css the layer needs (its sizes come from --total-scale-factor, set per page).
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/themes.css.ts';

export const pages = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '1rem',
  alignItems: 'center',
  padding: '1rem',
  background: vars.color.border,
  borderRadius: '0.375rem',
});
export const page = style({
  position: 'relative',
  maxWidth: '100%',
  // The text layer keeps its drawn size until the page is drawn again for a new width.
  overflow: 'hidden',
  background: '#fff',
  boxShadow: '0 1px 4px rgb(0 0 0 / 0.25)',
  vars: { '--scale-round-x': '1px', '--scale-round-y': '1px' },
});
export const canvas = style({ display: 'block', width: '100%', height: 'auto' });
export const textLayer = style({
  position: 'absolute',
  inset: 0,
  overflow: 'clip',
  lineHeight: 1,
  textAlign: 'initial',
  opacity: 1,
  transformOrigin: '0 0',
  zIndex: 0,
});
globalStyle(`${textLayer} :is(span, br)`, {
  color: 'transparent',
  position: 'absolute',
  whiteSpace: 'pre',
  cursor: 'text',
  transformOrigin: '0% 0%',
});
globalStyle(textLayer, {
  vars: {
    '--text-scale-factor': 'calc(var(--total-scale-factor) * var(--min-font-size))',
    '--min-font-size-inv': 'calc(1 / var(--min-font-size))',
  },
});
globalStyle(`${textLayer} > :not(.markedContent), ${textLayer} .markedContent span:not(.markedContent)`, {
  zIndex: 1,
  fontSize: 'calc(var(--text-scale-factor) * var(--font-height))',
  transform: 'rotate(var(--rotate, 0deg)) scaleX(var(--scale-x, 1)) scale(var(--min-font-size-inv))',
});
globalStyle(`${textLayer} .markedContent`, { display: 'contents' });
globalStyle(`${textLayer} ::selection`, { background: 'rgb(0 0 255 / 0.25)' });
