// What server.ts writes into the page: where the portal is, and the identity project to sign in to.
import { z } from 'zod';
import { CONFIG_ELEMENT_ID, firebaseWebConfigSchema, readEmbeddedConfig } from '@payportal/shared/config';

export const demoConfigSchema = z.object({
  portalUrl: z.url(),
  firebase: firebaseWebConfigSchema,
});
export type DemoConfig = z.infer<typeof demoConfigSchema>;

export function readDemoConfig(): DemoConfig {
  return readEmbeddedConfig(document.getElementById(CONFIG_ELEMENT_ID)?.textContent, demoConfigSchema);
}
