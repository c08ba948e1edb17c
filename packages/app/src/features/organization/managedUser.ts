// A user of the organisation as the API lists it, for the component tests.
export const managedUser = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  email: `user${id}@acme.example`,
  name: `User ${id}`,
  is_active: true,
  roles: ['query'],
  signed_up: true,
  last_sign_in: '2026-11-20T10:00:00.000Z',
  second_factor_enrolled: true,
  email_verified: true,
  sign_in_method: 'standalone',
  partner_id: null,
  scope_node: null,
  ...overrides,
});
