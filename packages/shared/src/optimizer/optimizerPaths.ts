// The revenue optimizer API: each route's pattern (what the API registers)
// and its path builder (what the app calls) side by side, so the two cannot drift apart.
const base = '/api/optimizer/v1';

export const OPTIMIZER_ROUTES = {
  defaults: `${base}/defaults`,
  pnl: `${base}/pnl`,
  pnlExport: `${base}/pnl/export`,
  simulate: `${base}/simulate`,
  simulatePayouts: `${base}/simulate/payouts`,
  leakage: `${base}/leakage`,
  regulatory: `${base}/regulatory`,
  scenarios: `${base}/scenarios/`,
  scenario: `${base}/scenarios/:scenarioId`,
  scenarioMerchants: `${base}/scenarios/:scenarioId/merchants.csv`,
} as const;

export const OPTIMIZER_PATHS = {
  /** GET: the attrition model's default tables with their sources. */
  defaults: () => OPTIMIZER_ROUTES.defaults,
  /** POST a P&L request: merchants' P&L rows, totals and the distribution. */
  pnl: () => OPTIMIZER_ROUTES.pnl,
  /** POST: the P&L's rows as a CSV export job (followed, cancelled and downloaded through the exports API). */
  pnlExport: () => OPTIMIZER_ROUTES.pnlExport,
  /** POST a repricing scenario: waterfall, distribution, merchants over the tolerance. */
  simulate: () => OPTIMIZER_ROUTES.simulate,
  /** POST a scenario definition: its expected change of the residual payouts by level over the 12 months. */
  simulatePayouts: () => OPTIMIZER_ROUTES.simulatePayouts,
  /** GET: interchange leakage by cause and merchants ranked by recoverable $/month. */
  leakage: () => OPTIMIZER_ROUTES.leakage,
  /** GET: the regulatory what-ifs. */
  regulatory: () => OPTIMIZER_ROUTES.regulatory,
  /** GET: the organisation's saved scenarios; POST: save one. */
  scenarios: () => OPTIMIZER_ROUTES.scenarios,
  /** GET one saved scenario; DELETE it. */
  scenario: (scenarioId: number) => `${base}/scenarios/${scenarioId}`,
  /** GET: the affected merchants of a saved scenario as CSV. */
  scenarioMerchants: (scenarioId: number) => `${base}/scenarios/${scenarioId}/merchants.csv`,
} as const;
