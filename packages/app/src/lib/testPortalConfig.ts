// Test support: the page configuration a component test runs with, instead of one written into a page.
import { setPortalConfigForTests } from './config.ts';

export function setTestPortalConfig(): void {
  setPortalConfigForTests({
    firebase: { apiKey: 'test-key', authDomain: 'test.example', projectId: 'demo-test' },
    allowedParentOrigins: [],
    internalEmailDomains: ['payportal.example'],
    internalEmails: [],
    supportEmail: 'support@payportal.example',
    salesEmail: 'sales@payportal.example',
  });
}
