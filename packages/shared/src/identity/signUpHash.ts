// /sign-up/{hash} carries the invitee's e-mail and name, and the
// invitation's single-use secret, which the sign-up screen hands to the API. The hash is base64url of the
// JSON payload (URL-safe without escaping); decoding validates with signUpPayloadSchema and answers
// null for anything malformed, so a mangled link shows a clear error instead of a half-filled form.
import { signUpPayloadSchema, type SignUpPayload } from './domain.ts';

/** Longest hash we try to decode: a 254-character address, a 200-character name and the secret fit well inside. */
export const SIGN_UP_HASH_MAX_LENGTH = 2048;

export function encodeSignUpHash(payload: SignUpPayload): string {
  const checked = signUpPayloadSchema.parse(payload);
  const bytes = new TextEncoder().encode(
    JSON.stringify({ email: checked.email, name: checked.name, invite: checked.invite }),
  );
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeSignUpHash(hash: string): SignUpPayload | null {
  if (hash.length === 0 || hash.length > SIGN_UP_HASH_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(hash)) return null;
  try {
    const binary = atob(hash.replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    );
    const parsed = signUpPayloadSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** the app's sign-up route for an invitee. */
export function signUpPath(payload: SignUpPayload): string {
  return `/sign-up/${encodeSignUpHash(payload)}`;
}
