/** Where globalSetup leaves the migrated and seeded template data folder for test files to copy. */
export const TEMPLATE_DIR_ENV = 'HOSTDASH_API_TEST_TEMPLATE_DIR';
