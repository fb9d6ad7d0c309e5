// The one webpack + Module Federation factory. The shell and every remote build with it, so adding
// a remote is: a package with src/index.ts, src/bootstrap.tsx, src/feature.tsx, and
// `module.exports = createFederatedConfig({ ... })` in its webpack.config.cjs.
//
// A remote's build is a versioned, immutable release (docs/adr/0005-versioned-remotes-registry-and-canary.md):
// its mf-manifest.json carries `metaData.hostdash` = { version: '<package version>+<build hash>',
// contract: the shell contract range it needs, builtWithContract, commit, builtAt }, and the build
// fails when a shared singleton it requires cannot be satisfied by what the shell provides.
const { execFileSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { promisify } = require('node:util');
const zlib = require('node:zlib');
const { DefinePlugin, NormalModuleReplacementPlugin } = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { satisfy } = require('@module-federation/enhanced/runtime');
const { listRemotes } = require('./remotes.cjs');
const { SURFACES } = require('./surfaces.cjs');

const root = path.resolve(__dirname, '..');
const sharedAuthDir = path.join(root, 'shared-auth');
const shellDir = path.join(root, 'shell');
const sharedAuthVersion = require(path.join(sharedAuthDir, 'package.json')).version;

/** The file the host writes beside its index.html: what it provides, for the shell server's /health. */
const HOST_FEDERATION_FILE = 'hostdash-federation.json';

/** The version of `pkg` that `dir` resolves (nearest node_modules first). */
function installedVersion(pkg, dir) {
  for (let current = dir; ; current = path.dirname(current)) {
    try {
      return require(path.join(current, 'node_modules', pkg, 'package.json')).version;
    } catch {
      if (current === path.dirname(current)) return undefined;
    }
  }
}

/**
 * The libraries that carry React context or global state are singletons: one copy in the page,
 * provided by whoever loads first (the shell). See docs/adr/0002-shared-singletons.md.
 * @param {Record<string, string>} dependencies the app's package.json dependencies
 */
function sharedSingletons(dependencies, dir = root) {
  const fromDeps = (name, pkg = name) => {
    const requiredVersion = dependencies[pkg];
    if (!requiredVersion) return {};
    // A subpath (react-dom/client, redux-saga/effects) provides its package's version.
    const version = name === pkg ? undefined : installedVersion(pkg, dir);
    return {
      [name]: {
        singleton: true,
        requiredVersion,
        strictVersion: false,
        ...(version ? { version } : {}),
      },
    };
  };
  return {
    ...fromDeps('react'),
    ...fromDeps('react/jsx-runtime', 'react'),
    ...fromDeps('react-dom'),
    ...fromDeps('react-dom/client', 'react-dom'),
    ...fromDeps('react-router'),
    ...fromDeps('react-redux'),
    ...fromDeps('redux'),
    ...fromDeps('redux-saga'),
    ...fromDeps('redux-saga/effects', 'redux-saga'),
    ...fromDeps('@reduxjs/toolkit'),
    ...fromDeps('@emotion/react'),
    ...fromDeps('@emotion/styled'),
    // Shared whole: a remote's deep import (`@mui/material/Button`) would not match this key and
    // would bundle a copy (eslint forbids them in remotes; the byte budget test finds them).
    ...fromDeps('@mui/material'),
    // Stateless, but a page needs only one copy: the shell's, when it has one.
    ...fromDeps('single-spa-react'),
    '@hostdash/shared-auth': {
      singleton: true,
      version: sharedAuthVersion,
      requiredVersion: dependencies['@hostdash/shared-auth'] ? `^${sharedAuthVersion}` : false,
    },
    // The part of MUI only some remotes use (build/shared/mui-more.js): the shell provides it, a
    // remote whose code imports one of its names takes it.
    ...fromDeps(MUI_MORE, '@mui/material'),
    // The guest page's second part of MUI (build/shared/mui-guest-steps.js): the guest portal
    // takes it; the shell provides it on both of its pages.
    ...(dir === shellDir || hasGuestPortal(dir) ? fromDeps(MUI_GUEST_STEPS, '@mui/material') : {}),
    // The shell provides it; a remote with MUI X charts takes it (build/shared/mui-internals.js).
    ...(dependencies['@mui/material'] && (dir === shellDir || dependencies['@mui/x-charts'])
      ? { [MUI_INTERNALS]: muiInternalsShare(dir) }
      : {}),
  };
}

/** `@hostdash/mui-internals` goes with the MUI it is part of: @mui/system's version. */
function muiInternalsShare(dir) {
  const version = installedVersion('@mui/system', dir);
  return { singleton: true, version, requiredVersion: `^${version}`, strictVersion: false };
}

/**
 * The shell contract version shared-auth exports (`CONTRACT_VERSION` in shared-auth/src/contract.ts),
 * read from its source so a build needs no compiled shared-auth.
 */
function readContractVersion(file = path.join(sharedAuthDir, 'src/contract.ts')) {
  const match = /export const CONTRACT_VERSION = '(\d+\.\d+\.\d+)';/.exec(
    readFileSync(file, 'utf8'),
  );
  if (!match) throw new Error(`${file} must declare CONTRACT_VERSION = '<major>.<minor>.<patch>'`);
  return match[1];
}

/**
 * The contract range a remote declares: `hostdash.contract` in its package.json; without one, the
 * contract it is built against and any later compatible one (`^x.y.z`). HOSTDASH_CONTRACT_RANGE
 * overrides both (to try the shell's refusal of an incompatible remote).
 */
function contractRange(pkg, contractVersion, env = process.env) {
  const range = env.HOSTDASH_CONTRACT_RANGE || pkg.hostdash?.contract || `^${contractVersion}`;
  if (typeof range !== 'string' || !/\d+\.\d+\.\d+/.test(range)) {
    throw new Error(
      `${pkg.name}: hostdash.contract must be a semver range such as "^1.0.0", got ${JSON.stringify(range)}`,
    );
  }
  return range;
}

/** A release's version: the package's own (lerna independent mode) plus the build's hash. */
function releaseVersion(packageVersion, buildHash, contract) {
  const digest = createHash('sha256').update(`${buildHash}\n${contract}`).digest('hex');
  return `${packageVersion}+${digest.slice(0, 8)}`;
}

/** The commit a build comes from (`-dirty` when its sources have uncommitted changes), if in git. */
function sourceCommit(dir) {
  const git = (args) =>
    execFileSync('git', args, {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  try {
    const commit = git(['rev-parse', '--short=12', 'HEAD']);
    const sources = [dir, sharedAuthDir, path.join(root, 'shared-ui'), __dirname];
    return git(['status', '--porcelain', '--', ...sources]) ? `${commit}-dirty` : commit;
  } catch {
    return undefined;
  }
}

/** The version of each shared singleton the shell provides to the page (its own dependencies). */
function providedSharedVersions(dir = shellDir) {
  const pkg = require(path.join(dir, 'package.json'));
  const shared = sharedSingletons(pkg.dependencies ?? {}, dir);
  return Object.fromEntries(
    Object.entries(shared).flatMap(([name, config]) => {
      const version = config.version ?? installedVersion(name, dir);
      return version ? [[name, version]] : [];
    }),
  );
}

/**
 * What the shell registers in the page's share scope for each singleton (shell/src/remotes/
 * sharedModules.ts pairs each with its module): the version it provides and the same share
 * settings a remote's build declares.
 */
function providedShareInfo(dir = shellDir) {
  const pkg = require(path.join(dir, 'package.json'));
  const versions = providedSharedVersions(dir);
  return Object.fromEntries(
    Object.entries(sharedSingletons(pkg.dependencies ?? {}, dir)).map(([name, config]) => [
      name,
      {
        version: versions[name],
        shareConfig: {
          singleton: config.singleton,
          requiredVersion: config.requiredVersion,
          strictVersion: config.strictVersion ?? false,
        },
      },
    ]),
  );
}

/**
 * The singletons a production remote shares that the shell does not provide at all: without a
 * copy of its own (`withoutFallbacks`), such a remote could not start.
 */
function unprovidedShared(shared, provided) {
  return Object.entries(shared).flatMap(([name, config]) =>
    config.singleton && !provided[name]
      ? [{ name, requiredVersion: config.requiredVersion, provided: null }]
      : [],
  );
}

/**
 * A production remote's shared singletons without its own copies (`import: false`): the page
 * always has the shell's (the build checks that the shell provides each, `unprovidedShared`; on
 * the guest page the portal's `./guestPortal` needs only what the guest page provides,
 * GuestSurfacePlugin). Each copy was a fallback chunk a page never loads: the whole MUI barrel,
 * react-dom, the router, the store, shared-auth. Without them a remote's build takes half the CPU
 * and its `remoteEntry.js` no longer lists them (listings: 27.0 → 20.6 KB, 8.6 → 7.3 KB gzip).
 * A remote's dev server keeps them, so its standalone page runs alone.
 */
function withoutFallbacks(shared) {
  return Object.fromEntries(
    Object.entries(shared).map(([name, config]) => [name, { ...config, import: false }]),
  );
}

/**
 * The singletons whose required version the shell's copy does not satisfy. At run time the shell's
 * copy wins anyway (`strictVersion: false`), so such a remote would run against a version it was
 * not built for: the build reports it instead.
 */
function sharedMismatches(shared, provided) {
  return Object.entries(shared).flatMap(([name, config]) => {
    const have = provided[name];
    const required = config.requiredVersion;
    if (!config.singleton || !have || !required || satisfy(have, required)) return [];
    return [{ name, requiredVersion: required, provided: have }];
  });
}

function sharedReport(app, mismatches) {
  return [
    `${app} requires shared singletons the shell cannot satisfy:`,
    ...mismatches.map(({ name, requiredVersion, provided }) =>
      provided === null
        ? `  ${name}: the shell provides none, and a production remote carries no copy of its own`
        : `  ${name}: requires ${requiredVersion}, the shell provides ${provided}`,
    ),
    "Align the versions in its package.json with the shell's (or set HOSTDASH_SHARED_CHECK=warn to build anyway).",
  ].join('\n');
}

/** Fails a remote's build (or only warns, with HOSTDASH_SHARED_CHECK=warn) on a shared mismatch. */
class SharedVersionCheckPlugin {
  constructor(app, mismatches) {
    this.app = app;
    this.mismatches = mismatches;
  }

  apply(compiler) {
    if (this.mismatches.length === 0) return;
    compiler.hooks.thisCompilation.tap('SharedVersionCheckPlugin', (compilation) => {
      const problem = new compiler.webpack.WebpackError(sharedReport(this.app, this.mismatches));
      if (process.env.HOSTDASH_SHARED_CHECK === 'warn') compilation.warnings.push(problem);
      else compilation.errors.push(problem);
    });
  }
}

/** Writes what the host provides (contract, shared versions) beside its index.html. */
class HostFederationInfoPlugin {
  constructor(info) {
    this.info = info;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('HostFederationInfoPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'HostFederationInfoPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
        },
        () => {
          compilation.emitAsset(
            HOST_FEDERATION_FILE,
            new compiler.webpack.sources.RawSource(JSON.stringify(this.info, null, 2)),
          );
        },
      );
    });
  }
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What is worth compressing: text assets over 1 KB (source maps are fetched by tools only). */
const COMPRESSIBLE = /\.(?:js|css|json|html|svg|txt)$/;
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every compressible
 * asset, once at build time: the shell server and the remote origin serve them by content
 * negotiation and never compress a static file per request. Results are kept in webpack's cache,
 * so a rebuild compresses only what changed.
 */
class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      const cache = compilation.getCache('PrecompressPlugin');
      compilation.hooks.processAssets.tapPromise(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async (assets) => {
          const work = Object.entries(assets)
            .filter(
              ([file, source]) => COMPRESSIBLE.test(file) && source.size() >= COMPRESS_MIN_BYTES,
            )
            .map(async ([file, source]) => {
              const etag = cache.getLazyHashedEtag(source);
              const [br, gz] = await cache.providePromise(file, etag, async () => {
                const input = source.buffer();
                return Promise.all([
                  brotli(input, {
                    params: {
                      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
                    },
                  }),
                  gzip(input, { level: 9 }),
                ]);
              });
              const info = {
                compressed: true,
                immutable: compilation.getAsset(file)?.info.immutable,
              };
              compilation.emitAsset(`${file}.br`, new sources.RawSource(br), info);
              compilation.emitAsset(`${file}.gz`, new sources.RawSource(gz), info);
            });
          await Promise.all(work);
        },
      );
    });
  }
}

/**
 * The ES module file of a package entry (its `exports` `import` condition). The federation runtime's
 * packages ship CJS and ESM builds and reach runtime-core by several names (the runtime plugin that
 * hands the shell's runtime to the page imports it through runtime-tools): pinning each to its ESM
 * file keeps one copy in the bundle.
 */
function esmEntry(request) {
  const [first, second, ...rest] = request.split('/');
  const pkg = first.startsWith('@') ? `${first}/${second}` : first;
  const subpath = (first.startsWith('@') ? rest : [second, ...rest]).filter(Boolean).join('/');
  const manifestFile = path.join(root, 'node_modules', pkg, 'package.json');
  const target = JSON.parse(readFileSync(manifestFile, 'utf8')).exports[
    subpath ? `./${subpath}` : '.'
  ];
  return path.join(path.dirname(manifestFile), target.import.default);
}

const FEDERATION_RUNTIME_ESM = Object.fromEntries(
  [
    '@module-federation/runtime',
    '@module-federation/runtime-core',
    '@module-federation/runtime-tools/runtime-core',
    '@module-federation/sdk',
    '@module-federation/error-codes',
  ].map((request) => [`${request}$`, esmEntry(request)]),
);

/** The names a surface file exports (its one `export { … }`). */
function surfaceNames(file) {
  const source = readFileSync(file, 'utf8');
  const list = /export \{([^}]*)\}/.exec(source)?.[1] ?? '';
  return new Set(
    list
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

/**
 * Notes in `missing` (name → the files that import it) each name our own code imports from
 * `request` (a shared module the shell provides part of) that `provided` does not have.
 */
function noteMissingNames(compilation, modules, request, provided, missing) {
  for (const module of modules) {
    if (!module.resource || /[\\/]node_modules[\\/]/.test(module.resource)) continue;
    for (const dependency of module.dependencies) {
      if (dependency.request !== request || !dependency.getIds) continue;
      const [name] = dependency.getIds(compilation.moduleGraph);
      if (name && !provided.has(name)) {
        const where = path.relative(root, module.resource);
        missing.set(name, [...(missing.get(name) ?? []), where]);
      }
    }
  }
}

/** Fails the build, listing what is missing from a surface the shell provides and where. */
function reportMissing(compiler, compilation, missing, heading, advice) {
  if (missing.size === 0) return;
  compilation.errors.push(
    new compiler.webpack.WebpackError(
      [
        heading,
        ...[...missing].map(([name, files]) => `  ${name}: ${[...new Set(files)].join(', ')}`),
        advice,
      ].join('\n'),
    ),
  );
}

/**
 * Fails a remote's build when its code imports from a library the shell provides in part
 * (SURFACES: react-router, Redux Toolkit, react-redux) a name the shell does not provide: at run
 * time that name would be undefined.
 */
class SurfacePlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('SurfacePlugin', (compilation) => {
      compilation.hooks.finishModules.tap('SurfacePlugin', (modules) => {
        for (const surface of SURFACES) {
          const missing = new Map();
          noteMissingNames(
            compilation,
            modules,
            surface.shared,
            surfaceNames(surface.file),
            missing,
          );
          reportMissing(
            compiler,
            compilation,
            missing,
            `These ${surface.shared} names are not provided by the shell (${path.relative(root, surface.file)}):`,
            'Add them there: the shell provides them from its next build.',
          );
        }
      });
    });
  }
}

/** The MUI the guest page provides to the guest portal (see the file, docs/adr/0035). */
const MUI_GUEST_SURFACE_FILE = path.join(__dirname, 'shared/mui-guest.js');
/** Its second part, which the guest page fetches when the portal's later steps ask (see the file). */
const MUI_GUEST_STEPS_FILE = path.join(__dirname, 'shared/mui-guest-steps.js');
const MUI_GUEST_STEPS = '@hostdash/mui-guest-steps';

/** The shared modules the guest page provides (shell/src/guest/guestShared.ts): nothing else. */
const GUEST_SHARED = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  '@emotion/react',
  '@emotion/styled',
  '@mui/material',
  MUI_GUEST_STEPS,
];

/**
 * The layer the shell builds the guest page in (shell/webpack.config.cjs): there, React's modules
 * are Preact's React API (docs/adr/0043-guest-page-on-preact.md), about 50 KB gzip less on a
 * guest's phone than react-dom. The dashboard, and the guest portal in the dashboard's preview,
 * run on React.
 */
const GUEST_LAYER = 'guest';

/** What `react` and `react-dom` are in the guest layer: preact/compat, module by module. */
const GUEST_REACT_MODULES = {
  react: 'preact/compat',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
};

/** The resolve aliases of the guest layer (exact names: `react-dom/server` is no alias of it). */
function guestReactAliases() {
  return Object.fromEntries(
    Object.entries(GUEST_REACT_MODULES).map(([name, module]) => [`${name}$`, module]),
  );
}

let guestReactNamesRead = null;

/**
 * The names each of React's modules has on the guest page: what preact/compat exports (an ES
 * module only, so read by a child Node process, once per process: a watching build asks again at
 * every rebuild). A portal that imports another name of React (a React API Preact lacks) fails its
 * build, as for MUI.
 */
function guestReactNames() {
  guestReactNamesRead ??= readGuestReactNames();
  return guestReactNamesRead;
}

function readGuestReactNames() {
  const modules = [...new Set(Object.values(GUEST_REACT_MODULES))];
  const script = `const names = {}; for (const m of ${JSON.stringify(modules)}) names[m] = Object.keys(await import(m)); console.log(JSON.stringify(names));`;
  const names = JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
    }),
  );
  return new Map(
    Object.entries(GUEST_REACT_MODULES).map(([name, module]) => [name, new Set(names[module])]),
  );
}

/** The expose the guest page mounts (GUEST_PORTAL_EXPOSE in shared-auth). */
const GUEST_PORTAL_EXPOSE = './guestPortal';

/** The names build/shared/mui-guest.js (or mui-guest-steps.js) exports. */
function muiGuestSurface(file = MUI_GUEST_SURFACE_FILE) {
  const source = readFileSync(file, 'utf8');
  return new Set(
    [...source.matchAll(/export \{ (?:default as )?(\w+) \}/g)].map(([, name]) => name),
  );
}

/** The remote of build/remotes.cjs built in `dir` (its folder), if it is one. */
function remoteIn(dir) {
  return listRemotes().find((candidate) => path.join(root, candidate.dir) === dir);
}

/** Whether the remote built in `dir` has the guest page's expose (`./guestPortal`). */
function hasGuestPortal(dir) {
  return Boolean(remoteIn(dir)?.exposes?.[GUEST_PORTAL_EXPOSE]);
}

/**
 * The names of the guest page's second part of MUI, which the guest portal's build imports from
 * it (build/mui-parts-loader.cjs). None may be in its first part: a name comes from one of them.
 */
function muiGuestStepsNames() {
  const names = muiGuestSurface(MUI_GUEST_STEPS_FILE);
  const first = [...muiGuestSurface()].filter((name) => names.has(name));
  if (first.length > 0)
    throw new Error(
      `build/shared/mui-guest-steps.js provides what build/shared/mui-guest.js does: ${first.join(', ')}`,
    );
  // The dashboard provides this part from its own MUI (shell/src/remotes/sharedModules.ts).
  const dashboard = muiSurface().names;
  const lacking = [...names].filter((name) => !dashboard.has(name));
  if (lacking.length > 0)
    throw new Error(
      `build/shared/mui-guest-steps.js provides what build/shared/mui.js lacks: ${lacking.join(', ')}`,
    );
  return names;
}

/**
 * Fails the guest portal's build when its `./guestPortal` (with everything of ours it imports)
 * needs a shared module the guest page does not provide (the remote would load its own copy: a
 * router, a store, axios on a guest's phone), an MUI name the guest page's MUI lacks
 * (build/shared/mui-guest.js: at run time it would be undefined), or a React API that the guest
 * page's React (preact/compat) lacks.
 */
class GuestSurfacePlugin {
  /**
   * @param {string} exposeFile the `./guestPortal` module's file
   * @param {string[]} sharedKeys what the remote's build shares
   */
  constructor(exposeFile, sharedKeys) {
    this.exposeFile = exposeFile;
    this.shared = new Set(sharedKeys);
    this.provided = new Set(GUEST_SHARED);
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('GuestSurfacePlugin', (compilation) => {
      // Once the chunks are made: what a guest's phone loads is the modules of the chunks that
      // `./guestPortal` needs (a barrel's unused re-exports are in none of them).
      compilation.hooks.afterChunks.tap('GuestSurfacePlugin', () => {
        const { chunkGraph, moduleGraph } = compilation;
        const expose = [...compilation.modules].find(
          (module) => module.resource === this.exposeFile,
        );
        if (!expose) return;
        // Its own chunks (its first screen), then the chunks it fetches later (its steps, words).
        const chunks = new Map();
        const later = new Set();
        for (const chunk of chunkGraph.getModuleChunksIterable(expose)) {
          for (const group of chunk.groupsIterable) {
            for (const inGroup of group.chunks) chunks.set(inGroup, 'first');
            for (const child of group.childrenIterable) later.add(child);
          }
        }
        // A Set's iteration takes in what is added on the way: the children's children too.
        for (const group of later) {
          for (const inGroup of group.chunks)
            if (!chunks.has(inGroup)) chunks.set(inGroup, 'later');
          for (const child of group.childrenIterable) later.add(child);
        }
        const surface = muiGuestSurface();
        const steps = muiGuestSurface(MUI_GUEST_STEPS_FILE);
        const reactNames = guestReactNames();
        const problems = new Map();
        const note = (what, where) =>
          problems.set(what, [...(problems.get(what) ?? []), path.relative(root, where)]);
        for (const [chunk, when] of chunks) {
          for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
            if (!module.resource || /[\\/]node_modules[\\/]/.test(module.resource)) continue;
            for (const dependency of module.dependencies) {
              const request = dependency.request;
              if (!request || !dependency.getIds) continue;
              if (request === '@mui/material') {
                const [name] = dependency.getIds(moduleGraph);
                if (!name) note('all of @mui/material (a namespace import)', module.resource);
                else if (!surface.has(name)) note(`@mui/material ${name}`, module.resource);
              } else if (request === MUI_GUEST_STEPS) {
                // The second part comes when first asked: asked by the first screen's code, the
                // welcome would wait for it.
                const [name] = dependency.getIds(moduleGraph);
                if (when === 'first')
                  note(
                    `@mui/material ${name} (the later steps' MUI: import it in their chunk, or move it to build/shared/mui-guest.js)`,
                    module.resource,
                  );
                else if (name && !steps.has(name)) note(`${request} ${name}`, module.resource);
              } else if (reactNames.has(request)) {
                const [name] = dependency.getIds(moduleGraph);
                if (name && !reactNames.get(request).has(name))
                  note(`${request} ${name} (the guest page's React is Preact's)`, module.resource);
              } else if (this.shared.has(request) && !this.provided.has(request)) {
                note(request, module.resource);
              }
            }
          }
        }
        reportMissing(
          compiler,
          compilation,
          problems,
          `${GUEST_PORTAL_EXPOSE} needs what the guest page does not provide (docs/adr/0035):`,
          'Import it in the dashboard-only code, add an MUI name to build/shared/mui-guest.js, or use a React API preact/compat has.',
        );
      });
    });
  }
}

/** The MUI modules the shell provides to the page as `@mui/material` (see the file). */
const MUI_SURFACE_FILE = path.join(__dirname, 'shared/mui.js');
/** The part of MUI only some remotes use, provided as `@hostdash/mui-more` (see the file). */
const MUI_MORE_FILE = path.join(__dirname, 'shared/mui-more.js');
const MUI_MORE = '@hostdash/mui-more';
const MUI_DIR = path.join(root, 'node_modules/@mui/material');

/**
 * What a file of the shell's MUI provides (build/shared/mui.js, or mui-more.js): the MUI module
 * folders it re-exports, and every name `@mui/material` gives a remote from them (the names MUI's
 * own index re-exports from those folders).
 */
function muiSurface(file = MUI_SURFACE_FILE) {
  const source = readFileSync(file, 'utf8');
  const dirs = new Set(
    [...source.matchAll(/from '@mui\/material\/(\w+)';/g)].map(([, dir]) => dir),
  );
  const index = readFileSync(path.join(MUI_DIR, 'index.mjs'), 'utf8');
  const names = new Set();
  for (const [, name, dir] of index.matchAll(
    /export \{ default as (\w+) \} from "\.\/(\w+)\/index\.mjs";/g,
  )) {
    if (dirs.has(dir)) names.add(name);
  }
  for (const dir of dirs) {
    for (const name of Object.keys(require(path.join(MUI_DIR, dir)))) {
      if (name !== 'default' && name !== '__esModule') names.add(name);
    }
  }
  return { dirs, names };
}

/**
 * The names of the second part of the shell's MUI, which a remote's build imports from it
 * (build/mui-parts-loader.cjs). None may be one the guest page provides: the guest page has no
 * second part, and the guest portal imports those names from `@mui/material`.
 */
function muiMoreNames() {
  const { names } = muiSurface(MUI_MORE_FILE);
  const guest = [...muiGuestSurface(), ...muiGuestSurface(MUI_GUEST_STEPS_FILE)].filter((name) =>
    names.has(name),
  );
  if (guest.length > 0)
    throw new Error(
      `build/shared/mui-more.js provides what the guest page needs from build/shared/mui.js: ${guest.join(', ')}`,
    );
  return names;
}

/**
 * Fails a remote's build when its code imports from `@mui/material` a name the shell does not
 * provide (build/shared/mui.js and mui-more.js), or a library in it imports an MUI module by path
 * that is not there: at run time that name would be undefined.
 */
class MuiSurfacePlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('MuiSurfacePlugin', (compilation) => {
      compilation.hooks.finishModules.tap('MuiSurfacePlugin', (modules) => {
        const core = muiSurface();
        const more = muiSurface(MUI_MORE_FILE);
        const dirs = new Set([...core.dirs, ...more.dirs]);
        const missing = new Map();
        // A library's import by path is answered by a shim (muiDeepImportShims): its folder must be
        // provided.
        for (const module of modules) {
          const shim = module.resource && path.relative(muiShimDir(), module.resource);
          if (!shim || shim.startsWith('..') || !shim.endsWith('.mjs')) continue;
          const dir = path.basename(shim, '.mjs');
          if (dirs.has(dir)) continue;
          const issuer = compilation.moduleGraph.getIssuer(module)?.resource;
          const where = issuer ? path.relative(root, issuer) : 'a library';
          missing.set(`@mui/material/${dir}`, [
            ...(missing.get(`@mui/material/${dir}`) ?? []),
            where,
          ]);
        }
        noteMissingNames(compilation, modules, '@mui/material', core.names, missing);
        noteMissingNames(compilation, modules, MUI_MORE, more.names, missing);
        noteMissingNames(
          compilation,
          modules,
          MUI_GUEST_STEPS,
          muiGuestSurface(MUI_GUEST_STEPS_FILE),
          missing,
        );
        // A name of the second part that reached `@mui/material` came another way than a named
        // import (a namespace, a default import beside it), which the loader does not split.
        const named = new Map(
          [...missing].map(([name, files]) => [
            more.names.has(name)
              ? `${name} (import it by name: import { ${name} } from '@mui/material')`
              : name,
            files,
          ]),
        );
        reportMissing(
          compiler,
          compilation,
          named,
          'These MUI names or modules are not provided by the shell (build/shared/mui.js, mui-more.js):',
          "Add the module's two lines there: the shell provides it from its next build.",
        );
      });
    });
  }
}

/** A folder under node_modules/.cache for modules written from the installed MUI (per version). */
function muiCacheDir(name) {
  const { version } = JSON.parse(readFileSync(path.join(MUI_DIR, 'package.json'), 'utf8'));
  return path.join(root, 'node_modules/.cache', name, version);
}

/** Where muiDeepImportShims writes its modules (one folder per installed MUI version). */
function muiShimDir() {
  return muiCacheDir('hostdash-mui-shims');
}

/**
 * MUI is shared whole, as `@mui/material`; a library that imports a module of it by path
 * (`@mui/material/styles`, `@mui/material/Popper`: @mui/x-charts does) would bundle a second copy
 * of MUI. Each such path is answered by a small module that re-exports the same names from the
 * shared `@mui/material`, whose index re-exports every public module (`export * from
 * "./Popper/index.mjs"`, `export { default as Popper } …`). Written once per install, under
 * node_modules/.cache; MUI's own files keep their paths (they import a few of these themselves).
 */
function muiDeepImportShims() {
  const muiDir = MUI_DIR;
  const index = readFileSync(path.join(muiDir, 'index.mjs'), 'utf8');
  const shimDir = muiShimDir();
  const defaults = new Map(
    [...index.matchAll(/export \{ default as (\w+) \} from "\.\/(\w+)\/index\.mjs";/g)].map(
      ([, name, dir]) => [dir, name],
    ),
  );
  // A consumed shared module has no static exports: each shim names what it re-exports.
  const barrel = new Set(Object.keys(require(muiDir)));
  // A module of the second part is read from there (build/shared/mui-more.js).
  const moreDirs = muiSurface(MUI_MORE_FILE).dirs;
  mkdirSync(shimDir, { recursive: true });
  return Object.fromEntries(
    [...index.matchAll(/export \* from "\.\/(\w+)\/index\.mjs";/g)].map(([, dir]) => {
      const file = path.join(shimDir, `${dir}.mjs`);
      const names = Object.keys(require(path.join(muiDir, dir))).filter(
        (name) => name !== 'default' && name !== '__esModule' && barrel.has(name),
      );
      const name = defaults.get(dir);
      const from = moreDirs.has(dir) ? MUI_MORE : '@mui/material';
      const lines = [
        ...(names.length ? [`export { ${names.join(', ')} } from '${from}';`] : []),
        ...(name ? [`export { ${name} as default } from '${from}';`] : []),
      ];
      writeFileSync(file, `${lines.join('\n')}\n`);
      return [`@mui/material/${dir}$`, file];
    }),
  );
}

/** The modules of @mui/system and @mui/utils the shell provides to MUI X (see the file). */
const MUI_INTERNALS_FILE = path.join(__dirname, 'shared/mui-internals.js');
const MUI_INTERNALS = '@hostdash/mui-internals';
/** MUI X's packages, whose imports by path of those modules read the shell's. */
const MUI_X_MODULES = /[\\/]node_modules[\\/]@mui[\\/]x-[\w-]+[\\/]/;

/** build/shared/mui-internals.js's namespaces: `[namespace, path]` for each line. */
function muiInternalPaths() {
  return [
    ...readFileSync(MUI_INTERNALS_FILE, 'utf8').matchAll(
      /^export \* as (\w+) from '(@mui\/(?:system|utils)\/\w+)';$/gm,
    ),
  ].map(([, namespace, request]) => [namespace, request]);
}

/**
 * In a remote, each path of build/shared/mui-internals.js that MUI X imports is answered by a small
 * module that gives the same names from that namespace of the shared `@hostdash/mui-internals`
 * (the shell's copy, or the remote's own when it runs alone). Written once per install, under
 * node_modules/.cache.
 */
function muiInternalShims() {
  // Apart from muiDeepImportShims' folder, which MuiSurfacePlugin reads as paths into MUI.
  const shimDir = muiCacheDir('hostdash-mui-internals');
  mkdirSync(shimDir, { recursive: true });
  return Object.fromEntries(
    muiInternalPaths().map(([namespace, request]) => {
      const file = path.join(shimDir, `${namespace}.mjs`);
      const names = Object.keys(require(request)).filter(
        (name) => name !== 'default' && name !== '__esModule',
      );
      const lines = [
        `import { ${namespace} as namespace } from '${MUI_INTERNALS}';`,
        'export default namespace.default;',
        ...(names.length ? [`export const { ${names.join(', ')} } = namespace;`] : []),
      ];
      writeFileSync(file, `${lines.join('\n')}\n`);
      return [`${request}$`, file];
    }),
  );
}

/** The file a build writes beside its bundles: which packages each JS file carries. */
const BUNDLE_CONTENTS_FILE = 'bundle-contents.json';

/**
 * `react-dom` and `react-dom/cjs/x.js` for …/node_modules/react-dom/cjs/x.js (the last
 * node_modules wins); null for our own code.
 */
function packageOf(resource) {
  const at = resource?.lastIndexOf(`${path.sep}node_modules${path.sep}`) ?? -1;
  if (at < 0) return null;
  const file = resource.slice(at + 14).split(path.sep);
  const name = file[0].startsWith('@') ? `${file[0]}/${file[1]}` : file[0];
  return { name, module: file.join('/') };
}

/**
 * Writes `bundle-contents.json`: for each emitted JS file, the bytes of source (before
 * minification) that come from each npm package and from the app's own code (`own`), and the
 * package modules it carries. The byte budget test and the web bench read it to say which library
 * a loaded file carries, and to find a module loaded from two builds (a copy).
 */
class BundleContentsPlugin {
  constructor(app) {
    this.app = app;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('BundleContentsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BundleContentsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const files = {};
          for (const chunk of compilation.chunks) {
            const contents = { packages: {}, modules: [] };
            const count = (owner, bytes) => {
              contents.packages[owner] = (contents.packages[owner] ?? 0) + bytes;
            };
            const add = (module) => {
              if (module.modules) {
                for (const inner of module.modules) add(inner);
                return;
              }
              if (!module.resource) return;
              const from = packageOf(module.resource);
              count(from?.name ?? 'own', module.size());
              if (from) contents.modules.push(from.module);
            };
            for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) add(module);
            // Generated code: webpack's runtime, with the federation runtime's bootstrap.
            for (const module of compilation.chunkGraph.getChunkRuntimeModulesIterable(chunk)) {
              count('webpack-runtime', module.size());
            }
            contents.modules.sort();
            for (const file of chunk.files) {
              if (file.endsWith('.js')) files[file] = contents;
            }
          }
          compilation.emitAsset(
            BUNDLE_CONTENTS_FILE,
            new sources.RawSource(JSON.stringify({ app: this.app, files }, null, 1)),
          );
        },
      );
    });
  }
}

/** The shell's port when nothing says otherwise; each app's `devPort` is counted from it. */
const DEFAULT_SHELL_PORT = 3000;

/**
 * `webpack serve` for an app run alone, from the documented environment instead of fixed
 * addresses: `PORT` is the shell's port (3000), and a remote keeps its distance from it (listings
 * 3011 is `PORT` + 11), so one `PORT` moves the shell and every remote together; `DEV_PORT` sets
 * this dev server's port outright. A remote's standalone page calls the API through the shell
 * server's `/api` proxy (it holds the session cookie): `SHELL_URL`, by default the local shell on
 * `PORT`.
 */
function devServerSettings({ isRemote, devPort, devServer }) {
  const shellPort = Number(process.env.PORT) || DEFAULT_SHELL_PORT;
  const shellUrl = process.env.SHELL_URL || `http://localhost:${shellPort}`;
  const port =
    Number(process.env.DEV_PORT) ||
    (isRemote && devPort ? shellPort + (devPort - DEFAULT_SHELL_PORT) : shellPort);
  const { proxy: ownProxy = [], ...rest } = devServer;
  // The shell's `/api` wins over a remote's own entry for it (which named a fixed address).
  const otherProxies = ownProxy.filter((entry) => ![].concat(entry.context ?? []).includes('/api'));
  return {
    historyApiFallback: true,
    hot: false,
    liveReload: true,
    client: { overlay: false },
    headers: { 'Access-Control-Allow-Origin': '*' },
    ...rest,
    port,
    ...(isRemote && { proxy: [{ context: ['/api'], target: shellUrl }, ...otherProxies] }),
  };
}

/**
 * @param {object} options
 * @param {string} options.name federation name ('shell', 'listings', …)
 * @param {string} options.dir the package folder (__dirname of its webpack config)
 * @param {Record<string, string>} [options.exposes] a remote's public entry, e.g. { './feature': './src/feature.tsx' }
 * @param {number} [options.devPort] port of `webpack serve` when the app runs alone, with the shell
 *   on its default port 3000 (see devServerSettings: `PORT` moves it)
 * @param {string} [options.title] page title of the standalone/host page
 * @param {string} [options.template] the page's HTML template; `<dir>/src/index.html` by default
 * @param {Record<string, unknown>} [options.devServer] extra dev-server settings
 */
function createFederatedConfig({ name, dir, exposes, devPort, title, template, devServer = {} }) {
  const pkg = require(path.join(dir, 'package.json'));
  const isRemote = Boolean(exposes);
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    // The bench's monolith: the shell with every remote compiled in, no federation (issue 10).
    const monolith = !isRemote && process.env.HOSTDASH_MONOLITH === '1';
    const shared = sharedSingletons(pkg.dependencies ?? {}, dir);
    // What the shell provides, which a remote's singletons must fit (SharedVersionCheckPlugin).
    const providedVersions = isRemote ? providedSharedVersions() : {};
    // Written once per config: every module but MUI's own reads them, MUI X's with its own too.
    const deepImportShims = muiDeepImportShims();
    const contractVersion = readContractVersion();
    const contract = isRemote ? contractRange(pkg, contractVersion) : undefined;
    if (contract && !satisfy(contractVersion, contract)) {
      console.warn(
        `${name}: declares shell contract ${contract}, but is built against shared-auth's ${contractVersion}; a shell on ${contractVersion} will refuse it.`,
      );
    }
    return {
      name,
      mode: production ? 'production' : 'development',
      // Production maps are written beside the bundles for error tooling but not named in them
      // (no sourceMappingURL), and neither server serves them (issues 11 and 30,
      // shell/server/staticFiles.ts).
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      context: dir,
      entry: { main: './src/index.ts' },
      output: {
        path: path.join(dir, monolith ? 'dist-monolith' : 'dist'),
        // A remote's entry keeps a stable name (served no-cache: webpack 5.111 cannot put a content
        // hash in a container entry's name, module-federation/core#5077); the shell has no
        // container, so its entry is content-hashed like every chunk, and all are immutable (the
        // page names them). The shell server serves its bundles under /assets/.
        filename: isRemote ? '[name].js' : 'assets/[name].[contenthash:8].js',
        chunkFilename: isRemote ? '[name].[contenthash:8].js' : 'assets/[name].[contenthash:8].js',
        // Remotes are served from any origin: resolve their chunks relative to where they were loaded.
        publicPath: isRemote ? 'auto' : '/',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
        // Browsers compile shared-auth from source; Node uses its dist build.
        alias: {
          '@hostdash/shared-auth$': path.join(sharedAuthDir, 'src/index.ts'),
          // The guest page's part of it: compiled into whoever imports it, never shared (ADR 35).
          '@hostdash/shared-auth/guest$': path.join(sharedAuthDir, 'src/guest.ts'),
          // Stateless React pieces: compiled into each remote, not shared at run time.
          '@hostdash/shared-ui$': path.join(root, 'shared-ui/src/index.ts'),
          ...FEDERATION_RUNTIME_ESM,
          '@hostdash/react-router-package$': esmEntry('react-router'),
          // What the shell provides to the page as react-router, Redux Toolkit and react-redux.
          ...Object.fromEntries(SURFACES.map(({ alias, file }) => [`${alias}$`, file])),
          // What the guest page provides to the guest portal as `@mui/material` (see the file).
          '@hostdash/mui-guest-surface$': MUI_GUEST_SURFACE_FILE,
          [`${MUI_GUEST_STEPS}$`]: MUI_GUEST_STEPS_FILE,
          // What the shell provides to MUI X from @mui/system and @mui/utils (see the file).
          [`${MUI_INTERNALS}$`]: MUI_INTERNALS_FILE,
          // The part of MUI only some remotes use (see the file).
          [`${MUI_MORE}$`]: MUI_MORE_FILE,
          ...(monolith
            ? {
                '@module-federation/enhanced/runtime$': path.join(__dirname, 'monolith/runtime.js'),
                '@module-federation/inject-external-runtime-core-plugin$': path.join(
                  __dirname,
                  'monolith/injectRuntime.js',
                ),
              }
            : {}),
        },
      },
      module: {
        rules: [
          {
            // Everything but MUI itself and the shell's own code (which imports MUI by path on
            // purpose, docs/adr/0007): a path into MUI is answered from the shared barrel.
            exclude: [
              /[\\/]node_modules[\\/]@mui[\\/]material[\\/]/,
              path.join(shellDir, 'src'),
              MUI_SURFACE_FILE,
              MUI_MORE_FILE,
              MUI_GUEST_SURFACE_FILE,
              MUI_GUEST_STEPS_FILE,
              ...(shared[MUI_INTERNALS] && isRemote ? [MUI_X_MODULES] : []),
            ],
            resolve: { alias: deepImportShims },
          },
          ...(shared[MUI_INTERNALS] && isRemote
            ? [
                {
                  // MUI X in a remote: its paths into @mui/system and @mui/utils too are answered
                  // from what the shell provides (build/shared/mui-internals.js).
                  test: MUI_X_MODULES,
                  resolve: { alias: { ...deepImportShims, ...muiInternalShims() } },
                },
              ]
            : []),
          ...(isRemote || monolith
            ? []
            : [
                {
                  // What the shell provides as `@mui/material` is the remotes' part of MUI, not
                  // the whole barrel (build/shared/mui.js, issue 34).
                  test: path.join(shellDir, 'src/remotes/sharedMui.ts'),
                  resolve: { alias: { '@mui/material$': MUI_SURFACE_FILE } },
                },
              ]),
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: [
              // In a remote, the names of the second part of the shell's MUI are imported from it.
              // In the guest portal, the names of the guest page's second part are imported from it.
              ...(exposes?.[GUEST_PORTAL_EXPOSE]
                ? [
                    {
                      loader: require.resolve('./mui-parts-loader.cjs'),
                      options: { names: [...muiGuestStepsNames()], request: MUI_GUEST_STEPS },
                    },
                  ]
                : []),
              ...(isRemote
                ? [
                    {
                      loader: require.resolve('./mui-parts-loader.cjs'),
                      options: { names: [...muiMoreNames()], request: MUI_MORE },
                    },
                  ]
                : []),
              {
                loader: 'swc-loader',
                options: {
                  jsc: {
                    parser: { syntax: 'typescript', tsx: true },
                    transform: { react: { runtime: 'automatic', development: !production } },
                    target: 'es2020',
                  },
                },
              },
            ],
          },
        ],
      },
      plugins: [
        // Only a remote is built with the federation plugin. The shell is a plain build: it starts
        // the federation runtime itself when a page first needs a remote (shell/src/remotes/
        // loader.ts), so a page without one (the sign-in pages) never loads the runtime.
        isRemote
          ? new ModuleFederationPlugin({
              name,
              filename: 'remoteEntry.js',
              exposes,
              remotes: {},
              shared: production ? withoutFallbacks(shared) : shared,
              // One dead remote must not break start-up (TOOLCHAIN.md).
              shareStrategy: 'loaded-first',
              manifest: {
                fileName: 'mf-manifest.json',
                // The release's identity and the contract it needs, read by the deploy command,
                // the shell (before it runs the remote) and /health.
                additionalData: ({ stats, compilation }) => {
                  const version = releaseVersion(pkg.version, compilation.hash, contract);
                  stats.metaData.buildInfo = {
                    ...stats.metaData.buildInfo,
                    buildVersion: version,
                  };
                  stats.metaData.hostdash = {
                    version,
                    contract,
                    builtWithContract: contractVersion,
                    commit: sourceCommit(dir),
                    builtAt: new Date().toISOString(),
                  };
                  return stats;
                },
              },
              dts: false,
              dev: false,
              // One federation runtime per page: the shell provides its runtime-core to the page
              // (a global), and a remote's entry uses it instead of carrying its own (~90 KB).
              // What is left in the entry is this build's own (webpack's runtime, the bundler
              // runtime holding this container's state): a browser-only entry without the code
              // for loading other remotes (a remote loads none; widgets come through the shell)
              // is 29.0 → 27.0 KB raw, 9.3 → 8.6 KB gzip. `disableSnapshot` changes nothing
              // here (the snapshot code is in the shell's runtime-core, which reads manifests
              // with it). docs/adr/0037-session-weight.md
              experiments: {
                externalRuntime: production,
                optimization: { target: 'web', disableRemote: true },
              },
            })
          : null,
        monolith
          ? new NormalModuleReplacementPlugin(
              /[\\/]shell[\\/]src[\\/]remotes[\\/]sharedModules\.ts$/,
              path.join(__dirname, 'monolith/sharedModules.js'),
            )
          : null,
        monolith
          ? new NormalModuleReplacementPlugin(
              /[\\/]shell[\\/]src[\\/]remotes[\\/]sharedMui\.ts$/,
              path.join(__dirname, 'monolith/sharedMui.js'),
            )
          : null,
        new DefinePlugin({
          // A label set at build time (HOSTDASH_BUILD_LABEL), for telling two builds apart.
          'process.env.HOSTDASH_BUILD_LABEL': JSON.stringify(
            process.env.HOSTDASH_BUILD_LABEL ?? '',
          ),
          // A page a build is made to break (HOSTDASH_FAULT=listings-page): the rollout journey's
          // bad candidate (e2e/tests/rollout.spec.ts). Empty in every other build, so the
          // minifier drops the check.
          'process.env.HOSTDASH_FAULT': JSON.stringify(process.env.HOSTDASH_FAULT ?? ''),
          'process.env.HOSTDASH_APP_VERSION': JSON.stringify(pkg.version),
          // What the shell registers in the page's share scope, with its versions (JSON).
          ...(isRemote
            ? {}
            : {
                'process.env.HOSTDASH_PROVIDED_SHARED': JSON.stringify(
                  JSON.stringify(providedShareInfo(dir)),
                ),
                // The shell's pages run in a browser: the federation sdk's Node loaders go (a
                // remote's build says the same through the plugin's `target: 'web'`).
                ENV_TARGET: JSON.stringify('web'),
              }),
        }),
        ...(monolith
          ? []
          : isRemote
            ? [
                new SharedVersionCheckPlugin(name, [
                  ...sharedMismatches(shared, providedVersions),
                  ...(production ? unprovidedShared(shared, providedVersions) : []),
                ]),
              ]
            : [
                new HostFederationInfoPlugin({
                  name,
                  version: pkg.version,
                  contract: contractVersion,
                  shared: providedSharedVersions(dir),
                }),
              ]),
        ...(isRemote ? [new SurfacePlugin(), new MuiSurfacePlugin()] : []),
        ...(exposes?.[GUEST_PORTAL_EXPOSE]
          ? [
              new GuestSurfacePlugin(
                path.resolve(dir, exposes[GUEST_PORTAL_EXPOSE]),
                Object.keys(shared),
              ),
            ]
          : []),
        new BundleContentsPlugin(name),
        ...(production ? [new PrecompressPlugin()] : []),
        // A production remote has no standalone page: it carries no copy of what the shell
        // provides (`withoutFallbacks`), so only its dev server's page runs alone.
        isRemote && production
          ? null
          : new HtmlWebpackPlugin({
              template: template ?? path.join(dir, 'src/index.html'),
              title: title ?? name,
              // The remote's chunks are federated; its standalone page loads only the app entry.
              chunks: ['main'],
            }),
      ].filter(Boolean),
      performance: { hints: false },
      // Rebuilds reuse everything whose inputs did not change (modules, minified and compressed
      // assets). The key covers this factory and the package's config and lockfile.
      cache: {
        type: 'filesystem',
        cacheDirectory: path.join(root, 'node_modules/.cache/webpack'),
        name: `${name}-${production ? 'production' : 'development'}${monolith ? '-monolith' : ''}`,
        buildDependencies: {
          config: [
            __filename,
            path.join(dir, 'webpack.config.cjs'),
            path.join(root, 'package-lock.json'),
          ],
        },
      },
      optimization: {
        moduleIds: 'deterministic',
        // SWC's minifier: the same output size as terser here, several times faster.
        minimizer: [
          new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, extractComments: false }),
        ],
      },
      devServer: devServerSettings({ isRemote, devPort, devServer }),
      stats: 'errors-warnings',
    };
  };
}

/**
 * A remote's config from its manifest (package.json `hostdash.remote`, the one list in
 * build/remotes.cjs): its name, exposes and dev port are written once, there.
 * @param {string} dir the remote's folder (__dirname of its webpack config)
 */
function createRemoteConfig(dir) {
  const remote = remoteIn(dir);
  if (!remote) throw new Error(`${dir} is not a remote of build/remotes.cjs`);
  return createFederatedConfig({
    name: remote.name,
    dir,
    title: `Hostdash ${remote.title.toLowerCase()} (standalone)`,
    exposes: remote.exposes,
    devPort: remote.devPort,
    // A remote's standalone page: one template for all of them.
    template: path.join(__dirname, 'remote.html'),
  });
}

module.exports = {
  createFederatedConfig,
  createRemoteConfig,
  sharedSingletons,
  readContractVersion,
  contractRange,
  releaseVersion,
  providedSharedVersions,
  providedShareInfo,
  sharedMismatches,
  unprovidedShared,
  withoutFallbacks,
  sharedReport,
  muiSurface,
  muiMoreNames,
  muiGuestStepsNames,
  MUI_MORE_FILE,
  MUI_GUEST_STEPS_FILE,
  SURFACES,
  surfaceNames,
  HOST_FEDERATION_FILE,
  BUNDLE_CONTENTS_FILE,
  GUEST_SHARED,
  GUEST_LAYER,
  guestReactAliases,
  guestReactNames,
  muiGuestSurface,
};
