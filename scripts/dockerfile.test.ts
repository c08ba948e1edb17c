// The Dockerfile cannot be built here (no container runtime), so its runtime stage is checked against
// the repository: every workspace's manifest is copied before `npm ci --omit=dev` (or the install would
// miss their dependencies), what it copies from the build stage is what `npm run build` makes, and it
// runs the API's build as an unprivileged user with a health check on /healthz.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_BUILDS } from './buildServers.ts';
import { repoRoot } from './stackConfig.ts';

const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, '');
const runtime = dockerfile.slice(dockerfile.indexOf(' AS runtime'));
const copiedFromBuild = [...runtime.matchAll(/^COPY --from=build (.+)$/gm)]
  .flatMap((match) => match[1]!.split(/\s+/).slice(0, -1))
  .map((path) => path.replace(/^\/src\//, ''));
const workspaces = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] })
  .workspaces;

describe('the Dockerfile', () => {
  it('copies the root manifest, the lockfile and every workspace manifest before installing production dependencies', () => {
    expect(copiedFromBuild).toEqual(
      expect.arrayContaining(['package.json', 'package-lock.json', ...workspaces.map((dir) => `${dir}/package.json`)]),
    );
    const install = runtime.indexOf('npm ci --omit=dev');
    expect(install).toBeGreaterThan(runtime.lastIndexOf('/package.json '));
  });

  it('runs the API build that `npm run build` makes, with its migrations and the app it serves', () => {
    expect(copiedFromBuild).toEqual(
      expect.arrayContaining([
        SERVER_BUILDS.api.outfile.replace(/\/server\.js$/, ''),
        'packages/api/migrations',
        'packages/app/dist',
      ]),
    );
    expect(runtime).toContain(`CMD ["node", "--enable-source-maps", "${SERVER_BUILDS.api.outfile}"]`);
    expect(dockerfile).toMatch(/^RUN npm ci .*&& npm run build$/m);
  });

  it('runs as an unprivileged user, with its data on a volume and a health check on /healthz', () => {
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^ENV NODE_ENV=production .*DATA_DIR=\/data/m);
    expect(runtime).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\/healthz/m);
  });
});
