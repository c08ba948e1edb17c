// The queue's rows for one question (tab, filters, sort): the first page at once, more with `loadMore`
// (the API's cursor continues after the last row). A new question starts over and drops the old one's
// answers, even late ones.
import type { DisputeQueueItem } from '@payportal/shared/disputes';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/apiClient.ts';
import { fetchQueuePage, type QueueQueryInput } from './disputesApi.ts';

export interface QueuePages {
  items: DisputeQueueItem[];
  /** The day the days left count from: the API's (the data's last day), null until a page came. */
  today: string | null;
  /** Loading the first page, or a further one. */
  loading: false | 'first' | 'more';
  error: string | null;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

interface Loaded {
  key: string;
  today: string | null;
  items: DisputeQueueItem[];
  cursor: string | null;
  error: string | null;
  loading: false | 'more';
}

const FAILURE = 'The disputes could not be loaded. Please try again.';
const failureText = (error: unknown) => (error instanceof ApiError ? error.message : FAILURE);

export function useQueuePages(query: QueueQueryInput): QueuePages {
  const [attempt, setAttempt] = useState(0);
  const asked = `${attempt}:${JSON.stringify(query)}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const more = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const question = JSON.parse(asked.slice(asked.indexOf(':') + 1)) as QueueQueryInput;
    fetchQueuePage(question, controller.signal).then(
      (page) =>
        setLoaded({
          key: asked,
          today: page.today,
          items: page.items,
          cursor: page.nextCursor,
          error: null,
          loading: false,
        }),
      (error: unknown) =>
        controller.signal.aborted ||
        setLoaded({ key: asked, today: null, items: [], cursor: null, error: failureText(error), loading: false }),
    );
    return () => {
      controller.abort();
      more.current?.abort();
    };
  }, [asked]);

  const current = loaded?.key === asked ? loaded : null;
  const loadMore = () => {
    if (!current?.cursor || current.loading) return;
    const controller = new AbortController();
    more.current = controller;
    const update = (change: Partial<Loaded>) =>
      setLoaded((previous) => (previous?.key === asked ? { ...previous, ...change } : previous));
    update({ loading: 'more', error: null });
    fetchQueuePage({ ...query, cursor: current.cursor }, controller.signal).then(
      (page) =>
        setLoaded((previous) =>
          previous?.key === asked
            ? { ...previous, items: [...previous.items, ...page.items], cursor: page.nextCursor, loading: false }
            : previous,
        ),
      (error: unknown) => controller.signal.aborted || update({ error: failureText(error), loading: false }),
    );
  };

  return {
    items: current?.items ?? [],
    today: current?.today ?? null,
    loading: current ? current.loading : 'first',
    error: current?.error ?? null,
    hasMore: Boolean(current?.cursor),
    loadMore,
    retry: () => setAttempt((value) => value + 1),
  };
}
