// The guest page's entry (docs/adr/0018-guest-page.md): a second, tiny host beside the dashboard.
// It mounts the guest-portal remote's `./guestPortal` and nothing of the dashboard: no store, no
// session, no flags, no layout.
import { createRoot } from 'react-dom/client';
import { guestToken, readGuestPageConfig } from './config';
import { GuestPage } from './GuestPage';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <GuestPage
    token={guestToken(window.location.pathname)}
    styleNonce={readGuestPageConfig().styleNonce}
  />,
);
