// The one list of remotes (build/remotes.cjs, docs/adr/0039): what it reads from the folders, and
// the manifests it refuses, each with a sentence that names the folder and what to fix.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const { listRemotes } = createRequire(import.meta.url)('@hostdash/build/remotes');

function manifest(name, overrides = {}) {
  return {
    name,
    title: name[0].toUpperCase() + name.slice(1),
    order: 10,
    devPort: 3011,
    exposes: { './feature': './src/feature.tsx' },
    firstPage: { path: `/${name}`, heading: name },
    routes: [{ path: `/${name}`, access: 'login', title: name, nav: true }],
    ...overrides,
  };
}

function workspace(remotes) {
  const base = mkdtempSync(path.join(os.tmpdir(), 'remotes-'));
  for (const [dir, remote] of Object.entries(remotes)) {
    mkdirSync(path.join(base, dir));
    const hostdash = remote === undefined ? {} : { remote };
    writeFileSync(
      path.join(base, dir, 'package.json'),
      JSON.stringify({ name: `@hostdash/${dir}`, hostdash }),
    );
  }
  // Not remotes: other folders, and an mfe- folder with no package.json.
  mkdirSync(path.join(base, 'shell'));
  mkdirSync(path.join(base, 'mfe-empty'));
  return base;
}

it('reads each mfe-* folder’s manifest, in menu order, with its folder and package', () => {
  const base = workspace({
    'mfe-stock': manifest('stock', { order: 20, devPort: 3012 }),
    'mfe-rooms': manifest('rooms', { order: 10 }),
  });
  expect(listRemotes(base).map(({ name, dir, packageName }) => [name, dir, packageName])).toEqual([
    ['rooms', 'mfe-rooms', '@hostdash/mfe-rooms'],
    ['stock', 'mfe-stock', '@hostdash/mfe-stock'],
  ]);
});

it.each([
  ['no manifest', undefined, 'mfe-stock/package.json has no `hostdash.remote`'],
  ['a name unlike its folder', manifest('rooms'), 'needs `name` "stock"'],
  ['no ./feature', manifest('stock', { exposes: {} }), "needs `exposes` with './feature'"],
  [
    'an unknown access',
    manifest('stock', { routes: [{ path: '/stock', access: 'everyone', title: 'Stock' }] }),
    'route /stock: access must be one of public,login,vendor,owner,admin',
  ],
  [
    'a route key the table does not know',
    manifest('stock', { routes: [{ path: '/stock', access: 'login', title: 'S', icon: 'x' }] }),
    'route /stock has unknown keys: icon',
  ],
  [
    'a summary without a width',
    manifest('stock', {
      routes: [{ path: '/stock', access: 'login', title: 'S', summary: 'What is in stock.' }],
    }),
    'route /stock: `width` must be one of list,form, given with `summary`',
  ],
  [
    'a width without a summary',
    manifest('stock', { routes: [{ path: '/stock', access: 'login', title: 'S', width: 'list' }] }),
    'route /stock: `summary` must be a sentence, given with `width`',
  ],
  ['no first page', manifest('stock', { firstPage: undefined }), 'needs `firstPage`'],
])('refuses a manifest with %s', (_case, remote, message) => {
  expect(() => listRemotes(workspace({ 'mfe-stock': remote }))).toThrow(message);
});

it('refuses two remotes on one dev port, or rendering one page', () => {
  expect(() =>
    listRemotes(
      workspace({
        'mfe-stock': manifest('stock', { devPort: 3011 }),
        'mfe-rooms': manifest('rooms', { devPort: 3011 }),
      }),
    ),
  ).toThrow(/both use devPort 3011/);
  expect(() =>
    listRemotes(
      workspace({
        'mfe-stock': manifest('stock'),
        'mfe-rooms': manifest('rooms', {
          devPort: 3012,
          routes: [{ path: '/stock', access: 'login', title: 'Stock' }],
        }),
      }),
    ),
  ).toThrow(/both render \/stock/);
});

it('is the six remotes of this repository, each with the pages the access table had', () => {
  const remotes = listRemotes();
  expect(remotes.map((remote) => remote.name)).toEqual(
    expect.arrayContaining([
      'reservations',
      'listings',
      'guestportal',
      'onboarding',
      'billing',
      'admin',
    ]),
  );
  const reservations = remotes.find((remote) => remote.name === 'reservations');
  expect(reservations.routes[0]).toEqual({
    path: '/',
    access: 'login',
    title: 'Risks',
    summary: 'Coming stays, the ones that need you first.',
    width: 'list',
  });
});
