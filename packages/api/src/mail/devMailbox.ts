// The development mailbox on disk: what the local SMTP server (devMailServer.ts) received, one folder
// per mail with its raw message, its parsed summary (meta.json) and its attachments. The API's
// /dev/inbox reads it; nothing here parses mail, so the API needs no parser.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface DevMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  /** When the server received it (ISO). */
  received_at: string;
  text: string;
  html: string | null;
  attachments: { filename: string; content_type: string; size: number; file: string }[];
}

/** Where `npm start`'s SMTP server keeps mail, under the stack's DATA_DIR. */
export const devMailDir = (dataDir: string) => join(dataDir, 'dev-mail');

const SAFE_NAME = /^[\w.-]+$/;

export async function listDevMail(dir: string): Promise<DevMail[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const mails = await Promise.all(names.filter((name) => SAFE_NAME.test(name)).map((name) => readDevMail(dir, name)));
  return mails.filter((mail): mail is DevMail => mail !== null).sort((a, b) => b.id.localeCompare(a.id));
}

export async function readDevMail(dir: string, id: string): Promise<DevMail | null> {
  if (!SAFE_NAME.test(id) || id.startsWith('.')) return null;
  try {
    return JSON.parse(await readFile(join(dir, id, 'meta.json'), 'utf8')) as DevMail;
  } catch {
    return null;
  }
}

/** A mail's raw message or one of its attachments, by the names meta.json gives; null otherwise. */
export async function readDevMailFile(dir: string, id: string, file: string): Promise<Buffer | null> {
  const mail = await readDevMail(dir, id);
  if (!mail || !(file === 'message.eml' || mail.attachments.some((attachment) => attachment.file === file)))
    return null;
  return readFile(join(dir, id, file));
}
