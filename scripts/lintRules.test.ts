// The lint rules that keep test-only code out of the app's builds, run through
// ESLint's API on the repository's own configuration.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './stackConfig.ts';

const eslint = new ESLint({ cwd: repoRoot });
const restricted = async (filePath: string, code: string) =>
  (await eslint.lintText(code, { filePath }))[0]!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);

describe('test-only code stays out of production', () => {
  it.each(['packages/app/src/lib/probe.ts', 'packages/app/src/app/probe.ts', 'packages/app/src/main.tsx'])(
    '%s may import neither src/testing/ nor vitest',
    async (file) => {
      const messages = await restricted(
        file,
        "import { vi } from 'vitest';\nimport { renderAppAt } from '../testing/renderAppAt.tsx';\nexport const used = [vi, renderAppAt];\n",
      );
      expect(messages).toHaveLength(2);
      for (const message of messages) expect(message).toMatch(/production code does not import test-only code/);
    },
  );

  it('a test, and src/testing/ itself, may', async () => {
    const code =
      "import { vi } from 'vitest';\nimport { setTestPortalConfig } from '../testing/testPortalConfig.ts';\nexport const used = [vi, setTestPortalConfig];\n";
    expect(await restricted('packages/app/src/lib/probe.test.ts', code)).toEqual([]);
    expect(await restricted('packages/app/src/testing/probe.ts', code)).toEqual([]);
  });
});
