// Which origins may frame the portal: exact `https://host[:port]`, nothing else.
// Plain http is allowed only for loopback hosts and only in the development stack.
import { isLoopbackHost } from './loopbackHost.ts';

/** Why `value` is not a partner origin, or null when it is one. */
export function partnerOriginProblem(value: string, options: { allowLoopbackHttp: boolean }): string | null {
  if (value.includes('*')) return `${JSON.stringify(value)}: wildcards are not allowed, list each origin`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${JSON.stringify(value)} is not an origin: write https://host[:port]`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `${JSON.stringify(value)}: only https origins may frame the portal`;
  // WHATWG URLs allow ';' and ',' in a host, which would end or split the CSP directive they go into.
  if (!/^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname))
    return `${JSON.stringify(value)}: the host must be a DNS name or an IP address`;
  if (url.origin !== value)
    return `${JSON.stringify(value)} must be exactly an origin, ${url.origin}, without path, query, trailing slash, user or wildcard`;
  if (url.protocol === 'http:') {
    if (!isLoopbackHost(url.hostname)) return `${JSON.stringify(value)}: only https origins may frame the portal`;
    if (!options.allowLoopbackHttp)
      return `${JSON.stringify(value)}: plain http (loopback) origins are for the development stack only`;
  }
  return null;
}
