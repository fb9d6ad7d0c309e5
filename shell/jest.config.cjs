const preset = require('@hostdash/testing/jest-preset')(__dirname, { environment: 'jsdom' });

module.exports = {
  ...preset,
  // The delivery package (registry, console, test helpers) from its source.
  moduleNameMapper: { ...preset.moduleNameMapper, ...require('../delivery/jest.mapper.cjs') },
};
