// How the stack starts a server: its build (dist/server.js) with plain Node when the build is current,
// which is what ships; its source through tsx otherwise (a test or benchmark run on an edit not yet built).
import { join } from 'node:path';
import { serversAreCurrent } from './build.ts';
import { SERVER_BUILDS } from './buildServers.ts';
import { repoRoot } from './stackConfig.ts';

export type ServerName = keyof typeof SERVER_BUILDS;
export type ServerCommand = readonly [command: string, args: readonly string[]];

// Resolved here, because the services run with the data directory as their working directory.
const tsxLoader = import.meta.resolve('tsx');

/** `node dist/server.js` of the server, with its source maps read for stack traces. */
export function builtServerCommand(server: ServerName): ServerCommand {
  return [process.execPath, ['--enable-source-maps', join(repoRoot, SERVER_BUILDS[server].outfile)]];
}

/** The server's source through tsx. */
export function sourceServerCommand(server: ServerName): ServerCommand {
  return [process.execPath, ['--import', tsxLoader, join(repoRoot, SERVER_BUILDS[server].entry)]];
}

/** The built server when its build is current, else its source. */
export function serverCommand(server: ServerName): ServerCommand {
  return serversAreCurrent() ? builtServerCommand(server) : sourceServerCommand(server);
}
