import { createElement, lazy, type ComponentType } from 'react';

export type LazyScreen<Props extends object> = ComponentType<Props> & {
  /** Fetches the screen's code; once it has arrived the screen renders at once, without suspending. */
  preload: () => Promise<unknown>;
};

/**
 * A screen loaded on first use, so each route's code is its own chunk (the /auth bundle stays small).
 * A screen preloaded before it is first drawn never suspends: React 19 holds content back for up to
 * 300 ms after a Suspense fallback was shown, so the first route's screen is preloaded instead
 * (firstScreen.ts, bench:app).
 */
export function lazyScreen<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyScreen<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => (loading ??= load().then((screen) => (loaded = screen)));
  const Suspending = lazy(async () => ({ default: await preload() }));
  const Screen = (props: Props) => createElement(loaded ?? Suspending, props);
  return Object.assign(Screen, { preload });
}
