import type { BaseLocationHook } from 'wouter';
import { navigate, usePathname } from 'wouter/use-browser-location';

const replaceNavigate = (to: string | URL, options?: { state?: unknown }) =>
  navigate(to, { ...options, replace: true });

/** wouter's browser location, except that every navigation replaces the current history entry. */
export const useReplaceLocation: BaseLocationHook = () => [usePathname(), replaceNavigate];
