import { globalStyle, style } from '@vanilla-extract/css';
import { card as uiCard } from '../../ui/card.css.ts';
import { field } from '../../ui/formFields.css.ts';
import { vars } from '../../theme/themes.css.ts';

export const screen = style({ maxWidth: '76rem', margin: '0 auto', padding: '1.5rem', color: vars.color.text });
export const title = style({ margin: '0 0 0.25rem', fontSize: vars.font.xxl });
export const intro = style({ color: vars.color.textMuted, marginTop: 0 });
export const card = style([uiCard, { margin: '1rem 0', minWidth: 0 }]);
export const danger = style({ color: vars.color.danger, margin: '0.5rem 0' });
export const status = style({ margin: '0.5rem 0', minHeight: '1.25rem' });
export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', alignItems: 'end' });
export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))',
  gap: '0.75rem 1.5rem',
  margin: 0,
});
export const figure = style({ display: 'flex', flexDirection: 'column-reverse', gap: '0.15rem' });
export const figureValue = style({ margin: 0, fontSize: vars.font.xl, fontVariantNumeric: 'tabular-nums' });
export const figureLabel = style({ color: vars.color.textMuted, fontSize: '0.875rem' });
export const totalRow = style({ fontWeight: 700 });
// In the toolbar's own terms: the shared field's flex (grow to fill) would otherwise win when its
// stylesheet loads after this one, stretching a month across the page.
export const monthField = style([field, { selectors: { [`${toolbar} &`]: { flex: '0 1 14rem' } } }]);
/** A statement's two file cards side by side (stacked when narrow), level with each other. */
export const files = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 22rem), 1fr))',
  gap: '1rem',
  alignItems: 'stretch',
  margin: '1rem 0',
});
globalStyle(`${files} > section`, { margin: 0 });
export const subheading = style({ fontSize: vars.font.md, margin: '1rem 0 0.25rem' });
export const uploadList = style({ margin: '0.25rem 0', paddingLeft: '1.25rem' });
/** The PDF card's title and words, as the export card beside it says its own. */
export const fileTitle = style({ margin: '0 0 0.75rem', fontSize: '1rem', fontWeight: 700 });
export const fileHint = style({ color: vars.color.textMuted, fontSize: '0.875rem', margin: '0 0 0.75rem' });
