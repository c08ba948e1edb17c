// The demo organisations and accounts that `npm start` and the browser tests sign in with. One list
// feeds both the identity emulator and the portal database, so the two always agree.
import type { PlatformPermission, RoleName, SignInMethod } from '@payportal/shared/identity';

/** Every demo account has this password (10+ characters). Development only. */
export const DEMO_PASSWORD = 'Portal-demo-2026';

export interface DemoOrganization {
  name: string;
  isDemo: boolean;
}

export const DEMO_ORGANIZATIONS = {
  acme: { name: 'Acme Acquiring', isDemo: false },
  demo: { name: 'Demo Payments', isDemo: true },
  platform: { name: 'PayPortal', isDemo: false },
} as const satisfies Record<string, DemoOrganization>;

export interface DemoAccount {
  /** Stable identity id, so the portal user is linked to the same identity on every start. */
  uid: string;
  email: string;
  name: string;
  org: keyof typeof DEMO_ORGANIZATIONS;
  roles: RoleName[];
  platform?: PlatformPermission[];
  /** What a person should know about this account when they pick it. */
  purpose: string;
  /** Identity provider state. */
  emailVerified?: boolean;
  identityDisabled?: boolean;
  phoneFactor?: string;
  /**
   * How long ago the password was set. The emulator cannot hold an old date, so the
   * development API reads it from here until the password changes (seed/demoPasswordDates.ts).
   */
  passwordAgeDays?: number;
  /** Portal state. */
  active?: boolean;
  /** Default standalone (PayPortal's password and SMS steps). */
  signInMethod?: SignInMethod;
  lastLoggedInDaysAgo?: number;
  termsAccepted?: boolean;
  /** The portfolio node (its code) whose book the account sees (README "Scoped books"); default: the whole organisation. */
  scopeNode?: string;
}

/** The agent whose book agent@acme.example sees: the generator's first agent, which every dataset has. */
export const DEMO_AGENT_NODE = 'AGT-0001';

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    uid: 'seed-owner',
    email: 'owner@acme.example',
    name: 'Olivia Owner',
    org: 'acme',
    roles: ['org_owner', 'query', 'upload'],
    phoneFactor: '+16505550101',
    purpose: 'org_owner, query and upload; SMS factor',
  },
  {
    uid: 'seed-analyst',
    email: 'analyst@acme.example',
    name: 'Quinn Analyst',
    org: 'acme',
    roles: ['query'],
    purpose: 'query only; registers a phone at first sign-in',
  },
  {
    uid: 'seed-partner',
    email: 'partner@acme.example',
    name: 'Paula Partner',
    org: 'acme',
    roles: ['query'],
    signInMethod: 'partner',
    purpose:
      'partner-portal user of the partner demo: signed in by the partner portal, no SMS step (only the embed tests sign in with it)',
  },
  {
    uid: 'seed-agent',
    email: 'agent@acme.example',
    name: 'Avery Agent',
    org: 'acme',
    roles: ['query'],
    phoneFactor: '+16505550113',
    scopeNode: DEMO_AGENT_NODE,
    purpose: `query only, scoped to the book of Acme's agent ${DEMO_AGENT_NODE}; SMS factor`,
  },
  {
    uid: 'seed-uploader',
    email: 'uploader@acme.example',
    name: 'Uma Uploader',
    org: 'acme',
    roles: ['upload'],
    phoneFactor: '+16505550103',
    purpose: 'upload only; SMS factor',
  },
  {
    uid: 'seed-upload-admin',
    email: 'upload-admin@acme.example',
    name: 'Ada Upload-Admin',
    org: 'acme',
    roles: ['upload', 'upload_admin'],
    phoneFactor: '+16505550104',
    purpose: 'upload and upload_admin; SMS factor',
  },
  {
    uid: 'seed-embedded',
    email: 'embedded@acme.example',
    name: 'Eli Embedded',
    org: 'acme',
    roles: ['revenue_optimizer'],
    phoneFactor: '+16505550105',
    termsAccepted: false,
    purpose: 'revenue_optimizer only (embedded user); terms not yet accepted',
  },
  {
    uid: 'seed-optimizer',
    email: 'optimizer@acme.example',
    name: 'Otto Optimizer',
    org: 'acme',
    roles: ['revenue_optimizer'],
    signInMethod: 'partner',
    termsAccepted: true,
    purpose:
      'revenue_optimizer only (embedded user) of the partner demo: signed in by the partner portal, no SMS step; terms accepted',
  },
  {
    uid: 'seed-disputes',
    email: 'disputes@acme.example',
    name: 'Dora Disputes',
    org: 'acme',
    roles: ['query', 'disputes'],
    phoneFactor: '+16505550144',
    purpose: 'query and disputes: works the dispute desk; SMS factor',
  },
  {
    uid: 'seed-mfa',
    email: 'mfa@acme.example',
    name: 'Max Factor',
    org: 'acme',
    roles: ['query'],
    phoneFactor: '+16505550123',
    purpose: 'query; SMS factor enrolled (number ending 0123)',
  },
  {
    uid: 'seed-inactive',
    email: 'inactive@acme.example',
    name: 'Ina Inactive',
    org: 'acme',
    roles: ['query'],
    phoneFactor: '+16505550107',
    active: false,
    purpose: 'portal user deactivated (is_active false)',
  },
  {
    uid: 'seed-disabled',
    email: 'disabled@acme.example',
    name: 'Dee Disabled',
    org: 'acme',
    roles: ['query'],
    identityDisabled: true,
    purpose: 'identity account disabled',
  },
  {
    uid: 'seed-stale',
    email: 'stale@acme.example',
    name: 'Stan Stale',
    org: 'acme',
    roles: ['query'],
    phoneFactor: '+16505550109',
    lastLoggedInDaysAgo: 90,
    passwordAgeDays: 90,
    purpose: 'last sign-in and password both 90 days ago (password-age check)',
  },
  {
    uid: 'seed-unverified',
    email: 'unverified@acme.example',
    name: 'Val Unverified',
    org: 'acme',
    roles: ['query'],
    emailVerified: false,
    purpose: 'e-mail not verified',
  },
  {
    uid: 'seed-demo',
    email: 'demo@demo-payments.example',
    name: 'Dana Demo',
    org: 'demo',
    roles: ['org_owner', 'query'],
    phoneFactor: '+16505550111',
    purpose: 'owner of the demo organisation (is_demo true)',
  },
  {
    uid: 'seed-newcomer',
    email: 'newcomer@demo-payments.example',
    name: 'Nia Newcomer',
    org: 'demo',
    roles: ['revenue_optimizer'],
    phoneFactor: '+16505550112',
    termsAccepted: false,
    purpose:
      'revenue_optimizer only; terms never accepted by the tests (support views them read-only in the partner demo)',
  },
  {
    uid: 'seed-staff',
    email: 'staff@payportal.example',
    name: 'Sam Staff',
    org: 'platform',
    roles: ['query'],
    purpose: 'internal address: skips phone registration',
  },
  {
    uid: 'seed-support',
    email: 'support@payportal.example',
    name: 'Sue Support',
    org: 'platform',
    roles: [],
    platform: ['support'],
    purpose: 'platform support: read-only impersonation',
  },
  {
    uid: 'seed-support-lead',
    email: 'support-lead@payportal.example',
    name: 'Lee Support-Lead',
    org: 'platform',
    roles: [],
    platform: ['support', 'support_write'],
    purpose: 'platform support with support_write',
  },
];
