// @payportal/shared/optimizer: everything its files export.
export * from './attritionModel.ts';
export * from './leakage.ts';
export * from './merchantPnl.ts';
export * from './optimizerPaths.ts';
export * from './optimizerSegment.ts';
export * from './regulatory.ts';
export * from './repricing.ts';
export * from './savedScenario.ts';
export * from './scenarioPayouts.ts';
