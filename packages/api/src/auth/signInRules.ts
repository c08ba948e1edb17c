// The sign-in rules, enforced by the API on every request, not only
// by the app's screens: a token that breaks one is refused with its own code, which the app maps to the
// spec's screen and text. They run after the token is verified and the portal user found active, and
// before anything is written (so authenticate's last_logged_in is written only when all pass).
//
// Who they apply to (SECURITY.md #3): every user needs a verified e-mail and a sign-in at most 30 days
// old. Every sign-in also needs the SMS second factor, unless the address is internal, and a password
// set within 60 days once the last login is 60 days old; except a partner's session (the token itself
// says so: a custom-token sign-in carrying the partner claim, which only the exchange mints), whose
// partner portal signed the user in. A partner-bound user's other tokens (a password they set through
// a reset) were already refused by partners/partnerBinding.ts: that account signs in through its partner.
import type { PortalConfig } from '@payportal/shared/config';
import { API_ERROR_CODES, AUTH_ERROR_TEXTS } from '@payportal/shared/errors';
import { isInternalEmail, isLoginTooOld, isOlderThanPasswordAge, type WarehouseUser } from '@payportal/shared/identity';
import { ApiError } from '../errors/apiError.ts';
import { createExpiringCache } from './expiringCache.ts';
import type { PasswordDates } from './passwordDates.ts';
import type { VerifiedToken } from './verifyToken.ts';
import { isPartnerSession } from '../partners/partnerBinding.ts';

/** A password date that passed is trusted this long; one that failed is asked again (the user may reset it). */
const PASSWORD_DATE_CACHE_MS = 10 * 60_000;

export interface SignInRules {
  /**
   * Throws the refusal of the first rule `token` breaks for `user`. Answers a promise only when the
   * identity service must be asked (the password date): every other request pays no await for it.
   */
  check(user: WarehouseUser, token: VerifiedToken, rawToken: string): Promise<void> | undefined;
}

export interface SignInRuleOptions {
  internal: Pick<PortalConfig, 'internalEmailDomains' | 'internalEmails'>;
  passwordDates: (uid: string, token: string) => Promise<PasswordDates>;
  now?: () => number;
}

export function createSignInRules({ internal, passwordDates, now = Date.now }: SignInRuleOptions): SignInRules {
  const passedPasswordAge = createExpiringCache<true>(10_000, now);

  const checkPasswordAge = async (token: VerifiedToken, rawToken: string) => {
    const { updatedAt } = await passwordDates(token.uid, rawToken);
    if (updatedAt !== null && isOlderThanPasswordAge(updatedAt, now())) {
      throw new ApiError(
        403,
        API_ERROR_CODES.passwordExpired,
        'The password is older than 60 days: reset it, then sign in again.',
      );
    }
    passedPasswordAge.set(token.uid, true, now() + PASSWORD_DATE_CACHE_MS);
  };

  return {
    check(user, token, rawToken) {
      if (!token.emailVerified) {
        throw new ApiError(403, API_ERROR_CODES.emailNotVerified, AUTH_ERROR_TEXTS.signIn.EMAIL_NOT_VERIFIED);
      }
      if (isLoginTooOld(token.authTime, now())) {
        throw new ApiError(401, API_ERROR_CODES.signInTooOld, 'The sign-in is more than 30 days old: sign in again.');
      }
      if (isPartnerSession(token)) return undefined;
      if (!token.secondFactor && !isInternalEmail(user.email, internal)) {
        throw new ApiError(
          403,
          API_ERROR_CODES.secondFactorRequired,
          'This account signs in with an SMS code: finish the second step of the sign-in first.',
        );
      }
      // the password date is looked up only when the last login is older than 60 days.
      const lastLogin = Date.parse(user.config.last_logged_in ?? '');
      if (!isOlderThanPasswordAge(lastLogin, now()) || passedPasswordAge.get(token.uid)) return undefined;
      return checkPasswordAge(token, rawToken);
    },
  };
}
