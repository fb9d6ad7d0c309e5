const preset = require('../config/jest.preset.cjs')(__dirname);

module.exports = {
  ...preset,
  moduleNameMapper: { ...preset.moduleNameMapper, ...require('./jest.mapper.cjs') },
};
