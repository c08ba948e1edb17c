// What other features may use of home/: they import from this file only (eslint.config.js).
export { DemoBanner } from './DemoBanner.tsx';
