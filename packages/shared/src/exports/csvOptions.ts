// How an export's file is written. The file itself is always RFC 4180, UTF-8, ISO 8601
// dates, '.' decimals and no thousands separators; these are the choices a person makes.
import { z } from 'zod';

export const CSV_HEADERS = ['labels', 'ids'] as const;
export type CsvHeader = (typeof CSV_HEADERS)[number];

export const CSV_VALUES = ['labels', 'codes'] as const;
export type CsvValues = (typeof CSV_VALUES)[number];

export const csvOptionsSchema = z.strictObject({
  /** The header row: the catalogue's labels ("Gross sales volume") or its ids (`gsv`). */
  header: z.enum(CSV_HEADERS, { error: 'must be labels or ids' }).default('labels'),
  /**
   * The values of the dimensions with a fixed vocabulary: the words the screens show ("Visa", "Card not
   * present") or the codes (`visa`, `cnp`). Unset, they follow the header (csvValuesOf): a file with
   * ids in its header is read by a program, one with labels by a person.
   */
  values: z.enum(CSV_VALUES, { error: 'must be labels or codes' }).optional(),
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

/** The values a file carries: as asked, else codes under a header of ids and labels under one of labels. */
export function csvValuesOf(options: Pick<CsvOptions, 'header' | 'values'>): CsvValues {
  return options.values ?? (options.header === 'ids' ? 'codes' : 'labels');
}
