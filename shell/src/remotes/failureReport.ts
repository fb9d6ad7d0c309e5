// A remote's page or widget that could not be shown, for the telemetry (issue 17): refused by the
// contract check, failed to load, or (once loaded) thrown by its own code. Not being deployed is a
// state, not a failure. Beside the loader (not in the page's telemetry) so the sign-in page's
// bytes never carry the loader's errors.
import { report } from '../telemetry/pageTelemetry';
import { errorMessage } from '../telemetry/shape';
import { RemoteIncompatibleError, RemoteNotDeployedError } from './errors';

export function reportRemoteFailure(
  app: string,
  error: unknown,
  { loaded, module }: { loaded: boolean; module?: string },
): void {
  if (error instanceof RemoteNotDeployedError) return;
  const type =
    error instanceof RemoteIncompatibleError
      ? 'contract_refused'
      : loaded
        ? 'boundary_error'
        : 'remote_load_failed';
  const message = errorMessage(error);
  report({ type, remote: app, message: module ? `${module}: ${message}` : message });
}
