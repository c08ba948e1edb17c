// A benchmark's API in its own process (one of the *BenchServer.ts files), driven line by line: each
// command written to its stdin is answered by one JSON line on its stdout, `{ error }` when it failed.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export function startBenchServer(entry: URL, env: NodeJS.ProcessEnv = process.env) {
  const server = spawn(process.execPath, ['--import', 'tsx', entry.pathname], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env,
  });
  const lines = createInterface({ input: server.stdout! })[Symbol.asyncIterator]();
  /** Sends the command (none: reads the server's first line, its start) and reads its answer. */
  async function ask<T extends object>(command?: string): Promise<T> {
    if (command) server.stdin!.write(`${command}\n`);
    const next = await lines.next();
    if (next.done) throw new Error(`the bench server (${entry.pathname.split('/').pop()}) exited`);
    const answer = JSON.parse(next.value as string) as T | { error: string };
    if ('error' in answer && typeof answer.error === 'string') throw new Error(answer.error);
    return answer as T;
  }
  return { server, ask };
}
