module.exports = require('@hostdash/testing/jest-preset')(__dirname, { environment: 'jsdom' });
