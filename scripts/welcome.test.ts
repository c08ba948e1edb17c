import { DEMO_ACCOUNTS, DEMO_ORGANIZATIONS, DEMO_PASSWORD } from '@payportal/api/demo-accounts';
import { describe, expect, it } from 'vitest';
import { readStackConfig } from './stackConfig.ts';
import { welcomeText } from './welcome.ts';

const text = (env: Record<string, string> = {}) =>
  welcomeText({
    config: readStackConfig(env),
    totalMs: 1234,
    accounts: DEMO_ACCOUNTS,
    organizations: DEMO_ORGANIZATIONS,
    password: DEMO_PASSWORD,
  }).join('\n');

describe('npm start’s welcome', () => {
  it('prints the src for mountPortal and every partner origin allowed to frame the portal', () => {
    expect(text()).toContain('mountPortal src       http://localhost:8787/');
    expect(text()).toContain('allowed partner pages http://127.0.0.1:8790   ');
    expect(text({ EXTRA_PARTNER_ORIGINS: 'http://localhost:3000,https://partner.test' })).toContain(
      'allowed partner pages http://127.0.0.1:8790, http://localhost:3000, https://partner.test',
    );
  });

  it('says which demo accounts have an SMS factor, and which do not', () => {
    const lines = text().split('\n');
    expect(lines.find((line) => line.includes('mfa@acme.example'))).toMatch(/ SMS ••0123 /);
    expect(lines.find((line) => line.includes('owner@acme.example'))).toMatch(/ SMS ••0101 /);
    expect(lines.find((line) => line.includes('partner@acme.example'))).toMatch(/ no SMS /);
    expect(lines.find((line) => line.includes('analyst@acme.example'))).toMatch(/ no SMS /);
  });
});
