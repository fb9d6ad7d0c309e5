const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const {
  createFederatedConfig,
  GUEST_LAYER,
  guestReactAliases,
} = require('@hostdash/build/webpack');

const dashboard = createFederatedConfig({
  name: 'shell',
  dir: __dirname,
  title: 'Hostdash',
  devPort: 3000,
});

// A second host entry, the guest's check-in page (docs/adr/0018-guest-page.md): its own bundle and
// its own page (guest.html, served by the shell server at /guest/<token>), sharing none of the
// dashboard's start-up code. It is built in a layer of its own, where React is Preact's React
// API (docs/adr/0043-guest-page-on-preact.md): everything the guest page compiles in or provides
// to the guest portal as `react` and `react-dom` is preact/compat; the dashboard keeps React.
module.exports = (env, argv) => {
  const config = dashboard(env, argv);
  config.entry = {
    ...config.entry,
    guest: { import: './src/guest/index.tsx', layer: GUEST_LAYER },
  };
  config.experiments = { ...config.experiments, layers: true };
  config.module.rules.push({ issuerLayer: GUEST_LAYER, resolve: { alias: guestReactAliases() } });
  config.plugins.push(
    new HtmlWebpackPlugin({
      template: path.join(__dirname, 'src/guest/guest.html'),
      filename: 'guest.html',
      chunks: ['guest'],
    }),
  );
  return config;
};
