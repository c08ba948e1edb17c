// The tus data store of uploads over the portal's file store (storage/fileStore.ts),
// so uploads live under DATA_DIR like every other file and a bucket can replace the disk in one place.
// The record (size, file name, kind) is the upload's PostgreSQL row, made by the creation route before
// tus sees the request; the offset is the stored file's size, so a restart loses nothing received.
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import type { Database } from '../db/database.ts';
import type { FileStore } from '../storage/fileStore.ts';
import type { ReceivedHashes } from './receivedHashes.ts';
import { loadUploadRow, touchUpload } from './uploadRepository.ts';

export const uploadFileKey = (orgId: number, id: number) => `uploads/${orgId}/${id}.csv`;

export class UploadTusStore extends DataStore {
  constructor(
    private readonly db: Database,
    private readonly files: FileStore,
    private readonly hashes?: ReceivedHashes,
  ) {
    super();
    // termination: DELETE is answered by the API's own route (uploadTusRoutes.ts), which also ends the record.
    this.extensions = ['creation', 'termination'];
  }

  private async row(id: string) {
    const row = /^\d+$/.test(id) ? await loadUploadRow(this.db, Number(id)) : null;
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return row;
  }

  override async create(upload: Upload): Promise<Upload> {
    const row = await this.row(upload.id);
    const stream = await this.files.openAppend(row.file_key, 0);
    await new Promise<void>((resolve, reject) =>
      stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    return upload;
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const row = await this.row(id);
    let received = 0;
    // The idle limit counts from the last bytes: touched as a PATCH starts, every 30 s while it streams, and as it ends.
    const touch = () => touchUpload(this.db, row.id).catch(() => undefined);
    let touched = Date.now();
    await touch();
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        if (Date.now() - touched > 30_000) {
          touched = Date.now();
          void touch();
        }
        callback(null, chunk);
      },
    });
    const hashing = this.hashes?.tap(id, offset);
    try {
      const sink = await this.files.openAppend(row.file_key, offset);
      await (hashing ? pipeline(readable, counter, hashing.stream, sink) : pipeline(readable, counter, sink));
    } catch {
      // A dropped connection: what arrived is on disk, and the client's HEAD finds the new offset.
      hashing?.failed();
      throw ERRORS.FILE_WRITE_ERROR;
    }
    hashing?.written(offset + received);
    await touch();
    return offset + received;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.row(id);
    const offset = (await this.files.size(row.file_key)) ?? 0;
    return new Upload({
      id,
      size: Number(row.bytes),
      offset,
      metadata: { filename: row.file_name, kind: row.kind },
      creation_date: new Date(row.created_at).toISOString(),
    });
  }

  override async remove(id: string): Promise<void> {
    await this.files.remove((await this.row(id)).file_key);
  }
}
