// `npm run test:unit`: every package's jest project in one run.
module.exports = {
  projects: ['<rootDir>/shared-auth', '<rootDir>/api', '<rootDir>/shell', '<rootDir>/mfe-listings'],
};
