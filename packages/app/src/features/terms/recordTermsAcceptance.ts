import { EMBEDDED_TERMS_PRODUCT_ID } from '@payportal/shared/constants';
import { API_PATHS, termsCreateSchema } from '@payportal/shared/identity';
import { apiRequest } from '../../lib/apiClient.ts';

/** Accept records the acceptance of the embedded terms (product id 2). */
export async function recordTermsAcceptance(userId: number): Promise<void> {
  const body = termsCreateSchema.parse({
    user_id: userId,
    product_id: EMBEDDED_TERMS_PRODUCT_ID,
    acceptance_status: true,
  });
  await apiRequest(API_PATHS.terms, { method: 'POST', body });
}
