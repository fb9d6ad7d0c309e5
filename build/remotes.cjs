// The one list of remotes (issue 35, docs/adr/0039-one-list-of-remotes.md): every folder `mfe-<name>`
// at the root whose package.json describes the remote under `hostdash.remote`. The workspaces, the
// builds, lint, jest, the access table (generated into shared-auth), the monolith and the byte
// budgets all read it; `npm run new:remote -- <name>` adds a folder and nothing else.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

const ACCESS = new Set(['public', 'login', 'vendor', 'owner', 'admin']);
const ROUTE_KEYS = new Set([
  'path',
  'access',
  'title',
  'summary',
  'width',
  'nav',
  'beforeCard',
  'personal',
]);
const WIDTHS = new Set(['list', 'form']);
/** A remote's name: lower-case letters and digits, starting with a letter (its folder is mfe-<name>). */
const NAME = /^[a-z][a-z0-9]*$/;

/**
 * @typedef {object} RemoteRoute
 * @property {string} path react-router style, `:param` and `:param?`
 * @property {'public'|'login'|'vendor'|'owner'|'admin'} access
 * @property {string} title
 * @property {string} [summary] the page's one line under its title: the page's header and the frame
 *   the shell draws while the remote's code loads (docs/adr/0045) both read it
 * @property {'list'|'form'} [width] the page frame's width, with `summary`
 * @property {boolean} [nav]
 * @property {boolean} [beforeCard]
 * @property {boolean} [personal]
 *
 * @typedef {object} Remote
 * @property {string} name the federation name (`billing`)
 * @property {string} dir the folder (`mfe-billing`)
 * @property {string} packageName `@hostdash/mfe-billing`
 * @property {string} title how people call it ("Billing is temporarily unavailable")
 * @property {number} order where its pages come in the access table and the navigation
 * @property {number} devPort `webpack serve`'s port beside a shell on 3000
 * @property {Record<string, string>} exposes
 * @property {RemoteRoute[]} routes the pages it renders
 * @property {{ path: string, heading: string }} firstPage the page the byte budgets open
 */

/** Why a manifest is not usable, or nothing. */
function problemOf(dir, manifest) {
  if (!manifest || typeof manifest !== 'object') return 'has no `hostdash.remote` in package.json';
  const { name, title, order, devPort, exposes, routes, firstPage } = manifest;
  if (typeof name !== 'string' || !NAME.test(name) || `mfe-${name}` !== dir)
    return `needs \`name\` "${dir.slice(4)}" (lower-case letters and digits, as its folder)`;
  if (typeof title !== 'string' || !title) return 'needs a `title`';
  if (!Number.isInteger(order)) return 'needs an integer `order`';
  if (!Number.isInteger(devPort) || devPort <= 3000) return 'needs a `devPort` above 3000';
  if (!exposes || typeof exposes['./feature'] !== 'string')
    return "needs `exposes` with './feature'";
  if (!Array.isArray(routes) || routes.length === 0) return 'needs at least one route';
  for (const route of routes) {
    if (typeof route.path !== 'string' || !route.path.startsWith('/'))
      return `has a route without a path starting with "/"`;
    if (!ACCESS.has(route.access))
      return `route ${route.path}: access must be one of ${[...ACCESS]}`;
    if (typeof route.title !== 'string' || !route.title) return `route ${route.path} needs a title`;
    if ('summary' in route || 'width' in route) {
      if (typeof route.summary !== 'string' || !route.summary.trim())
        return `route ${route.path}: \`summary\` must be a sentence, given with \`width\``;
      if (!WIDTHS.has(route.width))
        return `route ${route.path}: \`width\` must be one of ${[...WIDTHS]}, given with \`summary\``;
    }
    const unknown = Object.keys(route).filter((key) => !ROUTE_KEYS.has(key));
    if (unknown.length) return `route ${route.path} has unknown keys: ${unknown.join(', ')}`;
  }
  if (!firstPage || typeof firstPage.path !== 'string' || typeof firstPage.heading !== 'string')
    return 'needs `firstPage` { path, heading }';
  return null;
}

/** The remotes, in their `order`; a folder with a broken manifest fails loudly. */
function listRemotes(base = root) {
  const remotes = fs
    .readdirSync(base, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('mfe-'))
    .filter((entry) => fs.existsSync(path.join(base, entry.name, 'package.json')))
    .map(({ name: dir }) => {
      const pkg = JSON.parse(fs.readFileSync(path.join(base, dir, 'package.json'), 'utf8'));
      const manifest = pkg.hostdash?.remote;
      const problem = problemOf(dir, manifest);
      if (problem) throw new Error(`${dir}/package.json ${problem}`);
      return { ...manifest, dir, packageName: pkg.name };
    });
  const ports = new Map();
  const paths = new Map();
  for (const remote of remotes) {
    const other = ports.get(remote.devPort);
    if (other) throw new Error(`${remote.dir} and ${other} both use devPort ${remote.devPort}`);
    ports.set(remote.devPort, remote.dir);
    for (const { path: page } of remote.routes) {
      const owner = paths.get(page);
      if (owner) throw new Error(`${remote.dir} and ${owner} both render ${page}`);
      paths.set(page, remote.dir);
    }
  }
  return remotes.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

module.exports = { listRemotes, root, REMOTE_NAME: NAME };
