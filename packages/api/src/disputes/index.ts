// The dispute desk feature: its one register.
export { registerDisputes } from './registerDisputes.ts';
