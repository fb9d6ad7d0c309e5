// The one webpack + Module Federation factory. The shell and every remote build with it, so adding
// a remote is: a package with src/index.ts, src/bootstrap.tsx, src/feature.tsx, and
// `module.exports = createFederatedConfig({ ... })` in its webpack.config.cjs.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const root = path.resolve(__dirname, '..');
const sharedAuthDir = path.join(root, 'shared-auth');
const sharedAuthVersion = require(path.join(sharedAuthDir, 'package.json')).version;

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
    ...fromDeps('@mui/material'),
    '@hostdash/shared-auth': {
      singleton: true,
      version: sharedAuthVersion,
      requiredVersion: dependencies['@hostdash/shared-auth'] ? `^${sharedAuthVersion}` : false,
    },
  };
}

/**
 * @param {object} options
 * @param {string} options.name federation name ('shell', 'listings', …)
 * @param {string} options.dir the package folder (__dirname of its webpack config)
 * @param {Record<string, string>} [options.exposes] a remote's public entry, e.g. { './feature': './src/feature.tsx' }
 * @param {number} [options.devPort] port of `webpack serve` when the app runs alone
 * @param {string} [options.title] page title of the standalone/host page
 * @param {Record<string, unknown>} [options.devServer] extra dev-server settings
 */
function createFederatedConfig({ name, dir, exposes, devPort, title, devServer = {} }) {
  const pkg = require(path.join(dir, 'package.json'));
  const isRemote = Boolean(exposes);
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      name,
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      context: dir,
      entry: { main: './src/index.ts' },
      output: {
        path: path.join(dir, 'dist'),
        // Entry files keep stable names (served no-cache: webpack 5.111 cannot put a content hash in
        // a federated entry's name, module-federation/core#5077); every other chunk is
        // content-hashed and immutable. The shell server serves its bundles under /assets/.
        filename: isRemote ? '[name].js' : 'assets/[name].js',
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
          // Stateless React pieces: compiled into each remote, not shared at run time.
          '@hostdash/shared-ui$': path.join(root, 'shared-ui/src/index.ts'),
        },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isRemote ? { filename: 'remoteEntry.js', exposes } : {}),
          remotes: {},
          shared: sharedSingletons(pkg.dependencies ?? {}, dir),
          // One dead remote must not break start-up (TOOLCHAIN.md).
          shareStrategy: 'loaded-first',
          manifest: isRemote ? { fileName: 'mf-manifest.json' } : false,
          dts: false,
          dev: false,
        }),
        new HtmlWebpackPlugin({
          template: path.join(dir, 'src/index.html'),
          title: title ?? name,
          // The remote's chunks are federated; its standalone page loads only the app entry.
          chunks: ['main'],
        }),
      ],
      performance: { hints: false },
      optimization: { moduleIds: 'deterministic' },
      devServer: {
        port: devPort,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        client: { overlay: false },
        headers: { 'Access-Control-Allow-Origin': '*' },
        ...devServer,
      },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { createFederatedConfig, sharedSingletons };
