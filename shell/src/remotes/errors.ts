// Why a remote could not be loaded, for the loader, the page and the telemetry (failureReport.ts):
// apart from the loader so the failure report can name them while the loader reports through it.
import { CONTRACT_VERSION } from '@hostdash/shared-auth';

export class RemoteNotDeployedError extends Error {
  constructor(readonly app: string) {
    super(`The ${app} remote is not in the registry`);
  }
}

export class RemoteLoadError extends Error {
  constructor(
    readonly app: string,
    override readonly cause: unknown,
  ) {
    super(
      `The ${app} remote failed to load: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}

/** The remote declares a shell contract range this dashboard is not in: its code is never run. */
export class RemoteIncompatibleError extends Error {
  constructor(
    readonly app: string,
    readonly version: string | undefined,
    readonly contract: string,
    readonly needsNewerShell: boolean,
  ) {
    super(
      `${app}${version ? ` ${version}` : ''} needs shell contract ${contract}; this dashboard provides ${CONTRACT_VERSION}`,
    );
  }
}
