// No package's source imports itself round in a circle: a cycle makes load order decide what a module
// sees (an import still undefined at first use) and ties features that should stand apart. madge builds
// each package's import graph with its own tsconfig; type-only imports count too, since they tie the
// files' meaning together even where they vanish at run time.
import madge from 'madge';
import { describe, expect, it } from 'vitest';

const PACKAGES = ['shared', 'analytics', 'api', 'app', 'embed-sdk', 'parent-demo'];

describe('import cycles', () => {
  it.each(PACKAGES)(
    'packages/%s/src has none',
    async (name) => {
      const graph = await madge(`packages/${name}/src`, {
        fileExtensions: ['ts', 'tsx'],
        tsConfig: `packages/${name}/tsconfig.json`,
      });
      expect(graph.circular()).toEqual([]);
    },
    120_000,
  );
});
