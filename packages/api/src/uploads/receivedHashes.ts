// The SHA-256 of an upload computed as its bytes arrive (overlap work with the upload),
// so the file is not read again after its last byte. Only while the bytes arrive in order in this
// process: a write that does not start where the previous one ended (a restart, a retried PATCH after a
// cut whose bytes the hash saw but the disk may not have), or that fails, forgets the upload, and the
// processor reads the file from the store as before.
import { createHash, type Hash } from 'node:crypto';
import { Transform } from 'node:stream';

export interface ReceivedHashes {
  /** A pass-through that hashes the bytes written at `offset`; call `written` with the new offset once they are on disk. */
  tap(id: string, offset: number): { stream: Transform; written(offset: number): void; failed(): void };
  /** The file's SHA-256 when every one of its `size` bytes went through `tap` in order; forgets the upload. */
  take(id: string, size: number): string | null;
}

export function createReceivedHashes(): ReceivedHashes {
  const running = new Map<string, { hash: Hash; offset: number }>();
  return {
    tap(id, offset) {
      const known = running.get(id);
      const entry = offset === 0 ? { hash: createHash('sha256'), offset: 0 } : known?.offset === offset ? known : null;
      running.delete(id);
      const stream = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          entry?.hash.update(chunk);
          callback(null, chunk);
        },
      });
      return {
        stream,
        written(to) {
          if (entry) running.set(id, { hash: entry.hash, offset: to });
        },
        failed() {
          running.delete(id);
        },
      };
    },
    take(id, size) {
      const entry = running.get(id);
      running.delete(id);
      return entry && entry.offset === size ? entry.hash.digest('hex') : null;
    },
  };
}
