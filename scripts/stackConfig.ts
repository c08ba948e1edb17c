// Ports and places of one running stack. `npm start` uses the defaults; the browser tests take
// another block of ports so they can run beside a developer's `npm start`.
import { envList, parseConfig } from '@payportal/shared/config';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const repoRoot = fileURLToPath(new URL('../', import.meta.url));

const port = z.coerce.number().int().min(1).max(65535);

export const stackConfigSchema = z.object({
  AUTH_EMULATOR_PORT: port.default(9099),
  EMULATOR_HUB_PORT: port.default(4400),
  EMULATOR_LOGGING_PORT: port.default(4500),
  API_PORT: port.default(8787),
  DEMO_PORT: port.default(8790),
  /** The local SMTP server that receives every mail the API sends (listed in the code inbox). */
  SMTP_PORT: port.default(2525),
  DATA_DIR: z.string().default(`${repoRoot}.data`),
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^demo-/, { error: 'must start with "demo-" (an offline emulator project)' })
    .default('demo-payportal'),
  /** Extra partner origins allowed to frame the portal, besides the demo's own. */
  EXTRA_PARTNER_ORIGINS: z.preprocess(envList, z.array(z.url())).default([]),
});
export type StackConfig = z.infer<typeof stackConfigSchema>;

export function readStackConfig(source: Record<string, string | undefined> = process.env): StackConfig {
  return parseConfig(stackConfigSchema, source);
}

/** The variable that changes each port, for the "port in use" message. */
export const PORT_VARIABLES = {
  AUTH_EMULATOR_PORT: 'identity emulator',
  EMULATOR_HUB_PORT: 'emulator hub',
  EMULATOR_LOGGING_PORT: 'emulator logging',
  API_PORT: 'API and app',
  DEMO_PORT: 'partner demo',
  SMTP_PORT: 'local SMTP server',
} as const satisfies Partial<Record<keyof StackConfig, string>>;

/**
 * A second stack beside `npm start`'s: every port moved up by `offset`, with the other settings given
 * (the browser tests and the browser benchmarks each run one).
 */
export function offsetStackConfig(
  offset: number,
  settings: Partial<Record<keyof StackConfig, string>> = {},
): StackConfig {
  const defaults = readStackConfig({});
  const ports = Object.keys(PORT_VARIABLES).map((name) => [
    name,
    String(defaults[name as keyof typeof PORT_VARIABLES] + offset),
  ]);
  return readStackConfig({ ...Object.fromEntries(ports), ...settings });
}

/** The origins the stack's portal lets frame it (the API's PARTNER_ORIGINS): the demo's, then EXTRA_PARTNER_ORIGINS. */
export function partnerOrigins(config: StackConfig): string[] {
  return [stackUrls(config).demo, ...config.EXTRA_PARTNER_ORIGINS];
}

export function stackUrls(config: StackConfig) {
  return {
    app: `http://localhost:${config.API_PORT}`,
    demo: `http://127.0.0.1:${config.DEMO_PORT}`,
    emulator: `http://127.0.0.1:${config.AUTH_EMULATOR_PORT}`,
    inbox: `http://localhost:${config.API_PORT}/dev/inbox`,
  };
}
