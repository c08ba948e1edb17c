// An export's file being written: BOM, header, rows, optionally gzip, into the file store, with the
// stream's back-pressure respected so memory holds one page of rows at a time, whatever the size.
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { constants, createGzip } from 'node:zlib';
import type { QueryCell, QueryColumn } from '@payportal/shared/analytics';
import type { CsvOptions } from '@payportal/shared/exports';
import type { FileStore } from '../storage/fileStore.ts';
import { createCsvEncoder } from './csvFormat.ts';

const BOM = '\uFEFF';

export interface CsvFile {
  write(rows: readonly QueryCell[][]): Promise<void>;
  /** Lines already encoded (by the engine), copied in as they are. */
  append(lines: AsyncIterable<Buffer>): Promise<void>;
  /** Ends the file; resolves with its size in bytes once it is on disk. */
  finish(): Promise<number>;
  /** Stops writing and deletes what was written. */
  discard(): Promise<void>;
}

export async function openCsvFile(
  store: FileStore,
  key: string,
  columns: readonly QueryColumn[],
  options: CsvOptions,
): Promise<CsvFile> {
  const encoder = createCsvEncoder(columns, options);
  const file = await store.openWrite(key);
  // Level 1: CSV still shrinks several times over, and the job keeps its pace (level 6 costs about 3x the CPU).
  const gzip = options.gzip ? createGzip({ level: constants.Z_BEST_SPEED }) : null;
  if (gzip) gzip.pipe(file);
  const out = gzip ?? file;
  let failure: Error | null = null;
  // A write waiting for 'drain' must hear of a failure too (a full disk), or it would wait for ever.
  let stopWaiting: ((error: Error) => void) | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    stopWaiting?.(error);
  };
  file.on('error', fail);
  gzip?.on('error', fail);

  const write = async (text: string | Buffer) => {
    if (failure) throw failure;
    if (out.write(text)) return;
    const waiting = new AbortController();
    const stopped = new Promise<never>((_resolve, reject) => (stopWaiting = reject));
    try {
      await Promise.race([once(out, 'drain', { signal: waiting.signal }), stopped]);
    } finally {
      stopWaiting = null;
      waiting.abort();
    }
  };
  await write((options.bom ? BOM : '') + encoder.header);

  return {
    write: (rows) => write(encoder.encode(rows)),
    async append(lines) {
      for await (const chunk of lines) await write(chunk);
    },
    async finish() {
      if (failure) throw failure;
      out.end();
      await finished(file);
      if (failure) throw failure;
      return (await store.size(key)) ?? 0;
    },
    async discard() {
      gzip?.destroy();
      file.destroy();
      await store.remove(key);
    },
  };
}
