// A document's bytes into the file store: the key is made here, never by a caller;
// the SHA-256 and size are measured on the bytes written. An upload is read as a stream, so a file over
// the cap stops at the cap, and its first bytes decide whether it is a PDF at all.
import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { PDF_MAGIC } from '@payportal/shared/documents';
import type { FileStore } from '../storage/fileStore.ts';

export interface StoredFile {
  key: string;
  bytes: number;
  sha256: string;
}

export const documentFileKey = (orgId: number, extension: 'pdf' | 'csv') =>
  `documents/${orgId}/${randomUUID()}.${extension}`;

/** Writes bytes the portal made (a statement, an extract). */
export async function storeBytes(store: FileStore, key: string, bytes: Buffer): Promise<StoredFile> {
  const file = await store.openWrite(key);
  file.end(bytes);
  await finished(file);
  return { key, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

export type UploadRefusal = 'not-a-pdf' | 'too-large' | 'empty';

export class UploadRefused extends Error {
  constructor(readonly reason: UploadRefusal) {
    super(reason);
  }
}

/** What a file's first bytes must be: a PDF's by default (disputes' evidence also takes PNG and JPEG). */
export interface FileMagic {
  /** How many first bytes decide. */
  length: number;
  /** Whether `head` (the first bytes, possibly fewer than `length` so far) may begin an accepted file. */
  matches(head: Buffer): boolean;
}

export const PDF_FILE: FileMagic = {
  length: PDF_MAGIC.length,
  matches: (head) => head.toString('latin1') === PDF_MAGIC.slice(0, head.length),
};

/**
 * Streams an upload into the store; refuses (and deletes what was written) a file whose first bytes are
 * not `magic`'s (reason 'not-a-pdf' for a PDF), or over maxBytes.
 */
export async function storeUpload(
  store: FileStore,
  key: string,
  body: Readable,
  maxBytes: number,
  magic: FileMagic = PDF_FILE,
): Promise<StoredFile> {
  const file = await store.openWrite(key);
  const hash = createHash('sha256');
  let bytes = 0;
  let head = Buffer.alloc(0);
  try {
    // The request stays open after a refusal (destroyOnReturn: false), so the answer can say why.
    for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > maxBytes) throw new UploadRefused('too-large');
      if (head.length < magic.length) {
        head = Buffer.concat([head, chunk]).subarray(0, magic.length);
        if (!magic.matches(head)) throw new UploadRefused('not-a-pdf');
      }
      hash.update(chunk);
      if (!file.write(chunk)) await once(file, 'drain');
    }
    if (bytes === 0) throw new UploadRefused('empty');
    if (head.length < magic.length) throw new UploadRefused('not-a-pdf');
    file.end();
    await finished(file);
    return { key, bytes, sha256: hash.digest('hex') };
  } catch (error) {
    // The file may still be opening: removed only once it is closed, so no empty file is left behind.
    file.destroy();
    await finished(file).catch(() => undefined);
    body.resume();
    await store.remove(key);
    throw error;
  }
}
