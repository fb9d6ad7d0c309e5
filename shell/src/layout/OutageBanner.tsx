// The outage banner (spec section 4): shown when the `outage_banner_dashboard` flag is enabled,
// top centre. Severity info hides itself after 10 s and can be closed; severity error cannot be
// dismissed. A malformed flag value never breaks the page.
import { useState, useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { INFO_BANNER_AUTO_HIDE_MS, parseOutageNotice } from '@hostdash/shared-auth';
import { getFlagsSnapshot, subscribeFlags } from '../flags/featureFlags';

export function OutageBanner() {
  const flags = useSyncExternalStore(subscribeFlags, getFlagsSnapshot);
  const notice = flags.outageBanner.enabled ? parseOutageNotice(flags.outageBanner.value) : null;
  // Closing hides this notice only; a changed text shows again.
  const [closedText, setClosedText] = useState<string | null>(null);

  if (!notice) return null;
  const dismissible = notice.severity === 'info';
  const open = !(dismissible && closedText === notice.text);
  const close = () => setClosedText(notice.text);

  return (
    <Snackbar
      open={open}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      autoHideDuration={dismissible ? INFO_BANNER_AUTO_HIDE_MS : null}
      onClose={(_event, reason) => {
        if (dismissible && reason !== 'clickaway') close();
      }}
      sx={{ top: { xs: 64, sm: 72 } }}
    >
      <Alert
        role={notice.severity === 'error' ? 'alert' : 'status'}
        aria-label="Service status"
        severity={notice.severity}
        variant="filled"
        onClose={dismissible ? close : undefined}
        sx={{ width: '100%' }}
      >
        {notice.text}
      </Alert>
    </Snackbar>
  );
}
