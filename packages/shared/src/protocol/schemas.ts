// zod schemas for every message and RPC argument of the embed protocol (PROTOCOL.md). The frame parses
// everything it receives with these; objects are stripped to their known keys, so unknown fields and
// `__proto__` keys never reach the app (PROTOCOL.md V2).
import { z } from 'zod';
import { FRAME_NOTICES, LIMITS, PORTAL_PATH_PATTERN, WIRE } from './wire.ts';

export const portalPathSchema = z
  .string()
  .max(LIMITS.path)
  .regex(PORTAL_PATH_PATTERN, { error: 'must be a path of the portal, starting with one "/"' });

export const hostSessionSchema = z.object({
  token: z.string().min(1).max(LIMITS.token),
  email: z.email().max(LIMITS.email),
  name: z.string().max(LIMITS.name),
  impersonation: z.boolean(),
  initPath: portalPathSchema.optional(),
});
export type HostSession = z.infer<typeof hostSessionSchema>;

export const incompatibleMessageSchema = z.object({ kind: z.literal(WIRE.incompatible), version: z.number().int() });

/** The host's answer to hello. Its version is checked separately (V1) so a mismatch is reported, not dropped. */
export const sessionMessageSchema = z.object({
  kind: z.literal(WIRE.session),
  version: z.number().int(),
  session: z.unknown(),
});

export const frameEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('route'), path: portalPathSchema }),
  z.object({ type: z.literal('session'), isEmbedded: z.boolean(), isOwner: z.boolean() }),
  ...FRAME_NOTICES.map((type) => z.object({ type: z.literal(type) })),
  z.object({ type: z.literal('height'), height: z.number().int().min(0).max(LIMITS.height) }),
]);
export type FrameEvent = z.infer<typeof frameEventSchema>;
