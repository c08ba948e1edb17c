// The portal's single-use and bearer secrets (impersonation tokens, invitation links, download tickets)
// and how they are kept: only a SHA-256 of each is stored, so a copy of the database grants nothing.
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

export const sha256 = (text: string, encoding: 'base64url' | 'hex' = 'base64url'): string =>
  createHash('sha256').update(text).digest(encoding);
