// What `npm start` and the e2e suite need built, and whether each build is older than its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The remotes in this workspace (folder `mfe-<name>`). */
export const REMOTES = [
  'listings',
  'reservations',
  'billing',
  'admin',
  'onboarding',
  'guestportal',
];

/** Each package, the file its build produces, and the folders that feed it. */
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
    name: '@hostdash/api',
    output: 'api/dist/server.js',
    sources: ['api/src', 'api/migrations', 'api/package.json', 'storage/src'],
  },
  {
    name: '@hostdash/shell',
    output: 'shell/dist/index.html',
    sources: [
      'shell/src',
      'shell/server',
      'shell/package.json',
      'shared-auth/src',
      'storage/src',
      'config/webpack.federation.cjs',
    ],
  },
  ...REMOTES.map((remote) => ({
    name: `@hostdash/mfe-${remote}`,
    output: `mfe-${remote}/dist/mf-manifest.json`,
    sources: [
      `mfe-${remote}/src`,
      `mfe-${remote}/package.json`,
      'shared-auth/src',
      'shared-ui/src',
      'config/webpack.federation.cjs',
    ],
  })),
];

/** The newest modification time under `target` (tests and node_modules aside); 0 if missing. */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
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
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** The packages whose build is missing or older than a source file. */
export function staleBuilds() {
  return builds.filter(({ output, sources }) => {
    const built = newestMtime(path.join(root, output));
    if (!built) return true;
    return sources.some((source) => newestMtime(path.join(root, source)) > built);
  });
}
