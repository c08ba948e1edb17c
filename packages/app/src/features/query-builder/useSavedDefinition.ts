// Edit mode (/csv/{id}/edit): loads the saved export and puts its choices into the builder, or
// takes them from the screen that has just saved it (screenHandOff.ts). An id that is not a number
// reads as not found, like one the API does not show this caller (another organisation's: 404).
import { definitionParamsSchema, type ExportDefinition } from '@payportal/shared/exports';
import { useEffect, useState } from 'react';
import { loadBuilder, resetBuilder } from './builderStore.ts';
import { fetchDefinition } from './exportsApi.ts';
import { dropHandOff, peekHandOff } from './screenHandOff.ts';
import { fromQueryDescription } from './toQueryDescription.ts';
import { useDebouncedRequest } from '../../lib/useDebouncedRequest.ts';

export function useSavedDefinition(id: string | undefined) {
  const parsed = id === undefined ? null : definitionParamsSchema.safeParse({ definitionId: id });
  const definitionId = parsed?.success ? parsed.data.definitionId : null;
  // Before the first render reads the builder: each visit starts empty unless a hand-off fills it.
  const [handOff] = useState(() => {
    const taken = peekHandOff(definitionId);
    if (!taken) resetBuilder();
    return taken;
  });
  useEffect(() => dropHandOff(), []);
  const [saved, setSaved] = useState<ExportDefinition | null>(handOff?.definition ?? null);
  const loaded = useDebouncedRequest<ExportDefinition>(
    definitionId === null || handOff ? null : String(definitionId),
    (signal) => fetchDefinition(definitionId!, signal),
    {
      delayMs: 0,
      failure: 'This export could not be loaded. Please try again.',
    },
  );
  const fetched = loaded.status === 'ready' ? loaded.data : null;
  useEffect(() => {
    if (fetched) loadBuilder(fromQueryDescription(fetched.query, fetched).state);
  }, [fetched]);
  return {
    definitionId,
    definition: saved ?? fetched,
    setSaved,
    notice: handOff?.notice ?? '',
    loading: loaded.status === 'loading',
    /** The id names no export this user may see (not a number, none such, another organisation's: 404). */
    notFound: (parsed !== null && !parsed.success) || (loaded.status === 'error' && /not found/i.test(loaded.error)),
    error: parsed !== null && !parsed.success ? 'This export was not found.' : loaded.error,
    /** Asking again helps when loading failed, not when the id cannot name an export. */
    retry: parsed !== null && !parsed.success ? null : loaded.retry,
  };
}
