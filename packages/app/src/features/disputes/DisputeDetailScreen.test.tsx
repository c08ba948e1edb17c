// /disputes/{id}: deadlines from the API's today, the merchant's /amla link, evidence checked in the
// browser before any upload, the server's refusal text as it comes, and a reader's reason instead of actions.
import { DISPUTE_PATHS, DISPUTE_ROUTES, type DisputeDetail } from '@payportal/shared/disputes';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerApi, type Answer, type SentRequest } from '../../testing/answerApi.ts';
import { renderAppAt, signedInAs } from '../../testing/renderAppAt.tsx';
import { setTestPortalConfig } from '../../testing/testPortalConfig.ts';
import { resetSession } from '../session/sessionStore.ts';

// The screen is a lazy chunk: load it once before the tests, so its first transform (seconds on a busy
// machine) is not counted against the first test's time.
beforeAll(() => import('./DisputeDetailScreen.tsx'));

afterEach(() => {
  cleanup();
  resetSession();
  vi.unstubAllGlobals();
});

const ID = 100000013910;
const dispute: DisputeDetail = {
  chargeback_id: ID,
  network: 'mastercard',
  stage: 'first',
  status: 'needs_response',
  reason_code: '4853',
  reason_category: 'consumer',
  amount: 89.9,
  received_date: '2026-11-01',
  due_date: '2026-12-16',
  cutoff_date: '2026-12-09',
  today: '2026-12-07',
  sale: { tx_id: 555, date: '2026-10-20', amount: 89.9, card_brand: 'Mastercard' },
  merchant: { id: 42, mid: '800100000000042', name: 'Maple Grocers' },
  timeline: [
    {
      date: '2026-11-01',
      source: 'network',
      stage: 'first',
      event: 'received',
      actor: 'issuer',
      due_date: '2026-12-16',
    },
  ],
  checklist: ['Proof of delivery or service rendered'],
  assignee: null,
  notes: [],
  actions: [],
  evidence: [],
  can_act: true,
};

function answerDispute(detail: DisputeDetail, more: Record<string, (request: SentRequest) => Answer> = {}) {
  setTestPortalConfig();
  return answerApi({ [`GET ${DISPUTE_PATHS.dispute(ID)}`]: () => ({ body: detail }), ...more });
}
const path = (route: string) => route.replace(':chargebackId', String(ID));

describe('/disputes/{chargebackId}', () => {
  it('counts both deadlines from the API’s today and links the merchant to its /amla page', async () => {
    answerDispute(dispute);
    renderAppAt(`/disputes/${ID}`, signedInAs(['query', 'disputes']));
    const deadlines = await screen.findByRole('region', { name: 'Deadlines' });
    expect(within(deadlines).getByTestId('due-date').getAttribute('datetime')).toBe('2026-12-16');
    expect(deadlines.textContent).toContain('9 days left');
    expect(deadlines.textContent).toContain('◷ 2 days left');
    expect(screen.getByRole('link', { name: 'Maple Grocers' }).getAttribute('href')).toBe('/amla?merchant=42');
    expect(screen.getByText('Proof of delivery or service rendered')).toBeTruthy();
  });

  it('refuses a file that is not evidence in the browser, sending nothing', async () => {
    const sent = answerDispute(dispute);
    renderAppAt(`/disputes/${ID}`, signedInAs(['disputes']));
    const input = await screen.findByLabelText(/^Add evidence/);
    const large = new File(['x'], 'scan.png', { type: 'image/png' });
    Object.defineProperty(large, 'size', { value: 10 * 1024 * 1024 + 1 });
    await userEvent.upload(input, [new File(['GIF89a'], 'photo.gif', { type: 'image/gif' }), large], {
      applyAccept: false,
    });
    const alert = within(screen.getByRole('region', { name: 'Evidence' })).getByRole('alert');
    expect(alert.textContent).toBe(
      'photo.gif is not a PDF, PNG or JPEG file.scan.png is larger than 10 MB, the limit for each file.',
    );
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('uploads a PDF with its name and type, then shows the server’s refusal of the representment', async () => {
    const stored = {
      id: 9,
      file_name: 'pod.pdf',
      content_type: 'application/pdf',
      bytes: 1200,
      created_at: '2026-12-07T10:00:00Z',
      url: '',
    };
    let withEvidence = false;
    const sent = answerApi({
      [`GET ${DISPUTE_PATHS.dispute(ID)}`]: () => ({ body: { ...dispute, evidence: withEvidence ? [stored] : [] } }),
      [`POST ${path(DISPUTE_ROUTES.evidence)}`]: () => ((withEvidence = true), { status: 201, body: stored }),
      [`POST ${path(DISPUTE_ROUTES.represent)}`]: () => ({
        status: 409,
        body: { error: { code: 'disputes/past-due', message: 'The due date (2026-12-16) has passed.' } },
      }),
    });
    setTestPortalConfig();
    renderAppAt(`/disputes/${ID}`, signedInAs(['disputes']));
    const represent = await screen.findByRole('button', { name: 'Represent' });
    expect(represent.hasAttribute('disabled')).toBe(true);
    await userEvent.upload(
      screen.getByLabelText(/^Add evidence/),
      new File(['%PDF-1.4'], 'pod.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('button', { name: 'View pod.pdf' })).toBeTruthy();
    const upload = sent.find((request) => request.method === 'POST')!;
    expect([upload.search.get('name'), upload.contentType]).toEqual(['pod.pdf', 'application/pdf']);
    await userEvent.click(screen.getByRole('button', { name: 'Represent' }));
    expect((await screen.findByText('The due date (2026-12-16) has passed.')).getAttribute('role')).toBe('alert');
    expect(sent.at(-1)!.body).toEqual({ evidenceIds: [9] });
  });

  it('tells a reader why there are no actions, and shows no evidence the API withholds', async () => {
    answerDispute({ ...dispute, can_act: false, evidence: null });
    renderAppAt(`/disputes/${ID}`, signedInAs(['query']));
    const actions = await screen.findByRole('region', { name: 'Actions' });
    expect(actions.textContent).toContain('acting on it needs the Disputes role');
    expect(within(actions).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Evidence' })).toBeNull();
    expect(screen.queryByLabelText('New note')).toBeNull();
  });
});
