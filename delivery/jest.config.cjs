const preset = require('@hostdash/testing/jest-preset')(__dirname);

module.exports = {
  ...preset,
  moduleNameMapper: { ...preset.moduleNameMapper, ...require('./jest.mapper.cjs') },
};
