// The documents contract: months, titles and the upload's metadata as the API and the app
// both check them.
import { describe, expect, it } from 'vitest';
import {
  documentListQuerySchema,
  documentTitleSchema,
  generateDocumentBodySchema,
  periodSchema,
  uploadDocumentQuerySchema,
} from './documentSchemas.ts';
import { lastFullMonth, monthLabel } from './documentTypes.ts';

describe('documents contract', () => {
  it.each([
    ['2026-11-23', '2026-10'],
    ['2026-01-01', '2025-12'],
    ['2026-03-31', '2026-02'],
  ])('the last full month before %s is %s', (today, month) => expect(lastFullMonth(today)).toBe(month));

  it('names a month as a person reads it', () => {
    expect(monthLabel('2026-10')).toBe('October 2026');
    expect(monthLabel('2027-01')).toBe('January 2027');
  });

  it.each(['2026-13', '2026-1', '1999-12', '2026-10-01', ''])('refuses %j as a month', (value) =>
    expect(periodSchema.safeParse(value).success).toBe(false),
  );

  it('takes a title of one line, trimmed, up to 200 characters', () => {
    expect(documentTitleSchema.parse('  Visa notice ')).toBe('Visa notice');
    for (const bad of ['', '   ', 'two\nlines', 'tab\there', 'bell\u0007', 'c1\u0085', 'x'.repeat(201)])
      expect(documentTitleSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('uploads only the types people share, and generates only the portal’s', () => {
    expect(uploadDocumentQuerySchema.safeParse({ title: 'A', type: 'statement', period: '2026-10' }).success).toBe(
      false,
    );
    expect(uploadDocumentQuerySchema.safeParse({ title: 'A', type: 'contract', period: '2026-10' }).success).toBe(true);
    expect(generateDocumentBodySchema.safeParse({ type: 'guide', period: '2026-10' }).success).toBe(false);
    expect(
      uploadDocumentQuerySchema.safeParse({ title: 'A', type: 'contract', period: '2026-10', extra: 1 }).success,
    ).toBe(false);
  });

  it('pages the list 20 at a time from page 1 by default', () => {
    expect(documentListQuerySchema.parse({})).toEqual({ page: 1, page_size: 20 });
    expect(documentListQuerySchema.safeParse({ page_size: '101' }).success).toBe(false);
  });
});
