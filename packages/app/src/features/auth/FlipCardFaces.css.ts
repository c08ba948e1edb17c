// The card flips between its faces. The turn itself is short (0.4 s); the 1 s, 0.5 s
// and 1 s are how long the faces hold (useFlipSave). A person who asks for reduced motion sees the faces
// change without the turn.
import { keyframes, style } from '@vanilla-extract/css';

const turn = keyframes({
  from: { transform: 'perspective(60rem) rotateY(90deg)', opacity: 0.3 },
  to: { transform: 'perspective(60rem) rotateY(0deg)', opacity: 1 },
});

export const flipIn = style({
  animation: `${turn} 0.4s ease-out`,
  transformOrigin: 'center',
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});
