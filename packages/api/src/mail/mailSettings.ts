// What production asks of the mail settings: mail goes over TLS, and the links in it point at
// the portal's public address, not at the machine that sent it. config.ts refuses to start with them.
import { isLoopbackHost } from '../web/loopbackHost.ts';

export interface MailSettings {
  SMTP_URL?: string | undefined;
  PUBLIC_URL?: string | undefined;
}

/** smtps:// (TLS from the start) or STARTTLS made compulsory with nodemailer's `requireTLS=true`. */
export function usesTls(smtpUrl: string): boolean {
  const url = new URL(smtpUrl);
  return url.protocol === 'smtps:' || url.searchParams.get('requireTLS') === 'true';
}

/** [setting, problem] for each production rule the settings break. */
export function mailSettingProblems(settings: MailSettings): [string, string][] {
  const problems: [string, string][] = [];
  if (settings.SMTP_URL && !usesTls(settings.SMTP_URL))
    problems.push([
      'SMTP_URL',
      'must use TLS in production: smtps://host:465, or smtp://host:587?requireTLS=true for STARTTLS',
    ]);
  if (settings.PUBLIC_URL && isLoopbackHost(new URL(settings.PUBLIC_URL).hostname))
    problems.push(['PUBLIC_URL', 'must be the portal’s public address in production, not a loopback one']);
  if (settings.SMTP_URL && !settings.PUBLIC_URL)
    problems.push(['PUBLIC_URL', 'is required in production when SMTP_URL is set (the links in every mail)']);
  return problems;
}
