// The upload history with nothing to list: a sentence and the way to upload, not an empty table under
// "0 uploads"; with filters on, the sentence says nothing matches them.
import { UPLOAD_PATHS } from '@payportal/shared/uploads';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../testing/answerApi.ts';
import { UploadHistoryScreen } from './UploadHistoryScreen.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LIST = `GET ${UPLOAD_PATHS.uploads()}`;

describe('UploadHistoryScreen', () => {
  it('says there are no uploads yet and links to the upload screen, with no empty table', async () => {
    answerApi({ [LIST]: () => ({ body: { uploads: [], total: 0, people: [] } }) });
    render(<UploadHistoryScreen />);
    expect(await screen.findByText(/^No uploads yet\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upload a file' }).getAttribute('href')).toBe('/data/upload');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('0 uploads')).toBeNull();
  });

  it('says no upload matches when a filter is on', async () => {
    const sent = answerApi({ [LIST]: () => ({ body: { uploads: [], total: 0, people: [] } }) });
    render(<UploadHistoryScreen />);
    await screen.findByText(/^No uploads yet\./);
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'failed');
    expect(await screen.findByText('No uploads match.')).toBeTruthy();
    expect(sent.at(-1)!.search.get('status')).toBe('failed');
    expect(screen.queryByRole('link', { name: 'Upload a file' })).toBeNull();
  });
});
