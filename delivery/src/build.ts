// What a remote's build says about itself: the `metaData.hostdash` block that
// build/webpack.federation.cjs writes into its mf-manifest.json.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { VERSION } from './model';

export interface BuildInfo {
  /** The federation name (`listings`). */
  name: string;
  /** `<package version>+<build hash>`. */
  version: string;
  /** The shell contract range it needs. */
  contract?: string;
  commit?: string;
  builtAt?: string;
}

export async function readBuild(buildDir: string): Promise<BuildInfo> {
  const file = path.join(buildDir, 'mf-manifest.json');
  let manifest: { name?: unknown; metaData?: { hostdash?: Record<string, unknown> } };
  try {
    manifest = JSON.parse(await readFile(file, 'utf8')) as typeof manifest;
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'is missing' : 'is not JSON';
    throw new Error(`${file} ${reason}: build the remote first`);
  }
  const info = manifest.metaData?.hostdash ?? {};
  const { version, contract, commit, builtAt } = info;
  if (typeof manifest.name !== 'string') throw new Error(`${file} names no remote`);
  if (typeof version !== 'string' || !VERSION.test(version)) {
    throw new Error(
      `${file} has no release version (metaData.hostdash.version): build it with build/webpack.federation.cjs`,
    );
  }
  return {
    name: manifest.name,
    version,
    ...(typeof contract === 'string' ? { contract } : {}),
    ...(typeof commit === 'string' ? { commit } : {}),
    ...(typeof builtAt === 'string' ? { builtAt } : {}),
  };
}
