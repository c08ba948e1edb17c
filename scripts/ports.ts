import { createServer } from 'node:net';
import { PORT_VARIABLES, type StackConfig } from './stackConfig.ts';

async function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .once('listening', () => server.close(() => resolve(true)))
      .listen(port);
  });
}

/** Every port the stack needs, checked before anything starts; the message names the variable. */
export async function assertPortsFree(config: StackConfig): Promise<void> {
  const problems: string[] = [];
  for (const [variable, service] of Object.entries(PORT_VARIABLES)) {
    const port = config[variable as keyof typeof PORT_VARIABLES];
    if (!(await isFree(port))) {
      problems.push(
        `Port ${port} (${service}) is already in use. Stop what uses it, or set ${variable} to another port.`,
      );
    }
  }
  if (problems.length) throw new Error(problems.join('\n'));
}
