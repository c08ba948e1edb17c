// What other features may use of auth/: they import from this file only (eslint.config.js).
export { ChangePasswordCard } from './ChangePasswordCard.tsx';
export { FlipCardFaces } from './FlipCardFaces.tsx';
export { TextField } from './TextField.tsx';
export { useFlipSave } from './useFlipSave.ts';
export * as authLayout from './authLayout.css.ts';
