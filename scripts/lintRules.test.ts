// The lint rules that keep test-only code out of the app's builds, run through
// ESLint's API on the repository's own configuration.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './stackConfig.ts';

const eslint = new ESLint({ cwd: repoRoot });
const restricted = async (filePath: string, code: string) =>
  (await eslint.lintText(code, { filePath }))[0]!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);

// ESLint's first run builds its TypeScript parser state, seconds on a busy machine: not a rule's time.
beforeAll(() => eslint.lintText('export {};\n', { filePath: 'packages/app/src/lib/warm.ts' }), 120_000);

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

describe('a feature reaches another feature only through its index.ts', () => {
  const internals = /a feature imports another feature only through its index.ts/;

  it.each([
    ['packages/app/src/features/profile/probe.ts', '../auth/TextField.tsx'],
    ['packages/app/src/features/merchant-level/charts/probe.ts', '../../session/sessionStore.ts'],
    ['packages/api/src/alerts/probe.ts', '../exports/jobRepository.ts'],
    ['packages/api/src/partners/probe.ts', '../organization/orgUserChanges.ts'],
  ])('%s may not import %s', async (file, path) => {
    const messages = await restricted(file, `import { x } from '${path}';\nexport const used = x;\n`);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(internals);
  });

  it.each([
    ['packages/app/src/features/profile/probe.ts', '../auth/index.ts'],
    ['packages/app/src/features/profile/probe.ts', './ProfileScreen.tsx'],
    ['packages/app/src/features/profile/probe.ts', '../../ui/Dialog.tsx'],
    ['packages/api/src/alerts/probe.ts', '../exports/index.ts'],
    ['packages/api/src/alerts/probe.ts', '../db/database.ts'],
    ['packages/api/src/alerts/probe.ts', './alertRepository.ts'],
    ['packages/api/src/auth/probe.ts', '../identity/userRepository.ts'],
    ['packages/app/src/features/profile/probe.test.ts', '../auth/TextField.tsx'],
  ])('%s may import %s', async (file, path) => {
    expect(await restricted(file, `import { x } from '${path}';\nexport const used = x;\n`)).toEqual([]);
  });
});
