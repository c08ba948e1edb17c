// Files the portal keeps (exports now, uploads and documents later) behind one small
// interface, so a bucket can replace the disk without touching the features. Keys are made by the
// portal (never by a caller) and checked here anyway, so no key can leave the store's folder.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

export interface FileStore {
  /** A stream that writes the file at `key` (made anew); the file is complete when the stream finishes. */
  openWrite(key: string): Promise<Writable>;
  /**
   * A stream that writes from byte `offset` of the file at `key` (made when missing), keeping what is
   * before it: a resumable upload's next chunk (uploads' tus store).
   */
  openAppend(key: string, offset: number): Promise<Writable>;
  /** The file as a path on this machine, for an engine that reads files itself (DuckDB); null for a store without one. */
  localPath(key: string): string | null;
  /** A stream of the file's bytes; rejects when there is none. */
  openRead(key: string): Promise<{ stream: Readable; bytes: number }>;
  /** Bytes of the file, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Deletes the file; no file is not an error. */
  remove(key: string): Promise<void>;
}

/** Folder names and a file name of letters, digits, '-', '_' and '.', no '..'. */
const SAFE_KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

export function localFileStore(root: string): FileStore {
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Not a file store key: ${JSON.stringify(key)}`);
    return join(root, key);
  };
  return {
    async openWrite(key) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      return createWriteStream(path);
    },
    async openAppend(key, offset) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      if (offset === 0) return createWriteStream(path, { flags: 'w' });
      // r+ writes in place from `start` without truncating what came before.
      return createWriteStream(path, { flags: 'r+', start: offset });
    },
    localPath(key) {
      return pathOf(key);
    },
    async openRead(key) {
      const path = pathOf(key);
      const { size } = await stat(path);
      return { stream: createReadStream(path), bytes: size };
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
