import { lazy, type ComponentType } from 'react';

/** A screen loaded on first use, so each route's code is its own chunk (the /auth bundle stays small). */
export function lazyScreen<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => ({ default: await load() }));
}
