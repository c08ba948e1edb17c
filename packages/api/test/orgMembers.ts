// A member of an organisation with an identity of their own, for tests that revoke sessions or remove
// factors: the seeded identities are shared by every test file, so those tests never touch them.
import type { RoleName } from '@payportal/shared/identity';
import { inject } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { TEST_PROJECT_ID } from './globalSetup.ts';

export interface Member {
  uid: string;
  email: string;
  name: string;
  orgId: number;
  roles: RoleName[];
  /** An SMS second factor to enrol. */
  phone?: string;
  password?: string;
}

export const MEMBER_PASSWORD = 'Member-pass-2026';

/** Creates the identity (e-mail verified) and the linked portal user; answers the user's id. */
export async function createMember(db: Database, member: Member): Promise<number> {
  const identity = {
    localId: member.uid,
    email: member.email,
    emailVerified: true,
    // A member with a phone signs in with password and SMS code (emulatorTokens.ts).
    ...((member.password ?? member.phone) && { rawPassword: member.password ?? MEMBER_PASSWORD }),
    ...(member.phone && {
      mfaInfo: [{ mfaEnrollmentId: `${member.uid}-phone`, displayName: 'Mobile', phoneInfo: member.phone }],
    }),
  };
  const response = await fetch(
    `http://${inject('emulatorHost')}/identitytoolkit.googleapis.com/v1/projects/${TEST_PROJECT_ID}/accounts:batchCreate`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ users: [identity], allowOverwrite: true }),
    },
  );
  if (!response.ok) throw new Error(`creating ${member.email} failed: ${response.status}`);
  const [user] = await db.query<{ id: number }>(
    'insert into users (email, firebase_uid, name, org_id) values ($1, $2, $3, $4) returning id',
    [member.email, member.uid, member.name, member.orgId],
  );
  await db.query('insert into user_roles (user_id, role_id) select $1, id from roles where name = any($2::text[])', [
    user!.id,
    member.roles,
  ]);
  return user!.id;
}
