export { mountPortal } from './mountPortal.ts';
export type { MountPortalOptions, PortalHandle, PortalUser, SessionReport, EmbedLogEntry } from './types.ts';
export { EmbedError } from './EmbedError.ts';
export type { EmbedErrorCode } from './EmbedError.ts';
