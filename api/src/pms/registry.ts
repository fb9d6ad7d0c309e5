// Which adapter connects a system: in the sandbox, the sandbox for all 18 (nothing leaves the
// machine); otherwise the real adapter where one exists, and null where none does — the caller
// then says plainly that the system cannot be connected yet, and nothing pretends to import.
import type { ApiConfig } from '../config';
import { guestyAdapter } from './adapters/guesty';
import { hostawayAdapter } from './adapters/hostaway';
import type { PmsAdapter, PmsName } from './pms';
import { sandboxAdapter } from './sandbox';

export interface AdapterOptions {
  /** PMS_SANDBOX (config.pmsSandbox). */
  sandbox: boolean;
  /** HOSTAWAY_API_URL / GUESTY_API_URL (config), for a local fake; the public APIs by default. */
  hostawayApiUrl?: string;
  guestyApiUrl?: string;
  /** The sandbox's "today" (`YYYY-MM-DD`), for tests. */
  today?: () => string;
  /** The sandbox's clock (tests) and how much faster it runs (PMS_SANDBOX_SPEED). */
  now?: () => number;
  sandboxSpeed?: number;
  /** Where the browser reaches the API (`SHELL_ORIGIN` + `/api`): the sandbox's consent page. */
  apiOrigin?: string;
}

export function adapterFor(name: PmsName, options: AdapterOptions): PmsAdapter | null {
  if (options.sandbox)
    return sandboxAdapter(name, {
      today: options.today,
      apiOrigin: options.apiOrigin,
      now: options.now,
      speed: options.sandboxSpeed,
    });
  if (name === 'hostaway') return hostawayAdapter({ baseUrl: options.hostawayApiUrl });
  if (name === 'guesty') return guestyAdapter({ baseUrl: options.guestyApiUrl });
  return null;
}

/**
 * The adapter lookup the configuration selects: the API's routes (checking credentials) and its
 * import worker connect through the same one.
 */
export function adaptersFor(
  config: Pick<
    ApiConfig,
    'pmsSandbox' | 'pmsSandboxSpeed' | 'hostawayApiUrl' | 'guestyApiUrl' | 'shellOrigin'
  >,
): (name: PmsName) => PmsAdapter | null {
  return (name) =>
    adapterFor(name, {
      sandbox: config.pmsSandbox,
      sandboxSpeed: config.pmsSandboxSpeed,
      hostawayApiUrl: config.hostawayApiUrl,
      guestyApiUrl: config.guestyApiUrl,
      apiOrigin: `${config.shellOrigin}/api`,
    });
}
