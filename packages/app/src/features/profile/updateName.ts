import { API_PATHS, userUpdateResponseSchema, type WarehouseUser } from '@payportal/shared/identity';
import { apiRequest } from '../../lib/apiClient.ts';

/** PUT /api/auth/v1/user/{id} with the user's fields and the new name. */
export function updateName(user: WarehouseUser, name: string): Promise<WarehouseUser> {
  return apiRequest(API_PATHS.user(user.id), {
    method: 'PUT',
    body: { ...user, name: name.trim() },
    schema: userUpdateResponseSchema,
  });
}
