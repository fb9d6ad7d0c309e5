// The dashboard's remote loader: the federation loader, providing the dashboard's shared
// singletons (sharedModules.ts). Imported by the dashboard's pages and navigation only, so the
// singletons load with the first page that needs a remote, and never on the guest page.
import { provideShared } from './federationLoader';
import { providedShared } from './sharedModules';

provideShared(providedShared);

export * from './federationLoader';
