// The dispute desk's shared contract: the queue's tabs and parameters, the ids, the
// evidence limits and the days-left words the queue and the detail page show.
import { describe, expect, it } from 'vitest';
import { daysLeft } from './daysLeft.ts';
import { checkEvidence, EVIDENCE_MAX_BYTES, representDisputeSchema } from './disputeActions.ts';
import { DISPUTE_PATHS, DISPUTE_ROUTES } from './disputePaths.ts';
import { chargebackIdSchema, DISPUTE_TABS, disputeQueueQuerySchema } from './disputeQueue.ts';

describe('the queue request', () => {
  it('has the four tabs with the issue’s labels', () => {
    expect(DISPUTE_TABS).toEqual({
      needs_response: 'Needs response',
      due_3d: 'Due within 3 days',
      overdue: 'Overdue',
      decided: 'Decided',
    });
  });

  it('accepts a tab with filters, sort and cursor from a query string, defaulting to 50 rows by due date', () => {
    expect(
      disputeQueueQuerySchema.parse({
        tab: 'due_3d',
        network: 'visa',
        minAmount: '10',
        maxAmount: '99.5',
        cursor: 'abc_-1',
      }),
    ).toEqual({
      tab: 'due_3d',
      network: 'visa',
      minAmount: 10,
      maxAmount: 99.5,
      cursor: 'abc_-1',
      sort: 'due_date',
      order: 'asc',
      limit: 50,
    });
  });

  it.each([
    [{}, 'no tab'],
    [{ tab: 'open' }, 'an unknown tab'],
    [{ tab: 'overdue', limit: '51' }, 'more than 50 rows'],
    [{ tab: 'overdue', cursor: 'a b' }, 'a cursor that is not ours'],
    [{ tab: 'overdue', minAmount: '20', maxAmount: '10' }, 'an empty amount range'],
    [{ tab: 'overdue', orgId: '2' }, 'a field naming an organisation'],
  ] as [Record<string, string>, string][])('refuses %j (%s)', (query) => {
    expect(disputeQueueQuerySchema.safeParse(query).success).toBe(false);
  });

  it('builds the paths the routes register', () => {
    expect(DISPUTE_PATHS.queue({ tab: 'overdue', cursor: undefined })).toBe('/api/disputes/v1/queue?tab=overdue');
    expect(DISPUTE_PATHS.action(12, 'represent')).toBe(DISPUTE_ROUTES.represent.replace(':chargebackId', '12'));
  });

  it('takes a chargeback id as a positive whole number only (a malformed one is answered 404)', () => {
    expect(chargebackIdSchema.parse('100000013910')).toBe(100000013910);
    for (const bad of ['abc', '1.5', '-3', '0', '9007199254740993'])
      expect(chargebackIdSchema.safeParse(bad).success, bad).toBe(false);
  });
});

describe('evidence', () => {
  it('is a PDF, PNG or JPEG of at most 10 MB', () => {
    expect(checkEvidence({ type: 'application/pdf', size: EVIDENCE_MAX_BYTES })).toBe('ok');
    expect(checkEvidence({ type: 'image/jpeg', size: 1 })).toBe('ok');
    expect(checkEvidence({ type: 'image/gif', size: 1 })).toBe('disputes/evidence-type');
    expect(checkEvidence({ type: 'image/png', size: EVIDENCE_MAX_BYTES + 1 })).toBe('disputes/evidence-too-large');
  });

  it('a representment names at least one stored evidence file', () => {
    expect(representDisputeSchema.safeParse({ evidenceIds: [] }).success).toBe(false);
    expect(representDisputeSchema.parse({ evidenceIds: [4] })).toEqual({ evidenceIds: [4] });
  });
});

describe('days left', () => {
  it.each([
    ['2026-11-10', '2026-11-01', '9 days left', 'open'],
    ['2026-11-04', '2026-11-01', '3 days left', 'soon'],
    ['2026-11-02', '2026-11-01', '1 day left', 'soon'],
    ['2026-11-01', '2026-11-01', 'Due today', 'soon'],
    ['2026-10-31', '2026-11-01', '1 day overdue', 'overdue'],
    ['2026-10-20', '2026-11-01', '12 days overdue', 'overdue'],
  ])('due %s, today %s: %s (%s)', (due, today, words, tone) => {
    expect(daysLeft(due, today)).toMatchObject({ words, tone });
  });
});
