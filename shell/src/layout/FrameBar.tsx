// A bar at the top of every page of the frame, under the app bar, while a state lasts that changes
// what the pages show: the host's account staff are viewing (ViewingBar), a version only this
// browser loads (PreviewBar). A landmark, not an alert: it says nothing new on each page.
import type { ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';

export function FrameBar({
  label,
  severity,
  action,
  children,
}: {
  /** The landmark's name. */
  label: string;
  severity: AlertColor;
  /** The way out (a small outlined button). */
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <Alert
      component="section"
      role="region"
      aria-label={label}
      severity={severity}
      icon={false}
      action={action}
      sx={{
        mb: 2,
        alignItems: 'center',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-message': { flex: 1, minWidth: 0, overflowWrap: 'anywhere' },
        '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 }, pt: 0 },
      }}
    >
      {children}
    </Alert>
  );
}
