// Key rings for tests: a key file of the test's own, made when first opened (as the embedded
// default's is), so a test never reads or writes the developer's `api/.data`.
import path from 'node:path';
import { DEFAULT_KEY_FILE_NAME, type SecretsSettings } from '../config';

export function testSecrets(dir: string): SecretsSettings {
  return {
    keyFile: path.join(dir, DEFAULT_KEY_FILE_NAME),
    makeIfMissing: true,
    legacyKey: null,
    legacyKeyFile: null,
  };
}
