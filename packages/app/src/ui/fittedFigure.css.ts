import { style } from '@vanilla-extract/css';

export const figure = style({ position: 'relative', whiteSpace: 'nowrap', overflow: 'hidden', minWidth: 0 });
/** The exact text, measured but not seen. */
export const probe = style({ position: 'absolute', left: 0, top: 0, visibility: 'hidden', pointerEvents: 'none' });
