// Development only: the identity emulator keeps the e-mail action codes and SMS codes it "sent", but
// prints nothing a person can read them from. This reads them from its REST endpoints
// for the inbox page and `npm run codes`.
export interface InboxEntry {
  kind: 'email' | 'sms';
  to: string;
  what: string;
  code: string;
  link?: string;
}

interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}
interface VerificationCode {
  phoneNumber: string;
  sessionInfo: string;
  code: string;
}

export async function readInbox(emulatorOrigin: string, projectId: string, appOrigin?: string): Promise<InboxEntry[]> {
  const base = `${emulatorOrigin}/emulator/v1/projects/${projectId}`;
  const [oob, sms] = await Promise.all([
    fetch(`${base}/oobCodes`).then((response) => response.json() as Promise<{ oobCodes?: OobCode[] }>),
    fetch(`${base}/verificationCodes`).then(
      (response) => response.json() as Promise<{ verificationCodes?: VerificationCode[] }>,
    ),
  ]);
  const emails: InboxEntry[] = (oob.oobCodes ?? []).map((entry) => ({
    kind: 'email',
    to: entry.email,
    what: entry.requestType,
    code: entry.oobCode,
    link: appOrigin ? appActionLink(entry.oobLink, appOrigin) : entry.oobLink,
  }));
  const texts: InboxEntry[] = (sms.verificationCodes ?? []).map((entry) => ({
    kind: 'sms',
    to: entry.phoneNumber,
    what: 'SMS code',
    code: entry.code,
  }));
  return [...emails, ...texts].reverse();
}

/** The emulator's links point at its own handler; the product's handler is /usermgmt/action. */
function appActionLink(oobLink: string, appOrigin: string): string {
  const source = new URL(oobLink);
  const target = new URL('/usermgmt/action', appOrigin);
  for (const name of ['mode', 'oobCode', 'continueUrl', 'lang']) {
    const value = source.searchParams.get(name);
    if (value) target.searchParams.set(name, value);
  }
  return target.toString();
}
