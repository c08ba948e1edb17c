// The development stack only (SEED_DEMO, refused in production): the identity emulator cannot hold an
// old password date (it reads "just now" whatever the seed says), so a demo account that
// declares `passwordAgeDays` reads that age until its password is changed (then the emulator's own date).
import type { PasswordDates } from '../auth/passwordDates.ts';
import { DEMO_ACCOUNTS } from './demoAccounts.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A password set within this long of the account's creation is the seeded one. */
const SEEDED_WITHIN_MS = 5000;

export function withDemoPasswordDates(lookup: (uid: string, token: string) => Promise<PasswordDates>) {
  const ageByUid = new Map(
    DEMO_ACCOUNTS.flatMap((account) =>
      account.passwordAgeDays ? [[account.uid, account.passwordAgeDays] as const] : [],
    ),
  );
  return async (uid: string, token: string): Promise<PasswordDates> => {
    const dates = await lookup(uid, token);
    const days = ageByUid.get(uid);
    if (
      !days ||
      dates.updatedAt === null ||
      dates.createdAt === null ||
      dates.updatedAt - dates.createdAt > SEEDED_WITHIN_MS
    )
      return dates;
    return { ...dates, updatedAt: dates.createdAt - days * DAY_MS };
  };
}
