// A search box that asks the server only once typing stops: the text as typed (for the input) and, a
// moment later, the trimmed text to search for. `onSettled` runs then too (a list goes back to page 1).
import { useEffect, useRef, useState } from 'react';

export const SEARCH_DELAY_MS = 300;

export function useSettledSearch(onSettled: () => void) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      settled.current();
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return { typed, setTyped, search };
}
