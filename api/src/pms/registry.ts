// Which adapter connects a system: in the sandbox, the sandbox for all 18 (nothing leaves the
// machine); otherwise the real adapter where one exists, and null where none does — the caller
// then says plainly that the system cannot be connected yet, and nothing pretends to import.
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
}

export function adapterFor(name: PmsName, options: AdapterOptions): PmsAdapter | null {
  if (options.sandbox) return sandboxAdapter(name, { today: options.today });
  if (name === 'hostaway') return hostawayAdapter({ baseUrl: options.hostawayApiUrl });
  if (name === 'guesty') return guestyAdapter({ baseUrl: options.guestyApiUrl });
  return null;
}
