import { describe, expect, it } from 'vitest';
import { csvOptionsSchema, csvValuesOf } from './csvOptions.ts';
import { exportDefinitionBodySchema } from './exportDefinition.ts';
import { runExportBodySchema } from './exportJob.ts';
import { EXPORT_PATHS, EXPORT_ROUTES } from './exportPaths.ts';
import { rowCapText } from './exportLimits.ts';

const query = { measures: ['gsv'], dimensions: ['region'] };

describe('the CSV export contract', () => {
  it('[X11][X12] neutralises formulas by default and writes labels, no BOM, no gzip', () => {
    expect(csvOptionsSchema.parse({})).toEqual({ header: 'labels', bom: false, gzip: false, neutraliseFormulas: true });
  });

  it('[X19] writes values in words under a header of labels and codes under one of ids, unless asked otherwise', () => {
    expect(csvValuesOf(csvOptionsSchema.parse({}))).toBe('labels');
    expect(csvValuesOf(csvOptionsSchema.parse({ header: 'ids' }))).toBe('codes');
    expect(csvValuesOf(csvOptionsSchema.parse({ header: 'ids', values: 'labels' }))).toBe('labels');
    expect(csvValuesOf(csvOptionsSchema.parse({ values: 'codes' }))).toBe('codes');
    expect(csvOptionsSchema.safeParse({ values: 'words' }).success).toBe(false);
  });

  it('[X3] runs either a saved definition or an inline query, never both or neither', () => {
    expect(runExportBodySchema.safeParse({ definition_id: 3 }).success).toBe(true);
    expect(runExportBodySchema.safeParse({ query, csv: { gzip: true }, name: 'By region' }).success).toBe(true);
    expect(runExportBodySchema.safeParse({}).success).toBe(false);
    expect(runExportBodySchema.safeParse({ definition_id: 3, query }).success).toBe(false);
    expect(runExportBodySchema.safeParse({ definition_id: 3, csv: { bom: true } }).success).toBe(false);
  });

  it('[X2] refuses a definition name that is empty, multi-line or too long', () => {
    for (const name of ['  ', 'a\nb', 'x'.repeat(121)]) {
      expect(exportDefinitionBodySchema.safeParse({ name, query }).success).toBe(false);
    }
    expect(exportDefinitionBodySchema.parse({ name: ' Monthly ', query }).name).toBe('Monthly');
  });

  it('[X4] says the cap in words with thousands separators', () => {
    expect(rowCapText(1_000_000)).toBe('limited to 1,000,000 rows for your role');
  });

  it('builds the paths its route patterns register', () => {
    expect(EXPORT_PATHS.definition(7)).toBe(EXPORT_ROUTES.definition.replace(':definitionId', '7'));
    expect(EXPORT_PATHS.downloadTicket(9)).toBe(EXPORT_ROUTES.downloadTicket.replace(':jobId', '9'));
  });
});
