export { mountPortal } from './mountPortal.ts';
export type { MountPortalOptions, PortalHandle, PortalUser, SessionReport, EmbedLogEntry } from './mountPortal.ts';
export { EmbedError } from './EmbedError.ts';
export type { EmbedErrorCode } from './EmbedError.ts';
