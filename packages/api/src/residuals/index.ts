// The residuals feature: its one register.
export { registerResiduals } from './registerResiduals.ts';
export { residualStatementSource } from './residualStatementCsv.ts';
