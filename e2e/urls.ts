import { stackUrls } from '../scripts/stackConfig.ts';
import { testStackConfig } from './testStack.ts';

/** Where the test stack's services are (the same ports globalSetup started them on). */
export const urls = stackUrls(testStackConfig());
export const projectId = testStackConfig().FIREBASE_PROJECT_ID;
