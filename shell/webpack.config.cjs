const { createFederatedConfig } = require('../config/webpack.federation.cjs');

module.exports = createFederatedConfig({
  name: 'shell',
  dir: __dirname,
  title: 'Hostdash',
  devPort: 3000,
});
