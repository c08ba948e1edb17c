// The documents screen against answers at the fetch boundary: what the list shows, what it
// asks the server for, what the caller may do, and the upload's refusal in the API's own words.
import type { PortalDocument } from '@payportal/shared/documents';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, type SentRequest } from '../../testing/answerApi.ts';
import { DocumentsScreen } from './DocumentsScreen.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LIST = 'GET /api/documents/v1/documents/';
const document = (id: number, extra: Partial<PortalDocument> = {}): PortalDocument => ({
  id,
  type: 'scheme_notice',
  generated: false,
  title: `Notice ${id}`,
  period: '2026-10',
  file_name: `Notice ${id}.pdf`,
  content_type: 'application/pdf',
  bytes: 2048,
  sha256: 'a'.repeat(64),
  created_by: { id: 7, name: 'Olivia Owner' },
  created_at: '2026-11-02T10:00:00.000Z',
  can_delete: false,
  ...extra,
});
const listOf =
  (documents: PortalDocument[], extra: object = {}) =>
  () => ({
    body: {
      documents,
      total: documents.length,
      page: 1,
      page_size: 20,
      can_upload: false,
      can_generate: false,
      ...extra,
    },
  });
const rows = () => screen.getAllByRole('row').slice(1);

describe('DocumentsScreen', () => {
  it('lists type, title, month, size, creator and date, with View for PDFs only and no write controls for a reader', async () => {
    answerApi({
      [LIST]: listOf([
        document(1),
        document(2, {
          type: 'merchant_extract',
          generated: true,
          title: 'Merchant master extract October 2026',
          content_type: 'text/csv',
          bytes: 79_000,
          created_by: null,
        }),
      ]),
    });
    render(<DocumentsScreen />);
    await screen.findByText('Notice 1');
    expect(
      within(rows()[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 5),
    ).toEqual(['Scheme notice', 'Notice 1', 'October 2026', '2 KB', 'Olivia Owner']);
    expect(
      within(rows()[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 5),
    ).toEqual([
      'Merchant master extract',
      'Merchant master extract October 2026',
      'October 2026',
      '77.1 KB',
      'PayPortal',
    ]);
    expect(screen.getByRole('button', { name: 'View Notice 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'View Merchant master extract October 2026' })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Download / })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Share a PDF' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Generate from your data' })).toBeNull();
  });

  it('asks the server for a title search after typing stops, and for a type from the first page', async () => {
    const sent = answerApi({ [LIST]: listOf([document(1)]) });
    render(<DocumentsScreen />);
    await screen.findByText('Notice 1');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'visa');
    await vi.waitFor(() => expect(sent.at(-1)?.search.get('search')).toBe('visa'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter by type' }), 'Contract');
    await vi.waitFor(() =>
      expect(Object.fromEntries(sent.at(-1)!.search)).toEqual({
        search: 'visa',
        type: 'contract',
        page: '1',
        page_size: '20',
      }),
    );
  });

  it('pages through the server’s pages', async () => {
    const sent = answerApi({
      [LIST]: ({ search }: SentRequest) => ({
        body: {
          documents: [document(Number(search.get('page')))],
          total: 45,
          page: Number(search.get('page')),
          page_size: 20,
          can_upload: false,
          can_generate: false,
        },
      }),
    });
    render(<DocumentsScreen />);
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(sent.at(-1)?.search.get('page')).toBe('2');
  });

  it('sends a chosen file as a PDF with its title, type and month, and shows the API’s reason when it is refused', async () => {
    const reason = 'This file is not a PDF: its contents do not begin with %PDF-, whatever its name says.';
    const sent = answerApi({
      [LIST]: listOf([], { can_upload: true }),
      'POST /api/documents/v1/documents/': () => ({
        status: 422,
        body: { error: { code: 'documents/not-a-pdf', message: reason } },
      }),
    });
    render(<DocumentsScreen />);
    const share = await screen.findByRole('region', { name: 'Share a PDF' });
    await userEvent.upload(
      within(share).getByLabelText('PDF file'),
      new File(['PK zip'], 'renamed.pdf', { type: 'application/zip' }),
    );
    expect(within(share).getByLabelText<HTMLInputElement>('Title').value).toBe('renamed');
    await userEvent.selectOptions(within(share).getByRole('combobox', { name: 'Type' }), 'Contract');
    await userEvent.click(within(share).getByRole('button', { name: 'Upload' }));
    expect((await within(share).findByRole('alert')).textContent).toBe(reason);
    const upload = sent.find((request) => request.method === 'POST')!;
    expect(upload.contentType).toBe('application/pdf');
    expect(await (upload.body as Blob).text()).toBe('PK zip');
    expect(upload.search.get('title')).toBe('renamed');
    expect(upload.search.get('type')).toBe('contract');
    expect(upload.search.get('period')).toMatch(/^\d{4}-\d{2}$/);
  });
});
