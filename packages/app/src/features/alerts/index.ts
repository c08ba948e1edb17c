// What other features may use of alerts/: they import from this file only (eslint.config.js).
export { SubscribeButton } from './SubscribeButton.tsx';
