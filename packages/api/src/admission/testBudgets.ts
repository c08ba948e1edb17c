// Admission budgets for its tests: a slot or two per class, so a few requests show who starts, who
// waits and who is refused.
import type { AdmissionBudgets } from './admission.ts';

export const TEST_BUDGETS: AdmissionBudgets = {
  light: { slots: 2, perUserRunning: 2, perUserWaiting: 8 },
  heavy: { slots: 2, perUserRunning: 1, perUserWaiting: 2 },
  export: { slots: 1, perUserRunning: 1, perUserWaiting: 4 },
  optimizer: { slots: 1, perUserRunning: 1, perUserWaiting: 2 },
  merchant: { slots: 1, perUserRunning: 1, perUserWaiting: 2 },
  document: { slots: 1, perUserRunning: 1, perUserWaiting: 1 },
  scheduled: { slots: 1, perUserRunning: 1, perUserWaiting: 1000 },
};
