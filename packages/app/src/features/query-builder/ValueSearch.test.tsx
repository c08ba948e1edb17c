// Chips restored with only their value (from a dashboard's URL, a saved chart or a saved question)
// show the label the values search gives for that value (issue #14: "TX" reads "TX Texas").
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../testing/answerApi.ts';
import { ValueSearch } from './ValueSearch.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ValueSearch chips', () => {
  it('show the values search’s label of a value restored without one', async () => {
    const sent = answerApi({
      'GET /api/analytics/v1/values/state': ({ search }) => ({
        body: { values: [{ value: 'TX', label: 'TX Texas', parent: 'South' }, { value: 'UTX', label: 'UTX Nowhere', parent: null }].filter((v) => v.label.includes(search.get('search') ?? '')) },
      }),
    });
    render(<ValueSearch dimension="state" label="State" selected={[{ value: 'TX', label: 'TX', parent: null }, { value: 'CA', label: 'CA California', parent: null }]} onPick={() => undefined} onRemove={() => undefined} />);
    const chips = screen.getByRole('list', { name: 'Chosen state' });
    expect(await within(chips).findByText('TX Texas')).toBeTruthy();
    expect(within(chips).getByRole('button', { name: 'Remove TX Texas' })).toBeTruthy();
    expect(within(chips).getByText('CA California')).toBeTruthy();
    // Only the value without a label is looked up.
    expect(sent.filter((request) => request.path.startsWith('/api/analytics/v1/values/')).map((request) => request.search.get('search'))).toEqual(['TX']);
  });
});
