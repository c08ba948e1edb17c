// Test support: the page configuration a component test runs with, written into the document as the
// API writes it into index.html, so production code keeps no door for tests.
import { CONFIG_ELEMENT_ID, type PortalConfig } from '@payportal/shared/config';

export const TEST_PORTAL_CONFIG: PortalConfig = {
  firebase: { apiKey: 'test-key', authDomain: 'test.example', projectId: 'demo-test' },
  allowedParentOrigins: [],
  internalEmailDomains: ['payportal.example'],
  internalEmails: [],
  supportEmail: 'support@payportal.example',
  salesEmail: 'sales@payportal.example',
};

export function setTestPortalConfig(): void {
  let element = document.getElementById(CONFIG_ELEMENT_ID);
  if (!element) {
    element = document.createElement('script');
    element.id = CONFIG_ELEMENT_ID;
    element.setAttribute('type', 'application/json');
    document.head.append(element);
  }
  element.textContent = JSON.stringify(TEST_PORTAL_CONFIG);
}
