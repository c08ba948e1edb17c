// Test support: renders a screen inside a wouter router held in memory, so navigation is observable.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { setTestPortalConfig } from './testPortalConfig.ts';

export function renderRoute(element: ReactElement, path = '/auth') {
  setTestPortalConfig();
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      {element}
    </Router>,
  );
  return { ...view, location };
}
