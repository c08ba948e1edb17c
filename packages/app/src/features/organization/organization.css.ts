import { style } from '@vanilla-extract/css';

export const page = style({ maxWidth: '72rem', margin: '0 auto', padding: '1.5rem' });
export const toolbar = style({ display: 'flex', gap: '0.75rem', alignItems: 'end', flexWrap: 'wrap', marginBottom: '1rem' });
export const table = style({ width: '100%', borderCollapse: 'collapse', background: '#fff' });
export const linkButton = style({ background: 'none', border: 'none', padding: 0, font: 'inherit', color: '#0b5cad', cursor: 'pointer', textAlign: 'left' });
export const pager = style({ display: 'flex', gap: '0.75rem', alignItems: 'center', marginTop: '1rem' });
export const panel = style({ marginTop: '1.5rem', padding: '1rem', background: '#fff', border: '1px solid #d0d7de', borderRadius: '0.5rem' });
export const dialog = style({ maxWidth: '32rem', width: '100%', border: '1px solid #d0d7de', borderRadius: '0.5rem', padding: '1.5rem' });
export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
