const preset = require('@hostdash/testing/jest-preset')(__dirname, { environment: 'jsdom-fetch' });

module.exports = {
  ...preset,
  // FormatJS ships only ES modules (the guest page's words, src/guest/i18n): compiled like ours.
  transformIgnorePatterns: ['/node_modules/(?!cookie/|intl-messageformat/|@formatjs/)'],
};
