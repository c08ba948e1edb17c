// What other features may use of terms/: they import from this file only (eslint.config.js).
export { TermsReadDialog } from './TermsReadDialog.tsx';
