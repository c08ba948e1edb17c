// Test support: renders a screen inside a wouter router held in memory, so navigation is observable.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { setPortalConfigForTests } from '../../lib/config.ts';

export function renderRoute(element: ReactElement, path = '/auth') {
  setPortalConfigForTests({
    firebase: { apiKey: 'test-key', authDomain: 'test.example', projectId: 'demo-test' },
    allowedParentOrigins: [],
    internalEmailDomains: ['payportal.example'],
    internalEmails: [],
    supportEmail: 'support@payportal.example',
    salesEmail: 'sales@payportal.example',
  });
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      {element}
    </Router>,
  );
  return { ...view, location };
}
