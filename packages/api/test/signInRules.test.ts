// The sign-in rules of hold at the API, whatever the browser does. Each
// refusal is asked of the API directly with a real emulator token, and has its own code. The 30-day
// persistence window is tested with signed tokens in productionTokens.test.ts: an emulator token whose
// auth_time is edited back reads as revoked (its identity was created today).
import { API_ERROR_CODES } from '@payportal/shared/errors';
import { API_PATHS } from '@payportal/shared/identity';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { lookupPasswordDates, type PasswordDates } from '../src/auth/passwordDates.ts';
import { createTokenVerifier } from '../src/auth/verifyToken.ts';
import type { Database } from '../src/db/database.ts';
import { createIdentity, idTokenFor, signInWithoutSecondFactor } from './emulatorTokens.ts';
import { bearer, createTestApp, testConfig } from './testApp.ts';
import { openTestDatabase } from './testDatabase.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('sign-in rules at the API', () => {
  let db: Database;
  let app: FastifyInstance;
  /** The same API, with the identity service's password date answered from here (the emulator always says "now"). */
  let oldPasswordApp: FastifyInstance;
  let passwordDates: PasswordDates;
  const lookups: string[] = [];

  const signedInAs = (target: FastifyInstance, token: string) =>
    target.inject({ method: 'POST', url: API_PATHS.authenticate, headers: bearer(token) });
  const lastLoggedIn = async (email: string) =>
    (
      await db.query<{ last: string | null }>("select config->>'last_logged_in' as last from users where email = $1", [
        email,
      ])
    )[0]!.last;
  const setLastLoggedIn = (email: string, at: Date) =>
    db.query(`update users set config = config || jsonb_build_object('last_logged_in', $2::text) where email = $1`, [
      email,
      at.toISOString(),
    ]);

  beforeAll(async () => {
    db = (await openTestDatabase('pglite'))!;
    app = await createTestApp(db);
    const config = testConfig();
    const verifier = createTokenVerifier(config, {
      passwordDates: async (uid) => {
        lookups.push(uid);
        return passwordDates;
      },
    });
    oldPasswordApp = await createApp({ config, db, verifier });
    oldPasswordApp.addHook('onClose', () => verifier.close());
    await db.query(
      "insert into users (email, firebase_uid, name, org_id) select 'nofactor@acme.example', 'rules-no-factor', 'Noa Nofactor', id from organizations where name = 'Acme Acquiring'",
    );
    await createIdentity({ uid: 'rules-no-factor', email: 'nofactor@acme.example', emailVerified: true });
  });
  afterAll(async () => {
    await app.close();
    await oldPasswordApp.close();
    await db.close();
  });

  it('refuses an unverified e-mail with api/email-not-verified', async () => {
    const response = await signedInAs(app, await signInWithoutSecondFactor('seed-unverified'));
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: API_ERROR_CODES.emailNotVerified,
      message: 'Please check your email for a verification link.',
    });
  });

  it('refuses a standalone user whose sign-in skipped the SMS step, on reads too, and accepts the same user after it', async () => {
    const passwordOnly = await signInWithoutSecondFactor('seed-mfa');
    const refused = await signedInAs(app, passwordOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe(API_ERROR_CODES.secondFactorRequired);
    const read = await app.inject({ url: `${API_PATHS.users}?email=mfa@acme.example`, headers: bearer(passwordOnly) });
    expect(read.json().error.code).toBe(API_ERROR_CODES.secondFactorRequired);
    expect((await signedInAs(app, await idTokenFor('seed-mfa'))).statusCode).toBe(200);
    // A user who never registered a phone cannot reach the API before registering one.
    expect((await signedInAs(app, await signInWithoutSecondFactor('rules-no-factor'))).json().error.code).toBe(
      API_ERROR_CODES.secondFactorRequired,
    );
  });

  it("lets internal addresses and partner sessions in without the SMS step, never a partner user's other tokens", async () => {
    expect((await signedInAs(app, await signInWithoutSecondFactor('seed-staff'))).statusCode).toBe(200);
    // The partner demo's session (its claim on a custom sign-in) needs no SMS step; the same user without it is refused.
    expect((await signedInAs(app, await idTokenFor('seed-partner'))).statusCode).toBe(200);
    expect((await signedInAs(app, await signInWithoutSecondFactor('seed-partner'))).json().error.code).toBe(
      API_ERROR_CODES.partnerSignInOnly,
    );
  });

  it('refuses a password older than 60 days once the last login is older than 60 days, and writes no login', async () => {
    const ninetyDaysAgo = new Date(Date.now() - 90 * DAY);
    await setLastLoggedIn('uploader@acme.example', ninetyDaysAgo);
    passwordDates = { updatedAt: Date.now() - 61 * DAY, createdAt: null };
    const token = await idTokenFor('seed-uploader');
    const refused = await signedInAs(oldPasswordApp, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe(API_ERROR_CODES.passwordExpired);
    expect(await lastLoggedIn('uploader@acme.example')).toBe(ninetyDaysAgo.toISOString());

    // Reset: the next request asks again (a refusal is not cached) and gets in; the login is written.
    passwordDates = { updatedAt: Date.now() - DAY, createdAt: null };
    expect((await signedInAs(oldPasswordApp, token)).statusCode).toBe(200);
    expect(lookups.filter((uid) => uid === 'seed-uploader')).toHaveLength(2);
    expect(Date.parse((await lastLoggedIn('uploader@acme.example'))!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('does not ask for the password date while the last login is recent', async () => {
    await setLastLoggedIn('owner@acme.example', new Date(Date.now() - 59 * DAY));
    passwordDates = { updatedAt: Date.now() - 400 * DAY, createdAt: null };
    expect((await signedInAs(oldPasswordApp, await idTokenFor('seed-owner'))).statusCode).toBe(200);
    expect(lookups).not.toContain('seed-owner');
  });

  it('asks the identity emulator itself for the password date (accounts:lookup), which reads as just set', async () => {
    const token = await idTokenFor('seed-mfa');
    const { updatedAt } = await lookupPasswordDates(testConfig())('seed-mfa', token);
    expect(Date.now() - updatedAt!).toBeLessThan(DAY);
    await setLastLoggedIn('mfa@acme.example', new Date(Date.now() - 90 * DAY));
    expect((await signedInAs(app, token)).statusCode).toBe(200);
  });
});
