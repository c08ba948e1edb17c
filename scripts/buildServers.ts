// The servers' production build: the API and the partner demo's server, each one ES module for plain
// Node with a source map. The workspace packages (@payportal/*) are bundled in, since their exports
// are TypeScript; every npm package stays an import, to be installed by `npm ci --omit=dev` (native
// ones such as @duckdb/node-api and @electric-sql/pglite's WebAssembly cannot be bundled anyway).
// The build stops if the bundle imports a package that no production `dependencies` of the server or
// of a workspace package it bundles declares: such an import would fail only once deployed.
import { readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { repoRoot } from './stackConfig.ts';

export interface ServerBuild {
  /** The workspace package that owns the server, and so the production dependencies it may import. */
  workspace: string;
  entry: string;
  /** The built entry; modules the entry imports lazily go into chunks beside it (same folder, so `import.meta.url` still points one level below the package). */
  outfile: string;
  /** Its folder holds nothing but this build, and is emptied first (no stale chunks). */
  ownsFolder: boolean;
}

export const SERVER_BUILDS = {
  api: {
    workspace: 'packages/api',
    entry: 'packages/api/src/server.ts',
    outfile: 'packages/api/dist/server.js',
    ownsFolder: true,
  },
  // Beside the page's build (vite's dist/), which the demo server serves.
  demo: {
    workspace: 'packages/parent-demo',
    entry: 'packages/parent-demo/server.ts',
    outfile: 'packages/parent-demo/dist/server.js',
    ownsFolder: false,
  },
} as const satisfies Record<string, ServerBuild>;

/** Where each workspace package lives, by name. */
const WORKSPACES: Record<string, string> = Object.fromEntries(
  (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces.map(
    (dir) => [readManifest(dir).name, dir],
  ),
);

function readManifest(dir: string): { name: string; dependencies?: Record<string, string> } {
  return JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8'));
}

/** The package an import specifier names: `@scope/name` or `name`, without a subpath. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** Production dependencies of `workspace` and of every workspace package it depends on, transitively. */
export function productionDependencies(workspace: string): Set<string> {
  const allowed = new Set<string>();
  const visit = (dir: string) => {
    for (const name of Object.keys(readManifest(dir).dependencies ?? {})) {
      if (allowed.has(name)) continue;
      allowed.add(name);
      if (WORKSPACES[name]) visit(WORKSPACES[name]);
    }
  };
  visit(workspace);
  return allowed;
}

const builtins = new Set(builtinModules);

/** Bundles @payportal/* and keeps every other package as an import, noting each one kept. */
function externalPackages(kept: Set<string>): Plugin {
  return {
    name: 'external-packages',
    setup(plugin) {
      plugin.onResolve({ filter: /^[^./]/ }, ({ path }) => {
        if (path.startsWith('node:') || builtins.has(path)) return { path, external: true };
        if (packageOf(path) in WORKSPACES) return undefined;
        kept.add(packageOf(path));
        return { path, external: true };
      });
    },
  };
}

export async function buildServer(server: ServerBuild): Promise<void> {
  const kept = new Set<string>();
  if (server.ownsFolder) rmSync(join(repoRoot, dirname(server.outfile)), { recursive: true, force: true });
  await build({
    entryPoints: { [basename(server.outfile, '.js')]: join(repoRoot, server.entry) },
    outdir: join(repoRoot, dirname(server.outfile)),
    // The API reads its settings before it loads the rest (server.ts): a wrong one stops it at once.
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    // The app's sources keep their names in stack traces; the bundle is not shipped to browsers.
    minify: false,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [externalPackages(kept)],
  });
  const allowed = productionDependencies(server.workspace);
  const undeclared = [...kept].filter((name) => !allowed.has(name)).sort();
  if (undeclared.length) {
    throw new Error(
      `${server.outfile} imports ${undeclared.join(', ')}, which no production dependencies of ${server.workspace} (or of a workspace package it uses) declare: add them to "dependencies" there.`,
    );
  }
}

export async function buildServers(): Promise<void> {
  for (const server of Object.values(SERVER_BUILDS)) await buildServer(server);
}

// Run by scripts/build.ts in a process of its own, so that its callers stay synchronous.
if (import.meta.url === `file://${process.argv[1]}`) {
  buildServers().catch((error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  });
}
