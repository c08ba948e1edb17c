// Debian packages the test suites run for real (Chromium, clickhouse-server, PostgreSQL): found where
// Debian puts them, installed with apt-get when missing and running as root (CI on a fresh Debian), and
// otherwise a clear error that names the exact package to install.
import { execFileSync } from 'node:child_process';

/** What ensureDebianPackage does to the machine, replaceable in tests. */
export interface InstallSteps {
  isRoot: boolean;
  /** Runs apt-get with these arguments; throws on failure with apt-get's last words. */
  aptGet(args: string[]): void;
  log(line: string): void;
}

export interface DebianPackage {
  /** The Debian package, e.g. `postgresql`. */
  name: string;
  /** What the tests need it for, said in the error. */
  why: string;
  /** The installed program (or folder of programs), or null. */
  find(): string | null;
}

export const machineSteps = (): InstallSteps => ({
  isRoot: process.getuid?.() === 0,
  aptGet(args) {
    try {
      // A lock held by another apt-get (two suites installing at once) is waited for, not a failure.
      execFileSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', ...args], {
        stdio: 'pipe',
        timeout: 900_000,
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch (error) {
      const lastWords = String((error as { stderr?: Buffer }).stderr ?? '')
        .trim()
        .split('\n')
        .slice(-5)
        .join('\n');
      throw new Error(`${(error as Error).message.split('\n')[0]}${lastWords ? `\n${lastWords}` : ''}`);
    }
  },
  log: (line) => console.log(line),
});

export function ensureDebianPackage(pkg: DebianPackage, steps: InstallSteps = machineSteps()): string {
  const found = pkg.find();
  if (found) return found;
  const hint = `sudo apt-get install ${pkg.name}`;
  if (!steps.isRoot) throw new Error(`${pkg.name} is not installed. Install it with \`${hint}\` (${pkg.why}).`);
  steps.log(
    `${pkg.name} is not installed: installing it with \`apt-get update && apt-get install -y ${pkg.name}\` (running as root)`,
  );
  for (const args of [['update'], ['install', '-y', pkg.name]]) {
    try {
      steps.aptGet(args);
    } catch (error) {
      throw new Error(
        `${pkg.name} is not installed and \`apt-get ${args.join(' ')}\` failed: ${(error as Error).message}\nInstall it with \`${hint}\` (${pkg.why}).`,
      );
    }
  }
  const installed = pkg.find();
  if (!installed) throw new Error(`apt-get installed ${pkg.name} but it is still not where the tests look for it`);
  return installed;
}
