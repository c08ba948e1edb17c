// The revenue optimizer's calls: every answer parsed with the shared schemas.
import { exportJobSchema } from '@payportal/shared/exports';
import {
  leakageResultSchema,
  OPTIMIZER_PATHS,
  optimizerDefaultsSchema,
  pnlResultSchema,
  regulatoryResultSchema,
  savedScenarioSchema,
  scenarioListSchema,
  scenarioPayoutsSchema,
  simulationResultSchema,
  type PnlRequestInput,
  type RunPnlExportBodyInput,
  type ScenarioBodyInput,
  type ScenarioDefinitionInput,
} from '@payportal/shared/optimizer';
import { apiRequest } from '../../lib/apiClient.ts';

export const fetchDefaults = (signal?: AbortSignal) =>
  apiRequest(OPTIMIZER_PATHS.defaults(), { schema: optimizerDefaultsSchema, signal });
export const fetchPnl = (request: PnlRequestInput, signal?: AbortSignal) =>
  apiRequest(OPTIMIZER_PATHS.pnl(), { method: 'POST', body: request, schema: pnlResultSchema, signal });
/** Queues the P&L's rows as a CSV export job, followed and downloaded like any export. */
export const exportPnl = (pnl: RunPnlExportBodyInput['pnl']) =>
  apiRequest(OPTIMIZER_PATHS.pnlExport(), { method: 'POST', body: { pnl }, schema: exportJobSchema });
export const simulate = (definition: ScenarioDefinitionInput, signal?: AbortSignal) =>
  apiRequest(OPTIMIZER_PATHS.simulate(), { method: 'POST', body: definition, schema: simulationResultSchema, signal });

export const simulatePayouts = (definition: ScenarioDefinitionInput, signal?: AbortSignal) =>
  apiRequest(OPTIMIZER_PATHS.simulatePayouts(), {
    method: 'POST',
    body: definition,
    schema: scenarioPayoutsSchema,
    signal,
  });
export const fetchLeakage = (signal?: AbortSignal) =>
  apiRequest(OPTIMIZER_PATHS.leakage(), { schema: leakageResultSchema, signal });
export const fetchRegulatory = (signal?: AbortSignal) =>
  apiRequest(OPTIMIZER_PATHS.regulatory(), { schema: regulatoryResultSchema, signal });
export const fetchScenarios = (signal?: AbortSignal) =>
  apiRequest(OPTIMIZER_PATHS.scenarios(), { schema: scenarioListSchema, signal });
export const saveScenario = (body: ScenarioBodyInput) =>
  apiRequest(OPTIMIZER_PATHS.scenarios(), { method: 'POST', body, schema: savedScenarioSchema });
export const deleteScenario = (id: number) => apiRequest(OPTIMIZER_PATHS.scenario(id), { method: 'DELETE' });

/**
 * The affected merchants of a saved scenario as a CSV file: fetched with the bearer in a header (never a
 * URL), then handed to the browser as a blob download, which works inside a frame too.
 */
export async function downloadAffectedMerchants(id: number, name: string): Promise<void> {
  const csv = (await apiRequest(OPTIMIZER_PATHS.scenarioMerchants(id), { text: true })) as unknown as string;
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = `${name} - affected merchants.csv`;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
