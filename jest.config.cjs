// `npm run test:unit`: every package's jest project in one run.
module.exports = {
  projects: [
    '<rootDir>/shared-auth',
    '<rootDir>/shared-ui',
    '<rootDir>/storage',
    '<rootDir>/api',
    '<rootDir>/shell',
    '<rootDir>/mfe-listings',
    '<rootDir>/mfe-reservations',
    '<rootDir>/mfe-billing',
    '<rootDir>/mfe-admin',
    '<rootDir>/mfe-onboarding',
    '<rootDir>/mfe-guestportal',
    '<rootDir>/scripts',
  ],
};
