// The PMS piece's public entry: the interface, the 18 descriptors, which adapter connects a
// system, and the sandbox's demo credentials (for the connect page).
export * from './pms';
export { PMS_DESCRIPTORS, pmsDescriptor } from './descriptors';
export { adapterFor } from './registry';
export type { AdapterOptions } from './registry';
export {
  SANDBOX_ACCOUNT_ID,
  SANDBOX_CODE_PREFIX,
  SANDBOX_SECRET,
  sandboxCredentials,
} from './sandbox';
