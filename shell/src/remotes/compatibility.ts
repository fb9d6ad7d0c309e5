// Whether a remote's build fits this dashboard, from what its mf-manifest.json declares
// (`metaData.hostdash`, written by build/webpack.federation.cjs). Used by the shell before it runs
// a remote's code and by the shell server's /health.
import { satisfy } from '@module-federation/enhanced/runtime';
import type { SharedMismatch } from '@hostdash/shared-auth';

export interface SharedRequirement {
  name: string;
  requiredVersion?: string;
  singleton?: boolean;
}

export interface ManifestFacts {
  /** The release version the build recorded (`0.1.0+3f2a9c1d`). */
  version?: string;
  /** The shell contract range it needs; absent in builds made before contracts existed. */
  contract?: string;
  shared: SharedRequirement[];
}

export type ContractCheck =
  | { compatible: true; contract?: string }
  | { compatible: false; contract: string; needsNewerShell: boolean };

// The delivery console shows these too: the type is shared-auth's.
export type { SharedMismatch };

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** Reads the parts of a manifest that decide compatibility; throws if it is not a manifest at all. */
export function readManifestFacts(json: unknown): ManifestFacts {
  const manifest = record(json);
  if (!manifest.metaData || !Array.isArray(manifest.exposes)) {
    throw new Error('the answer is not a federation manifest');
  }
  const hostdash = record(record(manifest.metaData).hostdash);
  const shared = Array.isArray(manifest.shared) ? manifest.shared : [];
  return {
    ...(typeof hostdash.version === 'string' ? { version: hostdash.version } : {}),
    ...(typeof hostdash.contract === 'string' ? { contract: hostdash.contract } : {}),
    shared: shared.flatMap((item: unknown) => {
      const { name, requiredVersion, singleton } = record(item);
      if (typeof name !== 'string') return [];
      return [
        {
          name,
          ...(typeof requiredVersion === 'string' ? { requiredVersion } : {}),
          singleton: singleton === true,
        },
      ];
    }),
  };
}

function lowestVersion(range: string): string | undefined {
  return /\d+\.\d+\.\d+/.exec(range)?.[0];
}

function compareVersions(left: string, right: string): number {
  const a = left.split('.').map(Number);
  const b = right.split('.').map(Number);
  for (let index = 0; index < 3; index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * A remote fits when the shell's contract version is in the range it declares. A build without a
 * declaration (made before contracts) is let through.
 */
export function checkContract(contract: string | undefined, shellContract: string): ContractCheck {
  if (!contract) return { compatible: true };
  if (satisfy(shellContract, contract)) return { compatible: true, contract };
  const lowest = lowestVersion(contract);
  return {
    compatible: false,
    contract,
    needsNewerShell: lowest !== undefined && compareVersions(lowest, shellContract) > 0,
  };
}

/** The shared singletons a remote requires in a version the shell does not provide. */
export function sharedMismatches(
  shared: SharedRequirement[],
  provided: Record<string, string>,
): SharedMismatch[] {
  return shared.flatMap(({ name, requiredVersion, singleton }) => {
    const have = provided[name];
    if (!singleton || !requiredVersion || !have || satisfy(have, requiredVersion)) return [];
    return [{ name, requiredVersion, provided: have }];
  });
}
