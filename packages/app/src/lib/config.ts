// The runtime configuration the API wrote into index.html (shared/config/browserConfig.ts). Read once, on
// first use, so that importing a module never touches the document.
import { CONFIG_ELEMENT_ID, portalConfigSchema, readEmbeddedConfig, type PortalConfig } from '@payportal/shared/config';

let cached: PortalConfig | undefined;

export function portalConfig(): PortalConfig {
  cached ??= readEmbeddedConfig(document.getElementById(CONFIG_ELEMENT_ID)?.textContent, portalConfigSchema);
  return cached;
}
