// The outage banner (spec section 4): shown when the `outage_banner_dashboard` flag is enabled,
// top centre. Severity info hides itself after 10 s and can be closed; severity error cannot be
// dismissed. A malformed flag value never breaks the page.
import { useState, useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { INFO_BANNER_AUTO_HIDE_MS } from '@hostdash/shared-auth';
import { getFlagsSnapshot, subscribeFlags } from '../flags/featureFlags';

export interface OutageNotice {
  severity: 'info' | 'error';
  text: string;
}

/** Reads the flag's value: JSON `{ severity, text }`, or plain text as an info notice. */
export function parseOutageNotice(value: unknown): OutageNotice | null {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return value.trim() ? { severity: 'info', text: value.trim() } : null;
    }
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { severity, text } = parsed as { severity?: unknown; text?: unknown };
  if (typeof text !== 'string' || !text.trim()) return null;
  return { severity: severity === 'error' ? 'error' : 'info', text: text.trim() };
}

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
