// The guest page's remote loader: the federation loader, providing the guest page's few shared
// modules (guestShared.ts) instead of the dashboard's singletons.
import { provideShared } from '../remotes/federationLoader';
import { guestShared } from './guestShared';

provideShared(guestShared);

export { giveManifests, loadGuestPortal } from '../remotes/federationLoader';
