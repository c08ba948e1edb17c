import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/themes.css.ts';
import { primaryButton as themePrimaryButton } from '../../ui/button.css.ts';

export const page = style({
  minHeight: '100vh',
  display: 'grid',
  // A column no wider than the viewport: the card's 100 % is the screen's width on a phone, not its own content's.
  gridTemplateColumns: 'minmax(0, 1fr)',
  placeItems: 'center',
  padding: '2rem 1rem',
});

export const card = style({
  width: '100%',
  maxWidth: '26rem',
  background: '#fff',
  borderRadius: '0.75rem',
  boxShadow: '0 1px 3px rgb(0 0 0 / 12%), 0 8px 24px rgb(0 0 0 / 6%)',
  padding: '2rem',
  display: 'grid',
  // One column no wider than the card: a field's own width (an input, "Show password") never pushes past it.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '1rem',
});

export const twoPane = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  minHeight: '100vh',
  '@media': { '(max-width: 48rem)': { gridTemplateColumns: '1fr' } },
});

export const brandPane = style({
  background: 'linear-gradient(160deg, #0b3d91, #1463d8)',
  color: '#fff',
  padding: '3rem',
  display: 'grid',
  alignContent: 'center',
  gap: '1rem',
});

/** The theme's spacing between a form's rows and inside a field. */
export const form = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.md });

export const field = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.xs });

/** "Show password": the theme's secondary button, as tall as the field beside it and never wrapped. */
export const revealButton = style({ alignSelf: 'stretch', whiteSpace: 'nowrap', paddingInline: vars.space.md });

export const input = style({
  font: 'inherit',
  padding: '0.6rem 0.75rem',
  border: '1px solid #8c959f',
  borderRadius: '0.375rem',
  selectors: { '&[aria-invalid="true"]': { borderColor: '#cf222e' }, '&:read-only': { background: '#f6f8fa' } },
});

export const inline = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center' });

/** A button that reads as a link inside a sentence (it opens a dialog, so it is a button). */
export const linkButton = style({
  background: 'none',
  border: 0,
  padding: 0,
  font: 'inherit',
  color: 'LinkText',
  textDecoration: 'underline',
  cursor: 'pointer',
  marginLeft: '-0.25rem',
  minHeight: '1.5rem',
});

export const fieldError = style({ color: '#cf222e', fontSize: '0.875rem', margin: 0 });

export const alert = style({
  color: '#82071e',
  background: '#ffebe9',
  border: '1px solid #ffcecb',
  borderRadius: '0.375rem',
  padding: '0.6rem 0.75rem',
  margin: 0,
});

export const notice = style({
  background: '#ddf4ff',
  border: '1px solid #b6e3ff',
  borderRadius: '0.375rem',
  padding: '0.6rem 0.75rem',
  margin: 0,
});

export const hint = style({ color: '#57606a', fontSize: '0.875rem', margin: 0 });

/** The form's main action: the theme's primary button (as "Show password" is its secondary one), centred. */
export const primaryButton = style([themePrimaryButton, { justifyContent: 'center', padding: '0.65rem 1rem' }]);

export const linkRow = style({ display: 'flex', justifyContent: 'space-between', gap: '1rem', flexWrap: 'wrap' });
