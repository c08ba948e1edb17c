import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/themes.css.ts';

export const legalText = style({
  maxHeight: '50vh',
  overflowY: 'auto',
  padding: '0 1.25rem',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: '0.5rem',
  lineHeight: 1.55,
});

export const agreement = style({ display: 'flex', alignItems: 'center', gap: '0.75rem', margin: '1.25rem 0' });

/** A switch drawn over a real checkbox, so it keeps native keyboard and form behaviour. */
export const toggle = style({
  appearance: 'none',
  width: '2.75rem',
  height: '1.5rem',
  margin: 0,
  borderRadius: '999px',
  background: vars.palette.neutral[600],
  position: 'relative',
  cursor: 'pointer',
  flexShrink: 0,
  transition: 'background 0.15s',
  '::before': {
    content: '""',
    position: 'absolute',
    top: '0.1875rem',
    left: '0.1875rem',
    width: '1.125rem',
    height: '1.125rem',
    borderRadius: '50%',
    background: '#ffffff',
    transition: 'transform 0.15s',
  },
  selectors: {
    '&:checked': { background: vars.color.primary },
    '&:checked::before': { transform: 'translateX(1.25rem)' },
  },
});

export const actions = style({ display: 'flex', gap: '0.75rem' });

export const error = style({ color: vars.color.danger, fontWeight: 600 });
