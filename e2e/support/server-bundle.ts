import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);
/** The repository's own TypeScript: the server's and the contracts package's it imports. */
const OWN_SOURCE = /[\\/](apps[\\/]server|packages[\\/]contracts)[\\/]src[\\/].*\.tsx?$/;

/**
 * The server's own code (its source and @cursus/contracts) as one ES module, its packages left to
 * node_modules, built once per run of the journeys. Each journey's server starts from it with plain
 * `node`: under tsx, every start resolved and loaded each source file through the loader again (on
 * the 2-core CI machine a start took 3.6 s of CPU to answer its health check through tsx, 2.2 s from
 * the bundle). The global setup's first start on an empty DATA_DIR still runs `npm start`'s command.
 *
 * Placed under node_modules/.cache so that its packages resolve as the sources' do. A module that
 * finds a file next to itself (`import.meta.url`) is given its own source's address instead of the
 * bundle's, so migrations, the built SPA and the word lists are found where they are.
 */
export async function bundleServer(): Promise<{ entry: string; remove: () => Promise<void> }> {
  const entry = join(REPO_ROOT, 'node_modules', '.cache', 'cursus-e2e', `server-${process.pid}.mjs`);
  const server = require(join(REPO_ROOT, 'apps/server/package.json')) as {
    dependencies: Record<string, string>;
  };
  const contracts = require(join(REPO_ROOT, 'packages/contracts/package.json')) as {
    dependencies: Record<string, string>;
  };
  const packages = Object.keys({ ...server.dependencies, ...contracts.dependencies }).filter(
    (name) => !name.startsWith('@cursus/'),
  );
  await build({
    entryPoints: [join(REPO_ROOT, 'apps/server/src/main.ts')],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: packages.flatMap((name) => [name, `${name}/*`]),
    logLevel: 'warning',
    plugins: [
      {
        name: 'source-address',
        setup(pluginBuild) {
          pluginBuild.onLoad({ filter: OWN_SOURCE }, async ({ path }) => ({
            contents: (await readFile(path, 'utf8')).replaceAll(
              'import.meta.url',
              JSON.stringify(pathToFileURL(path).href),
            ),
            loader: path.endsWith('.tsx') ? 'tsx' : 'ts',
          }));
        },
      },
    ],
  });
  return { entry, remove: () => rm(entry, { force: true }) };
}
