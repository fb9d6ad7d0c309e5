const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createFederatedConfig } = require('@hostdash/build/webpack');

const dashboard = createFederatedConfig({
  name: 'shell',
  dir: __dirname,
  title: 'Hostdash',
  devPort: 3000,
});

// A second host entry, the guest's check-in page (docs/adr/0018-guest-page.md): its own bundle and
// its own page (guest.html, served by the shell server at /guest/<token>), sharing none of the
// dashboard's start-up code.
module.exports = (env, argv) => {
  const config = dashboard(env, argv);
  config.entry = { ...config.entry, guest: './src/guest/index.tsx' };
  config.plugins.push(
    new HtmlWebpackPlugin({
      template: path.join(__dirname, 'src/guest/guest.html'),
      filename: 'guest.html',
      chunks: ['guest'],
    }),
  );
  return config;
};
