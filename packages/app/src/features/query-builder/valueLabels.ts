// The labels of chosen compound-search values ("TX" reads "TX Texas", an industry code its
// name). A chip restored from a URL, a saved chart or a saved question knows only its value; its label
// is what GET /api/analytics/v1/values/:dimension answers for that value, asked once per value and
// kept for the page's life, per organisation (a framed host may switch to another organisation's user,
// whose merchants are not this one's). A value picked from the list brings its label along (rememberLabel).
import { useEffect, useSyncExternalStore } from 'react';
import { session } from '../session/index.ts';
import { searchValues } from './analyticsApi.ts';

const labels = new Map<string, string>();
const asked = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;

const organizationId = () => (session.current.status === 'signedIn' ? session.current.organization.id : 0);
const keyOf = (dimension: string, value: string) => `${organizationId()}\u0000${dimension}\u0000${value}`;
/** Industry groups, regions, sub-ISOs and agents are named by their values (the values route's label is the name). */
const SELF_LABELLED = new Set(['industry_group', 'region', 'sub_iso', 'agent']);

function remember(key: string, label: string): void {
  if (labels.get(key) === label) return;
  labels.set(key, label);
  version += 1;
  listeners.forEach((listener) => listener());
}

export function rememberLabel(dimension: string, value: string, label: string): void {
  remember(keyOf(dimension, value), label);
}

async function lookUp(dimension: string, value: string): Promise<void> {
  const key = keyOf(dimension, value);
  if (asked.has(key) || labels.has(key) || SELF_LABELLED.has(dimension)) return;
  asked.add(key);
  try {
    const found = await searchValues(dimension, { search: value, limit: 200 });
    const match = found.values.find((option) => option.value === value);
    // Kept under the organisation that asked: a host may switch users while the answer is on its way.
    if (match) remember(key, match.label);
  } catch {
    asked.delete(key); // asked again when next shown; meanwhile the chip shows the value
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The label of each value (the value itself until its label is known). */
export function useValueLabels(dimension: string, values: readonly string[]): (value: string) => string {
  useSyncExternalStore(subscribe, () => version);
  const wanted = values.join('\u0000');
  useEffect(() => {
    if (wanted) for (const value of wanted.split('\u0000')) void lookUp(dimension, value);
  }, [dimension, wanted]);
  return (value) => labels.get(keyOf(dimension, value)) ?? value;
}
