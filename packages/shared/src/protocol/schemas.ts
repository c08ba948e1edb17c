// Zod schemas for every message and RPC argument of the embed protocol (PROTOCOL.md). The frame parses
// everything it receives with these; objects are stripped to their known keys, so unknown fields and
// `__proto__` keys never reach the app (PROTOCOL.md V2).
// zod/mini: the app's entry chunk holds the framed mode, so these load on every page.
import * as z from 'zod/mini';
import { FRAME_NOTICES, LIMITS, PORTAL_PATH_PATTERN, REFUSAL_REASON_PATTERN, WIRE, type FrameNotice } from './wire.ts';

export const portalPathSchema = z
  .string()
  .check(
    z.maxLength(LIMITS.path),
    z.regex(PORTAL_PATH_PATTERN, { error: 'must be a path of the portal, starting with one "/"' }),
  );

export const hostSessionSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(LIMITS.token)),
  email: z.email().check(z.maxLength(LIMITS.email)),
  name: z.string().check(z.maxLength(LIMITS.name)),
  impersonation: z.boolean(),
  initPath: z.optional(portalPathSchema),
});
export type HostSession = z.infer<typeof hostSessionSchema>;

export const incompatibleMessageSchema = z.object({ kind: z.literal(WIRE.incompatible), version: z.int() });

/** The host's answer to hello. Its version is checked separately (V1) so a mismatch is reported, not dropped. */
export const sessionMessageSchema = z.object({
  kind: z.literal(WIRE.session),
  version: z.int(),
  session: z.unknown(),
});

export const frameEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('route'), path: portalPathSchema }),
  z.object({
    type: z.literal('session'),
    isEmbedded: z.boolean(),
    isOwner: z.boolean(),
    // PROTOCOL.md M6: whose portal support staff are viewing, and whether they may change anything.
    impersonating: z.nullable(
      z.object({ user: z.string().check(z.maxLength(LIMITS.email)), by: z.string().check(z.maxLength(LIMITS.email)) }),
    ),
    readOnly: z.boolean(),
  }),
  ...FRAME_NOTICES.filter(
    (type): type is Exclude<FrameNotice, 'unauthorized' | 'tokenRejected'> =>
      type !== 'unauthorized' && type !== 'tokenRejected',
  ).map((type) => z.object({ type: z.literal(type) })),
  z.object({ type: z.literal('unauthorized'), reason: z.optional(z.string().check(z.regex(REFUSAL_REASON_PATTERN))) }),
  z.object({ type: z.literal('tokenRejected'), reason: z.optional(z.string().check(z.regex(REFUSAL_REASON_PATTERN))) }),
  z.object({ type: z.literal('height'), height: z.int().check(z.minimum(0), z.maximum(LIMITS.height)) }),
]);
export type FrameEvent = z.infer<typeof frameEventSchema>;
