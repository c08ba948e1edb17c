// Chips restored with only their value (from a dashboard's URL, a saved chart or a saved question)
// show the label the values search gives for that value ("TX" reads "TX Texas").
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../testing/answerApi.ts';
import { signedInAs } from '../../testing/renderAppAt.tsx';
import { resetSession, session } from '../session/sessionStore.ts';
import { ValueSearch } from './ValueSearch.tsx';

afterEach(() => {
  cleanup();
  resetSession();
  vi.unstubAllGlobals();
});

describe('ValueSearch chips', () => {
  it('show the values search’s label of a value restored without one', async () => {
    const sent = answerApi({
      'GET /api/analytics/v1/values/state': ({ search }) => ({
        body: {
          values: [
            { value: 'TX', label: 'TX Texas', parent: 'South' },
            { value: 'UTX', label: 'UTX Nowhere', parent: null },
          ].filter((v) => v.label.includes(search.get('search') ?? '')),
        },
      }),
    });
    render(
      <ValueSearch
        dimension="state"
        label="State"
        selected={[
          { value: 'TX', label: 'TX', parent: null },
          { value: 'CA', label: 'CA California', parent: null },
        ]}
        onPick={() => undefined}
        onRemove={() => undefined}
      />,
    );
    const chips = screen.getByRole('list', { name: 'Chosen state' });
    expect(await within(chips).findByText('TX Texas')).toBeTruthy();
    expect(within(chips).getByRole('button', { name: 'Remove TX Texas' })).toBeTruthy();
    expect(within(chips).getByText('CA California')).toBeTruthy();
    // Only the value without a label is looked up.
    expect(
      sent
        .filter((request) => request.path.startsWith('/api/analytics/v1/values/'))
        .map((request) => request.search.get('search')),
    ).toEqual(['TX']);
  });

  it('keeps one organisation’s labels from another’s user in the same page (a framed host switching users)', async () => {
    const merchants: Record<number, { value: string; label: string; parent: null }[]> = {
      7: [{ value: 'M-1', label: 'M-1 Acme Corner Shop', parent: null }],
      9: [],
    };
    answerApi({
      'GET /api/analytics/v1/values/merchant': () => ({
        body: { values: merchants[(session.current as { organization: { id: number } }).organization.id] },
      }),
    });
    const chip = (selected: string) => (
      <ValueSearch
        dimension="merchant"
        label="Merchant"
        selected={[{ value: selected, label: selected, parent: null }]}
        onPick={() => undefined}
        onRemove={() => undefined}
      />
    );
    session.current = signedInAs(['query']);
    render(chip('M-1'));
    expect(await screen.findByText('M-1 Acme Corner Shop')).toBeTruthy();
    cleanup();
    const other = signedInAs(['query']);
    session.current = { ...other, organization: { ...other.organization, id: 9, name: 'Demo Payments' } };
    render(chip('M-1'));
    const chips = screen.getByRole('list', { name: 'Chosen merchant' });
    await vi.waitFor(() => expect(within(chips).getByText('M-1')).toBeTruthy());
    expect(within(chips).queryByText('M-1 Acme Corner Shop')).toBeNull();
  });

  it('keeps an answer that arrives after the host switched users under the organisation that asked', async () => {
    let answer: (() => void) | undefined;
    answerApi({
      'GET /api/analytics/v1/values/merchant': () =>
        new Promise(
          (resolve) =>
            (answer = () => resolve({ body: { values: [{ value: 'M-2', label: 'M-2 Acme Kiosk', parent: null }] } })),
        ),
    });
    const chip = (
      <ValueSearch
        dimension="merchant"
        label="Merchant"
        selected={[{ value: 'M-2', label: 'M-2', parent: null }]}
        onPick={() => undefined}
        onRemove={() => undefined}
      />
    );
    session.current = signedInAs(['query']);
    render(chip);
    await vi.waitFor(() => expect(answer).toBeDefined());
    // the host switches to another organisation's user before Acme's answer arrives
    const other = signedInAs(['query']);
    session.current = { ...other, organization: { ...other.organization, id: 9, name: 'Demo Payments' } };
    answer!();
    await new Promise((resolve) => setTimeout(resolve, 50));
    cleanup();
    render(chip);
    const chips = screen.getByRole('list', { name: 'Chosen merchant' });
    expect(within(chips).getByText('M-2')).toBeTruthy();
    expect(within(chips).queryByText('M-2 Acme Kiosk')).toBeNull();
  });
});
