import { createElement, lazy, useEffect, useState, type ComponentType } from 'react';

export type LazyScreen<Props extends object> = ComponentType<Props> & {
  /** Fetches the screen's code; once it has arrived the screen renders at once, without suspending. */
  preload: () => Promise<unknown>;
  isLoaded: () => boolean;
};

/**
 * A screen loaded on first use, so each route's code is its own chunk (the /auth bundle stays small).
 * A screen whose code has arrived never suspends. That matters: React 19 holds content back for up to
 * 300 ms after a Suspense fallback was shown, so screens are preloaded instead (firstScreen.ts at
 * start, useScreenReady in RouteGate on the way; bench:app, bench:embed). Drawn before that, it
 * suspends as React.lazy does, and a failed fetch reaches the error boundary.
 */
export function lazyScreen<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyScreen<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => (loading ??= load().then((screen) => (loaded = screen)));
  const Suspending = lazy(async () => ({ default: await preload() }));
  const Screen = (props: Props) => createElement(loaded ?? Suspending, props);
  return Object.assign(Screen, { preload, isLoaded: () => loaded !== undefined });
}

/** What a route row's screen may carry: a plain component has neither. */
export type MaybeLazyScreen = Partial<Pick<LazyScreen<object>, 'preload' | 'isLoaded'>>;

/**
 * False while a lazy screen's code is on its way (the caller shows its own loading state instead of
 * a Suspense fallback); true once it has arrived, or failed (drawing it then reaches the error boundary).
 */
export function useScreenReady(screen: MaybeLazyScreen): boolean {
  const [ready, setReady] = useState(() => screen.isLoaded?.() ?? true);
  useEffect(() => {
    if (ready || !screen.preload) return;
    let live = true;
    const settle = () => live && setReady(true);
    screen.preload().then(settle, settle);
    return () => {
      live = false;
    };
  }, [ready, screen]);
  return ready;
}
