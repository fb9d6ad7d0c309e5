const { createRemoteConfig } = require('@hostdash/build/webpack');

// Its name, exposes and dev port are in its manifest (package.json `hostdash.remote`).
const federated = createRemoteConfig(__dirname);

// The guest page's messages are compiled to ICU AST at build time (src/guest/i18n): FormatJS's
// no-parser build leaves the ICU parser out of the page (docs/adr/0036-guest-languages.md).
const ICU_PARSER = '@formatjs/icu-messageformat-parser';
module.exports = (env, argv) => {
  const config = federated(env, argv);
  return {
    ...config,
    resolve: {
      ...config.resolve,
      alias: {
        ...config.resolve.alias,
        [`${ICU_PARSER}$`]: require.resolve(`${ICU_PARSER}/no-parser.js`, {
          paths: [require.resolve('intl-messageformat')],
        }),
      },
    },
  };
};
