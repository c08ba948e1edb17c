// The residuals screens' calls, on the shared contract (`@payportal/shared/residuals`).
import {
  RESIDUAL_PATHS,
  residualMerchantsSchema,
  residualRunBodySchema,
  residualRunSchema,
  residualStatementsSchema,
} from '@payportal/shared/residuals';
import { apiRequest } from '../../lib/apiClient.ts';

export const fetchStatements = (month: string, signal?: AbortSignal) =>
  apiRequest(RESIDUAL_PATHS.statements(month), { schema: residualStatementsSchema, signal });

export const fetchMerchantLines = (node: string, month: string, signal?: AbortSignal) =>
  apiRequest(RESIDUAL_PATHS.merchants(node, month), { schema: residualMerchantsSchema, signal });

export const closeMonth = (month: string) =>
  apiRequest(RESIDUAL_PATHS.runs(), {
    method: 'POST',
    body: residualRunBodySchema.parse({ month }),
    schema: residualRunSchema,
  });
