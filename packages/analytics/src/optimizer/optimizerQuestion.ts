// What the optimizer asks an engine: one union, so an engine adds one method, not six.
import type {
  AffectedMerchant,
  LeakageResult,
  PnlRequest,
  PnlResult,
  RegulatoryResult,
  ScenarioDefinition,
  SegmentOptions,
  SimulationResult,
} from '@payportal/shared/optimizer';

export type OptimizerQuestion =
  | { kind: 'segments' }
  | { kind: 'pnl'; request: PnlRequest }
  | { kind: 'simulate'; definition: ScenarioDefinition }
  | { kind: 'affected'; definition: ScenarioDefinition }
  | { kind: 'leakage' }
  | { kind: 'regulatory' };

export interface OptimizerAnswers {
  segments: SegmentOptions;
  pnl: PnlResult;
  simulate: SimulationResult;
  affected: AffectedMerchant[];
  leakage: LeakageResult;
  regulatory: RegulatoryResult;
}

export type OptimizerAnswer<Q extends OptimizerQuestion> = OptimizerAnswers[Q['kind']];

/** The optimizer's period: 12 complete months for simulations, leakage and what-ifs. */
export const TRAILING_MONTHS = 12;
/** Merchants listed over the tolerance, and leaking merchants ranked. */
export const TOP_MERCHANTS = 50;
