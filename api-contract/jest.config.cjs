module.exports = require('../config/jest.preset.cjs')(__dirname);
