// One signed-in answer of POST /api/auth/v1/authenticate/ for component tests, changed where a test needs.
import type { AuthenticateResponse } from '@payportal/shared/identity';

export function authenticateAnswer(
  overrides: { user?: Partial<AuthenticateResponse['user']> } & Partial<Omit<AuthenticateResponse, 'user'>> = {},
): AuthenticateResponse {
  const { user, ...rest } = overrides;
  return {
    user: {
      id: 7,
      email: 'owner@acme.example',
      firebase_uid: 'seed-owner',
      name: 'Olivia Owner',
      org_id: 1,
      is_active: true,
      config: {},
      sign_in_method: 'standalone',
      ...user,
    },
    roles: ['org_owner', 'query'],
    assignable_roles: ['query', 'upload'],
    organization: { id: 1, is_demo: false, name: 'Acme Acquiring' },
    embedded_terms_accepted: false,
    platform_permissions: [],
    impersonated_by: null,
    ...rest,
  };
}
