// An export the engine writes itself (bench:export): DuckDB's COPY puts the CSV lines in
// scratch files on the API's disk (a month of rows each where that changes nothing) without a value
// passing through JavaScript, then the file's BOM, header and gzip are put around those bytes on their
// way into the file store. The engine is asked for one row more than the file may hold (that row tells
// a cut); it is taken off the last scratch file's end.
import { createReadStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AnalyticsEngine, CsvCopyOptions, QueryScope } from '@payportal/analytics';
import type { QueryDescription } from '@payportal/shared/analytics';
import type { CsvFile } from '../csv/csvFile.ts';

type CopyCsv = NonNullable<AnalyticsEngine['copyCsv']>;

export interface EngineCopyRequest {
  copyCsv: CopyCsv;
  query: QueryDescription;
  scope: QueryScope;
  /** The scratch folder (scratchFolderOf), made and deleted here. */
  scratch: string;
  /** Data rows the file may hold: a row past it is dropped. */
  limit: number;
  options: CsvCopyOptions;
}

/** A scratch file is read a megabyte at a time: with the default 64 KB, moving its bytes took about
 * three times as long (a 550 MB export: 1.4 s against 0.5 s; bench:export, API README). */
const SCRATCH_CHUNK_BYTES = 2 ** 20;

/** One per attempt, like the stored file: a process declared dead never shares one with its successor. */
export const scratchFolderOf = (scratchDir: string, jobId: number, attempt: number) =>
  join(scratchDir, `export-${jobId}-${attempt}`);

/** Writes the engine's rows into `file` (whose header is written); resolves with the rows it holds and whether the engine had more. */
export async function copyThroughEngine(
  request: EngineCopyRequest,
  file: CsvFile,
): Promise<{ rowsWritten: number; more: boolean }> {
  await rm(request.scratch, { recursive: true, force: true });
  await mkdir(request.scratch, { recursive: true });
  try {
    const { rows, files } = await request.copyCsv(request.query, request.scope, request.scratch, request.options);
    const more = rows > request.limit;
    if (more) await dropLastRecord(files.at(-1)!);
    for (const path of files) await file.append(createReadStream(path, { highWaterMark: SCRATCH_CHUNK_BYTES }));
    return { rowsWritten: Math.min(rows, request.limit), more };
  } finally {
    await rm(request.scratch, { recursive: true, force: true });
  }
}

const QUOTE = 0x22;
const LINE_FEED = 0x0a;
const TAIL_BYTES = 64 * 1024;

/**
 * Cuts the last record off a CSV file whose records all end in CRLF. A line feed ends a record when an
 * even number of quotes follows it up to the file's end: every quoted field holds an even number, so a
 * line feed inside one has an odd number after it. Read from the end, a tail at a time.
 */
export async function dropLastRecord(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    const { size } = await handle.stat();
    // The file's last byte is the last record's own line feed.
    let quotes = 0;
    let end = size - 1;
    while (end > 0) {
      const start = Math.max(0, end - TAIL_BYTES);
      const buffer = Buffer.alloc(end - start);
      await handle.read(buffer, 0, buffer.length, start);
      for (let index = buffer.length - 1; index >= 0; index--) {
        const byte = buffer[index];
        if (byte === QUOTE) quotes++;
        else if (byte === LINE_FEED && quotes % 2 === 0) return await handle.truncate(start + index + 1);
      }
      end = start;
    }
    await handle.truncate(0);
  } finally {
    await handle.close();
  }
}
