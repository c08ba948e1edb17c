// An export the engine writes itself (issue #13, bench:export): DuckDB's COPY puts the CSV lines in a
// scratch file on the API's disk without a value passing through JavaScript, then the file's BOM,
// header and gzip are put around those bytes on their way into the file store. The engine is asked for
// one row more than the file may hold (that row tells a cut); it is taken off the scratch file's end.
import { createReadStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AnalyticsEngine, CsvCopyOptions, QueryScope } from '@payportal/analytics';
import type { QueryDescription } from '@payportal/shared';
import type { CsvFile } from './csvFile.ts';

type CopyCsv = NonNullable<AnalyticsEngine['copyCsv']>;

export interface EngineCopyRequest {
  copyCsv: CopyCsv;
  query: QueryDescription;
  scope: QueryScope;
  /** The scratch file's folder and name (made and deleted here; scratchNameOf). */
  scratchDir: string;
  scratchName: string;
  /** Data rows the file may hold: a row past it is dropped. */
  limit: number;
  options: CsvCopyOptions;
}

/** One per attempt, like the stored file: a process declared dead never shares one with its successor. */
export const scratchNameOf = (jobId: number, attempt: number) => `export-${jobId}-${attempt}.csv`;

/** Writes the engine's rows into `file` (whose header is written); resolves with the rows it holds and whether the engine had more. */
export async function copyThroughEngine(request: EngineCopyRequest, file: CsvFile): Promise<{ rowsWritten: number; more: boolean }> {
  await mkdir(request.scratchDir, { recursive: true });
  const scratch = join(request.scratchDir, request.scratchName);
  try {
    const rows = await request.copyCsv(request.query, request.scope, scratch, request.options);
    const more = rows > request.limit;
    if (more) await dropLastRecord(scratch);
    await file.append(createReadStream(scratch));
    return { rowsWritten: Math.min(rows, request.limit), more };
  } finally {
    await rm(scratch, { force: true });
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
