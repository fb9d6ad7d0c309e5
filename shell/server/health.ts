// What /health says about the remotes: for each one in the registry (and its canary), its version,
// whether its manifest answers, and whether the build fits this dashboard (contract and shared
// singletons), so an operator sees a broken or incompatible release before users report it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CONTRACT_VERSION, type ReleaseHealth, type RolloutHealth } from '@hostdash/shared-auth';
import { checkContract, readManifestFacts, sharedMismatches } from '../src/remotes/compatibility';
import { STRATEGIES } from '@hostdash/delivery';
import { absoluteManifest, type RegistryFile } from './registry';

/** What the shell's build provides (build/webpack.federation.cjs writes it beside index.html). */
export interface ShellBuildInfo {
  contract: string;
  shared: Record<string, string>;
}

// What one release's check found is what the delivery console shows (shared-auth).
export type { ReleaseHealth };

export interface RemoteHealth extends ReleaseHealth {
  name: string;
  canary?: ReleaseHealth & { percent: number; users: number };
}

export async function readShellBuildInfo(distDir: string): Promise<ShellBuildInfo> {
  try {
    const info = JSON.parse(
      await readFile(path.join(distDir, 'hostdash-federation.json'), 'utf8'),
    ) as Partial<ShellBuildInfo>;
    return {
      contract: typeof info.contract === 'string' ? info.contract : CONTRACT_VERSION,
      shared: info.shared && typeof info.shared === 'object' ? info.shared : {},
    };
  } catch {
    // A shell built before this file existed: its contract is the server's.
    return { contract: CONTRACT_VERSION, shared: {} };
  }
}

/** Checks one release's manifest against this shell's build (the delivery console's preview too). */
export async function checkRelease(
  version: string | undefined,
  manifest: string,
  shell: ShellBuildInfo,
  timeoutMs: number,
): Promise<ReleaseHealth> {
  const base = { version: version ?? null, manifest };
  try {
    const response = await fetch(manifest, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) {
      return { ...base, manifestAnswers: false, error: `the manifest answered ${response.status}` };
    }
    const facts = readManifestFacts(await response.json());
    const contract = checkContract(facts.contract, shell.contract);
    return {
      ...base,
      manifestAnswers: true,
      ...(facts.contract ? { contract: facts.contract } : {}),
      compatible: contract.compatible,
      sharedMismatches: sharedMismatches(facts.shared, shell.shared),
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ...base, manifestAnswers: false, error: reason };
  }
}

export async function checkRemotes(
  registry: RegistryFile,
  remotesOrigin: string,
  shell: ShellBuildInfo,
  timeoutMs = 2000,
): Promise<RemoteHealth[]> {
  return Promise.all(
    registry.remotes.map(async ({ name, manifest, version, canary }) => {
      const live = await checkRelease(
        version,
        absoluteManifest(manifest, remotesOrigin),
        shell,
        timeoutMs,
      );
      if (!canary) return { name, ...live };
      const candidate = await checkRelease(
        canary.version,
        absoluteManifest(canary.manifest, remotesOrigin),
        shell,
        timeoutMs,
      );
      return {
        name,
        ...live,
        canary: { ...candidate, percent: canary.percent, users: canary.users.length },
      };
    }),
  );
}

/** One line per thing an operator should act on. */
export function remoteProblems(remotes: RemoteHealth[], shell: ShellBuildInfo): string[] {
  return remotes.flatMap((remote) => {
    const releases = [
      {
        label: `${remote.name} ${remote.version ?? '(unversioned)'}`,
        release: remote as ReleaseHealth,
      },
      ...(remote.canary
        ? [{ label: `${remote.name} canary ${remote.canary.version}`, release: remote.canary }]
        : []),
    ];
    return releases.flatMap(({ label, release }) => [
      ...(release.manifestAnswers ? [] : [`${label}: manifest does not answer (${release.error})`]),
      ...(release.compatible === false
        ? [
            `${label}: needs shell contract ${release.contract}; this shell provides ${shell.contract}`,
          ]
        : []),
      ...(release.sharedMismatches ?? []).map(
        (mismatch) =>
          `${label}: requires ${mismatch.name} ${mismatch.requiredVersion}; the shell provides ${mismatch.provided}`,
      ),
    ]);
  });
}

/** A running canary as /health reports it: its share, strategy and the latest verdict. */
export interface RolloutReport {
  remote: string;
  candidate: string;
  live: string | null;
  percent: number;
  strategy: string | null;
  /** 1-based, of `steps`. */
  step: number | null;
  steps: number | null;
  verdict: RolloutHealth['verdict'] | null;
  reason: string | null;
  judgedAt: string | null;
}

export function rolloutHealth(registry: RegistryFile): RolloutReport[] {
  return registry.remotes.flatMap(({ name, version, canary }) => {
    if (!canary) return [];
    const { rollout, health } = canary;
    return [
      {
        remote: name,
        candidate: canary.version,
        live: version ?? null,
        percent: canary.percent,
        strategy: rollout?.strategy ?? null,
        step: rollout ? rollout.step + 1 : null,
        steps: rollout ? STRATEGIES[rollout.strategy].length : null,
        verdict: health?.verdict ?? null,
        reason: health?.reason ?? null,
        judgedAt: health?.at ?? null,
      },
    ];
  });
}
