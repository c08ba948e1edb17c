export { mountPortal } from './mountPortal.ts';
export type { MountPortalOptions, PortalHandle } from './mountPortal.ts';
