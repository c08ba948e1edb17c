// What other features may use of optimizer/: they import from this file only (eslint.config.js); app.ts
// composes the feature through registerOptimizer.ts.
export { actorOf } from './optimizerRouteParts.ts';
export type { ScenarioActor } from './scenarioRepository.ts';
