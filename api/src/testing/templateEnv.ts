/** Where globalSetup leaves the migrated and seeded template data folder for test files to copy. */
export const TEMPLATE_DIR_ENV = 'HOSTDASH_API_TEST_TEMPLATE_DIR';
/** The template's (and each copy's) storage folder, inside the data folder. */
export const TEMPLATE_FILES = 'files';
/** On PostgreSQL: the name of the template database globalSetup made on the test server. */
export const TEMPLATE_DB_ENV = 'HOSTDASH_API_TEST_TEMPLATE_DB';
