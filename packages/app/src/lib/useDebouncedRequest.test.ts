import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDebouncedRequest } from './useDebouncedRequest.ts';

describe('useDebouncedRequest', () => {
  it('reports a request that throws before it is sent (its input checks) as failed, not loading forever', async () => {
    const { result } = renderHook(() =>
      useDebouncedRequest<string>(
        'too long',
        () => {
          throw new Error('search: too long');
        },
        { delayMs: 0, failure: 'The values could not be searched.' },
      ),
    );
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBe('The values could not be searched.');
  });
});
