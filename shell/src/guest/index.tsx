// The guest page's entry (docs/adr/0018-guest-page.md, 0035-guest-page-weight.md): a second, tiny
// host beside the dashboard. It mounts the guest-portal remote's `./guestPortal` and nothing of the
// dashboard: no store, no session, no flags, no layout, no router. The guest's portal is asked for
// before anything else (firstPortal.ts), so the answer comes while the page's code loads.
import { createRoot } from 'react-dom/client';
import { startRegistry } from '../remotes/registry';
import { guestToken, readGuestPageConfig } from './config';
import { firstPortalRequest } from './firstPortal';
import { GUEST_PAGE_PATH } from './guestConfig.types';
import { giveManifests } from './guestLoader';
import { GuestPage } from './GuestPage';

const token = guestToken(window.location.pathname);
// Started by the page's HTML before this script arrived (server/guestPage.ts), or now.
const firstPortal = token ? firstPortalRequest(GUEST_PAGE_PATH.source) : undefined;

const config = readGuestPageConfig();
startRegistry(config.remotes);
giveManifests(config.manifests);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <GuestPage
    token={token}
    styleNonce={config.styleNonce}
    {...(firstPortal ? { firstPortal } : {})}
  />,
);
