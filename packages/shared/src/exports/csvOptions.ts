// How an export's file is written. The file itself is always RFC 4180, UTF-8, ISO 8601
// dates, '.' decimals and no thousands separators; these are the choices a person makes.
import { z } from 'zod';

export const CSV_HEADERS = ['labels', 'ids'] as const;
export type CsvHeader = (typeof CSV_HEADERS)[number];

export const csvOptionsSchema = z.strictObject({
  /** The header row: the catalogue's labels ("Gross sales volume") or its ids (`gsv`). */
  header: z.enum(CSV_HEADERS, { error: 'must be labels or ids' }).default('labels'),
  /** A UTF-8 byte order mark first, so Excel reads accents right. */
  bom: z.boolean().default(false),
  /** The file gzip-compressed (`.csv.gz`). */
  gzip: z.boolean().default(false),
  /**
   * Text cells starting with = + - @ tab or carriage return get a leading apostrophe, so a spreadsheet
   * shows them instead of running them (OWASP "CSV injection"). Numbers are never changed.
   */
  neutraliseFormulas: z.boolean().default(true),
});
export type CsvOptions = z.output<typeof csvOptionsSchema>;
export type CsvOptionsInput = z.input<typeof csvOptionsSchema>;

export const DEFAULT_CSV_OPTIONS: CsvOptions = csvOptionsSchema.parse({});
