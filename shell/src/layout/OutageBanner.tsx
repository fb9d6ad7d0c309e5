// The outage banner (spec section 4): shown when the `outage_banner_dashboard` flag is enabled, at
// the top of the page, centred. Severity info hides itself after 10 s and can be closed; severity
// error cannot be dismissed. A malformed flag value never breaks the page.
//
// It is part of the page (issue 33, finding 5): the layout puts it under the top bar, in the flow,
// so it pushes the page down and never covers a title; once an info notice is closed or has hidden
// itself, its space is given back.
import { useEffect, useState, useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import { INFO_BANNER_AUTO_HIDE_MS, parseOutageNotice } from '@hostdash/shared-auth';
import { getFlagsSnapshot, subscribeFlags } from '../flags/featureFlags';

export function OutageBanner() {
  const flags = useSyncExternalStore(subscribeFlags, getFlagsSnapshot);
  const notice = flags.outageBanner.enabled ? parseOutageNotice(flags.outageBanner.value) : null;
  // Closing hides this notice only; a changed text shows again.
  const [closedText, setClosedText] = useState<string | null>(null);
  const dismissible = notice?.severity === 'info';
  const text = notice?.text ?? null;
  const open = notice !== null && !(dismissible && closedText === text);

  // An info notice hides itself after 10 s (spec section 9), as if closed.
  useEffect(() => {
    if (!open || !dismissible) return;
    const timer = setTimeout(() => setClosedText(text), INFO_BANNER_AUTO_HIDE_MS);
    return () => clearTimeout(timer);
  }, [open, dismissible, text]);

  if (!notice || !open) return null;
  return (
    <Alert
      role={notice.severity === 'error' ? 'alert' : 'status'}
      aria-label="Service status"
      severity={notice.severity}
      // An outage is filled red; a notice reads dark on light (white on the info blue is below
      // WCAG AA contrast).
      variant={notice.severity === 'error' ? 'filled' : 'standard'}
      onClose={dismissible ? () => setClosedText(notice.text) : undefined}
      sx={{
        mb: 2,
        justifyContent: 'center',
        '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' },
      }}
    >
      {notice.text}
    </Alert>
  );
}
