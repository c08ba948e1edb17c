import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';

/** the dropdown is hidden during navigation and shown again 10 ms after it. */
export const SHOW_AFTER_NAVIGATION_MS = 10;

export function useShownAfterNavigation(): boolean {
  const [location] = useLocation();
  const [shownAt, setShownAt] = useState(location);
  useEffect(() => {
    const timer = setTimeout(() => setShownAt(location), SHOW_AFTER_NAVIGATION_MS);
    return () => clearTimeout(timer);
  }, [location]);
  return shownAt === location;
}
