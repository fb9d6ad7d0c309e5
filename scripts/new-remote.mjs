// `npm run new:remote -- <name> [--title "Title"] [--no-install]` (issue 35, docs/adr/0039): a new
// remote in one command. Writes `mfe-<name>` from scripts/remote-template (one page with a slice, a
// saga, a real API call, a test and a README), registered by its manifest alone: the one list of
// remotes (build/remotes.cjs) is the folders, so the workspaces, builds, lint, jest, the access
// table, the monolith and the budgets take it in. Then links the workspace (`npm install`) and
// writes the generated access table (`npm run remotes:generate`). `npm start` shows the page.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { listRemotes, REMOTE_NAME, root } = require('@hostdash/build/remotes');
const { readContractVersion } = require('@hostdash/build/webpack');

const TEMPLATE = path.join(root, 'scripts/remote-template');
/** What a remote's code imports; the versions are the shell's, which provides them shared. */
const SHARED_DEPENDENCIES = [
  '@emotion/react',
  '@emotion/styled',
  '@mui/material',
  '@reduxjs/toolkit',
  'react',
  'react-dom',
  'react-redux',
  'react-router',
  'redux',
  'redux-saga',
  'single-spa-react',
];

function fail(message) {
  console.error(`new:remote: ${message}`);
  process.exit(2);
}

function parseArgs(argv) {
  const options = { install: true, title: null, name: null };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--no-install') options.install = false;
    else if (arg === '--title') options.title = argv[(index += 1)];
    else if (arg.startsWith('--title=')) options.title = arg.slice('--title='.length);
    else if (!options.name) options.name = arg;
    else fail(`one name only (got "${options.name}" and "${arg}")`);
  }
  return options;
}

/** The new remote's manifest: after the others in the menu, on the next free dev port. */
function manifestFor(name, title, remotes) {
  return {
    name,
    title,
    order: Math.max(0, ...remotes.map((remote) => remote.order)) + 10,
    devPort: Math.max(3010, ...remotes.map((remote) => remote.devPort)) + 1,
    exposes: { './feature': './src/feature.tsx' },
    firstPage: { path: `/${name}`, heading: title },
    routes: [{ path: `/${name}`, access: 'login', title, nav: true }],
  };
}

function packageJson(name, title, remotes) {
  const shell = JSON.parse(readFileSync(path.join(root, 'shell/package.json'), 'utf8'));
  const sharedAuth = JSON.parse(readFileSync(path.join(root, 'shared-auth/package.json'), 'utf8'));
  const sharedUi = JSON.parse(readFileSync(path.join(root, 'shared-ui/package.json'), 'utf8'));
  const contract = JSON.parse(readFileSync(path.join(root, 'api-contract/package.json'), 'utf8'));
  const [major, minor] = readContractVersion().split('.');
  const dependencies = {
    '@hostdash/shared-auth': sharedAuth.version,
    '@hostdash/shared-ui': sharedUi.version,
  };
  for (const dependency of SHARED_DEPENDENCIES) {
    const version = shell.dependencies[dependency];
    if (!version) fail(`the shell does not provide ${dependency}: the template is out of date`);
    dependencies[dependency] = version;
  }
  return {
    name: `@hostdash/mfe-${name}`,
    version: '0.1.0',
    private: true,
    description: `Hostdash ${title.toLowerCase()} remote.`,
    hostdash: {
      contract: `^${major}.${minor}.0`,
      remote: manifestFor(name, title, remotes),
    },
    scripts: {
      build: 'webpack --mode production',
      start: 'webpack serve --mode development',
      typecheck: 'tsc -p tsconfig.json --noEmit',
      deploy: `node ../scripts/deploy.mjs deploy ${name}`,
    },
    dependencies: Object.fromEntries(
      Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b)),
    ),
    devDependencies: { '@hostdash/api-contract': contract.version },
  };
}

/** Every template file, with `__name__`, `__Name__` and `__title__` filled in (paths too). */
function writeTemplate(dir, words) {
  const fill = (text) =>
    text
      .replaceAll('__name__', words.name)
      .replaceAll('__Name__', words.Name)
      .replaceAll('__title__', words.title);
  const walk = (from) => {
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      const source = path.join(from, entry.name);
      if (entry.isDirectory()) {
        walk(source);
        continue;
      }
      const relative = fill(path.relative(TEMPLATE, source)).replace(/\.tmpl$/, '');
      const target = path.join(dir, relative);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, fill(readFileSync(source, 'utf8')));
    }
  };
  walk(TEMPLATE);
}

function main() {
  const { name, title: givenTitle, install } = parseArgs(process.argv.slice(2));
  if (!name) fail('usage: npm run new:remote -- <name> [--title "Title"] [--no-install]');
  if (!REMOTE_NAME.test(name))
    fail(`"${name}": a remote's name is lower-case letters and digits, starting with a letter`);
  const dir = path.join(root, `mfe-${name}`);
  if (existsSync(dir)) fail(`mfe-${name} exists already`);
  const remotes = listRemotes();
  const taken = remotes.find((remote) =>
    remote.routes.some((route) => route.path.split('/')[1] === name),
  );
  if (taken) fail(`/${name} is a page of ${taken.dir} already: choose another name`);
  if (name === 'shell' || name === 'guest') fail(`"${name}" is the shell's own`);

  const Name = name[0].toUpperCase() + name.slice(1);
  const title = givenTitle?.trim() || Name;
  mkdirSync(dir);
  writeFileSync(
    path.join(dir, 'package.json'),
    `${JSON.stringify(packageJson(name, title, remotes), null, 2)}\n`,
  );
  writeTemplate(dir, { name, Name, title });
  for (const file of ['tsconfig.json', 'jest.config.cjs', 'webpack.config.cjs']) {
    writeFileSync(path.join(dir, file), readFileSync(path.join(root, 'mfe-billing', file), 'utf8'));
  }
  const run = (command, args) =>
    execFileSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  run(process.execPath, [path.join(root, 'scripts/remotes.mjs')]);
  run(path.join(root, 'node_modules/.bin/prettier'), ['--write', '--log-level', 'warn', dir]);
  if (install) run('npm', ['install', '--no-fund', '--no-audit']);
  console.log(
    `\nmfe-${name} is ready: /${name} ("${title}") for every signed-in host.\n` +
      `  npm start                        the platform, with its page in the menu\n` +
      `  npx jest mfe-${name}             its tests\n` +
      `  mfe-${name}/README.md            what each file does; its manifest is package.json's hostdash.remote\n`,
  );
}

main();
