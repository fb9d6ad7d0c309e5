// Where the registry file and the default store are: one definition for the shell server, the
// remote origin and the deploy command, so they always agree.
import path from 'node:path';

export interface DeliveryPaths {
  /** The store the remote origin serves: `<dir>/<remote>/<version>/…` (REMOTES_DIR). */
  storeDir: string;
  /** The live registry (REMOTES_FILE). */
  registryFile: string;
}

export function deliveryPaths(
  env: Record<string, string | undefined>,
  repoDir: string,
): DeliveryPaths {
  return {
    storeDir: path.resolve(env.REMOTES_DIR || path.join(repoDir, '.data', 'remotes')),
    registryFile: path.resolve(env.REMOTES_FILE || path.join(repoDir, '.data', 'remotes.json')),
  };
}
