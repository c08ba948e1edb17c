import { describe, expect, it } from 'vitest';
import { standaloneRedirectTarget } from './standaloneRedirect.ts';

const here = { origin: 'https://review-42.payportal.dev', pathname: '/dashboards', search: '?x=1', hash: '#top' };

describe('a non-production build redirects standalone visitors to the sandbox or production portal', () => {
  it('keeps the path, query and fragment on the configured portal', () => {
    expect(standaloneRedirectTarget({ redirectStandaloneTo: 'https://sandbox.payportal.example/' }, here)).toBe(
      'https://sandbox.payportal.example/dashboards?x=1#top',
    );
  });

  it('stays when nothing is configured (production, the demo stack) or the target is this portal', () => {
    expect(standaloneRedirectTarget({}, here)).toBeNull();
    expect(standaloneRedirectTarget({ redirectStandaloneTo: 'https://review-42.payportal.dev/' }, here)).toBeNull();
  });
});
