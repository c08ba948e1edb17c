// Runtime configuration handed to a browser page. The server that hosts the page writes it into the
// HTML as a JSON data block (not a script that runs, so a strict CSP holds), and the page parses it
// with the same schema. Ports and origins can therefore change without a rebuild.
// zod/mini: the app parses this at start-up, before the sign-in form.
import * as z from 'zod/mini';

export const CONFIG_ELEMENT_ID = 'payportal-config';
const PLACEHOLDER = `<script id="${CONFIG_ELEMENT_ID}" type="application/json">{}</script>`;

export const firebaseWebConfigSchema = z.object({
  apiKey: z.string().check(z.minLength(1)),
  authDomain: z.string().check(z.minLength(1)),
  projectId: z.string().check(z.minLength(1)),
  /** Set only in development: the app then calls connectAuthEmulator. */
  emulatorUrl: z.optional(z.url()),
});
export type FirebaseWebConfig = z.infer<typeof firebaseWebConfigSchema>;

export const portalConfigSchema = z.object({
  firebase: firebaseWebConfigSchema,
  /** Origins allowed to frame the portal and talk to it (PROTOCOL.md). Empty means framing fails closed. */
  allowedParentOrigins: z.array(z.url()),
  /** internal addresses skip second-factor registration when not framed. */
  internalEmailDomains: z.array(z.string().check(z.minLength(1))),
  internalEmails: z.array(z.string().check(z.minLength(1))),
  supportEmail: z.email(),
  salesEmail: z.email(),
  /** a non-production deployment sends standalone visitors to this portal (sandbox or production). */
  redirectStandaloneTo: z.optional(z.url()),
});
export type PortalConfig = z.infer<typeof portalConfigSchema>;

/** "list projects to check authorized domains": the identity service's project configuration. */
export const identityProjectSchema = z.object({ authorizedDomains: z.array(z.string()) });

/** Server side: put the configuration into the page in place of the build's empty placeholder. */
export function injectConfig(html: string, config: unknown): string {
  if (!html.includes(PLACEHOLDER)) throw new Error(`the page has no ${CONFIG_ELEMENT_ID} placeholder`);
  // `<` escaped so that no value can close the script element early.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return html.replace(PLACEHOLDER, () => `<script id="${CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`);
}

/** Browser side: parse the block the server wrote. Throws a readable error when it is missing or wrong. */
export function readEmbeddedConfig<Schema extends z.ZodMiniType>(
  text: string | null | undefined,
  schema: Schema,
): z.infer<Schema> {
  if (!text) throw new Error('This page was served without its configuration.');
  const result = schema.safeParse(JSON.parse(text));
  if (!result.success) throw new Error(`This page's configuration is not valid: ${z.prettifyError(result.error)}`);
  return result.data;
}
