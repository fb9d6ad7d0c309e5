// What the shell server injects into the page (a JSON element), read and checked once.
import { CLIENT_CONFIG_ELEMENT_ID, type ClientConfig } from './clientConfig.types';

export type { ClientConfig };

function injectedConfig(): Partial<ClientConfig> | undefined {
  const text = document.getElementById(CLIENT_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Partial<ClientConfig>;
  } catch (error) {
    console.error('[config] the page configuration is not valid JSON', error);
    return undefined;
  }
}

function isDiscoveryDocument(value: unknown): value is ClientConfig['remotes'] & object {
  if (!value || typeof value !== 'object') return false;
  const { microFrontends } = value as { microFrontends?: unknown };
  return (
    Boolean(microFrontends) && typeof microFrontends === 'object' && !Array.isArray(microFrontends)
  );
}

export function readClientConfig(
  injected: Partial<ClientConfig> | undefined = injectedConfig(),
): ClientConfig {
  return {
    stage: injected?.stage ?? 'prod',
    ssoCookie: injected?.ssoCookie ?? 'hd_sso',
    flagsmith: {
      api: new URL(
        injected?.flagsmith?.api ?? '/api/flagsmith/api/v1/',
        window.location.origin,
      ).toString(),
      environmentKey: injected?.flagsmith?.environmentKey ?? 'hostdash-dashboard',
    },
    guestPortalUrl: injected?.guestPortalUrl ?? '',
    billingBypass: injected?.billingBypass ?? false,
    user: injected?.user ?? null,
    // The registry resolved for this user, a Frontend Discovery document (docs/adr/0019): without
    // it the page reads /remotes.json first, and early events would not know a remote's version.
    remotes: isDiscoveryDocument(injected?.remotes) ? injected.remotes : null,
    remotesRecheckMs: injected?.remotesRecheckMs ?? 60_000,
    monitoringSampleRate:
      typeof injected?.monitoringSampleRate === 'number' ? injected.monitoringSampleRate : 1,
    styleNonce: typeof injected?.styleNonce === 'string' ? injected.styleNonce : '',
    apiUnreachable: injected?.apiUnreachable === true,
    // Without the server's word (no configuration), asking first is the safe side.
    confirmSignOut: injected ? injected.confirmSignOut === true : true,
  };
}
