// The dispute desk feature: its one register, and the queue's rows for the export runner (app.ts).
export { disputeQueueSource } from './disputeQueueExport.ts';
export { registerDisputes } from './registerDisputes.ts';
