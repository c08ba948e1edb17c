// What `npm start` prints once every service is ready: the URLs, what a partner page needs to frame
// the local portal (its `src` and the origins allowed to frame it), and the demo accounts with whether
// each has an SMS factor.
import type { DemoAccount, DemoOrganization } from '@payportal/api/demo-accounts';
import { partnerOrigins, stackUrls, type StackConfig } from './stackConfig.ts';

export interface WelcomeInput {
  config: StackConfig;
  totalMs: number;
  accounts: DemoAccount[];
  organizations: Record<string, DemoOrganization>;
  password: string;
}

/** The SMS column: the factor's last four digits (codes arrive in the code inbox), or that there is none. */
export function smsNote(account: DemoAccount): string {
  return account.phoneFactor ? `SMS ••${account.phoneFactor.slice(-4)}` : 'no SMS';
}

export function welcomeText({ config, totalMs, accounts, organizations, password }: WelcomeInput): string[] {
  const urls = stackUrls(config);
  const width = Math.max(...accounts.map((account) => account.email.length));
  return [
    `\nPayPortal is running (all services ready in ${(totalMs / 1000).toFixed(1)} s).\n`,
    `  Portal (standalone)   ${urls.app}`,
    `  Partner demo          ${urls.demo}      (frames the portal from another site)`,
    `  Code inbox (dev)      ${urls.inbox}   (e-mail links, SMS codes and the mail the portal sent; or: npm run codes)`,
    `  Identity emulator     ${urls.emulator}\n`,
    `Framing it from your own page (packages/embed-sdk/README.md "Local quick start"):`,
    `  mountPortal src       ${urls.app}/`,
    `  allowed partner pages ${partnerOrigins(config).join(', ')}   (more: EXTRA_PARTNER_ORIGINS=http://localhost:3000 npm start)\n`,
    `Demo accounts (password for all: ${password}; SMS ••NNNN: an SMS factor on the number ending NNNN):`,
    ...accounts.map(
      (account) =>
        `  ${account.email.padEnd(width)}  ${organizations[account.org]!.name.padEnd(15)} ${smsNote(account).padEnd(10)} ${account.purpose}`,
    ),
    '\nCtrl-C stops everything.',
  ];
}
