// What `npm start` and the e2e suite need built, and whether each build is older than its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The remotes in this workspace (folder `mfe-<name>`), from the one list (build/remotes.cjs). */
export const REMOTES = createRequire(import.meta.url)('@hostdash/build/remotes')
  .listRemotes()
  .map((remote) => remote.name);

/** The access table generated from the one list of remotes (scripts/remotes.mjs). */
const REMOTE_TABLE = 'shared-auth/src/remotes.generated.ts';

/**
 * Each package, the file its build produces, and the folders that feed it; `needs`, the packages
 * whose builds it reads, when not all those its package.json names.
 */
export const builds = [
  {
    name: '@hostdash/shared-auth',
    output: 'shared-auth/dist/index.js',
    sources: ['shared-auth/src', 'shared-auth/package.json'],
  },
  {
    name: '@hostdash/storage',
    output: 'storage/dist/index.js',
    sources: ['storage/src', 'storage/package.json'],
  },
  {
    name: '@hostdash/api-contract',
    output: 'api-contract/dist/index.js',
    sources: ['api-contract/src', 'api-contract/package.json'],
  },
  {
    name: '@hostdash/delivery',
    output: 'delivery/dist/index.js',
    sources: ['delivery/src', 'delivery/package.json', 'shared-auth/src', 'storage/src'],
  },
  {
    name: '@hostdash/api',
    output: 'api/dist/server.js',
    sources: ['api/src', 'api/migrations', 'api/package.json', 'storage/src', 'api-contract/src'],
  },
  {
    name: '@hostdash/shell',
    output: 'shell/dist/index.html',
    sources: [
      'shell/src',
      'shell/server',
      'shell/package.json',
      'delivery/src',
      'shared-auth/src',
      'storage/src',
      'build/webpack.federation.cjs',
    ],
  },
  ...REMOTES.map((remote) => ({
    name: `@hostdash/mfe-${remote}`,
    output: `mfe-${remote}/dist/mf-manifest.json`,
    // A remote added or removed changes the generated access table, which the shell needs; the
    // other remotes do not (they never route to its pages), so they are not built again for it.
    ignore: [REMOTE_TABLE],
    // The builds it needs made first: webpack compiles shared-auth and shared-ui from their
    // source (build/webpack.federation.cjs); only the contract's helpers come from its dist.
    needs: ['@hostdash/api-contract'],
    sources: [
      `mfe-${remote}/src`,
      `mfe-${remote}/package.json`,
      'shared-auth/src',
      'shared-ui/src',
      'build/webpack.federation.cjs',
    ],
  })),
];

/**
 * The newest modification time under `target` (tests, node_modules and the `ignore`d files aside,
 * given from the root); 0 if missing.
 */
export function newestMtime(target, ignore = []) {
  if (!existsSync(target)) return 0;
  if (ignore.some((file) => path.resolve(root, file) === path.resolve(target))) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (
      entry.name === 'node_modules' ||
      entry.name.endsWith('.test.ts') ||
      entry.name.endsWith('.test.tsx')
    )
      continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name), ignore));
  }
  return newest;
}

/** The packages whose build is missing or older than a source file. */
export function staleBuilds() {
  return builds.filter(({ output, sources, ignore = [] }) => {
    const built = newestMtime(path.join(root, output));
    if (!built) return true;
    return sources.some((source) => newestMtime(path.join(root, source), ignore) > built);
  });
}
