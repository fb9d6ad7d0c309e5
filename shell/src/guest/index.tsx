// The guest page's entry (docs/adr/0018-guest-page.md, 0035-guest-page-weight.md): a second, tiny
// host beside the dashboard. It mounts the guest-portal remote's `./guestPortal` and nothing of the
// dashboard: no store, no session, no flags, no layout, no router. Its first act is to ask for the
// guest's portal, so the answer comes while the portal's code loads, not after it.
import { createRoot } from 'react-dom/client';
import { newTraceparent } from '@hostdash/shared-auth/guest';
import { startRegistry } from '../remotes/registry';
import { guestToken, readGuestPageConfig } from './config';
import { giveManifests } from './guestLoader';
import { GuestPage } from './GuestPage';

const token = guestToken(window.location.pathname);
const firstPortal = token
  ? fetch('/api/guest/portal', {
      headers: {
        accept: 'application/json',
        'x-guest-token': token,
        traceparent: newTraceparent(),
      },
      credentials: 'same-origin',
    })
  : undefined;
// A failed request is the portal's to tell; until it reads it, nobody else may.
firstPortal?.catch(() => undefined);

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
