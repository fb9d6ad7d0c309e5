// "About Hostdash": the dashboard's own version (and, for staff, its remote contract), and the
// version of each remote this page uses — a canary's candidate says so — so support and teams can
// tell what someone runs.
// A host reads the release (0.2.0); the build id after the `+` is for Hostdash staff, who see it
// whole, and it stays in each version's title (hover) for anyone support asks to read it out.
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { CONTRACT_VERSION, isAdmin } from '@hostdash/shared-auth';
import { useSession } from '../app/session';
import { featureTitle } from '../remotes/features';
import { loadRegistry, remoteStatuses, type RemoteStatus } from '../remotes/registry';

const SHELL_VERSION = process.env.HOSTDASH_APP_VERSION ?? '';

/** `0.2.0+bbbbbbbb` as a host reads it (`0.2.0`); staff get the build id too. */
function Version({ version, whole }: { version: string; whole: boolean }) {
  const release = version.split('+')[0] ?? version;
  return (
    <span title={version} style={whole ? { fontFamily: 'monospace' } : undefined}>
      {whole ? version : release}
    </span>
  );
}

export function AboutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [statuses, setStatuses] = useState<RemoteStatus[] | null>(null);
  const [failed, setFailed] = useState(false);
  const { user } = useSession();
  const staff = user !== null && isAdmin(user);

  useEffect(() => {
    if (!open) return;
    let active = true;
    loadRegistry()
      .then(() => {
        if (active) setStatuses(remoteStatuses());
      })
      .catch(() => {
        if (active) setFailed(true);
      });
    return () => {
      active = false;
    };
  }, [open]);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="about-title" maxWidth="sm" fullWidth>
      <DialogTitle id="about-title">About Hostdash</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          Dashboard <Version version={SHELL_VERSION || '(development)'} whole={staff} />
          {/* The contract between the dashboard and its features is for staff (issue 33). */}
          {staff && ` · remote contract ${CONTRACT_VERSION}`}
        </Typography>
        {failed && <Alert severity="warning">The list of features cannot be read now.</Alert>}
        {statuses && (
          <Table size="small" aria-label="Feature versions">
            <TableHead>
              <TableRow>
                <TableCell>Feature</TableCell>
                <TableCell>Version</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {statuses.map(({ entry, newer }) => (
                <TableRow key={entry.name}>
                  <TableCell>{featureTitle(entry.name)}</TableCell>
                  <TableCell>
                    <Typography variant="body2" component="span">
                      {entry.version ? <Version version={entry.version} whole={staff} /> : '—'}
                    </Typography>
                    {entry.canary && (
                      <Chip label="Canary" size="small" color="secondary" sx={{ ml: 1 }} />
                    )}
                    {entry.canary && entry.liveVersion && (
                      <Typography variant="caption" component="p" color="textSecondary">
                        Everyone else: <Version version={entry.liveVersion} whole={staff} />
                      </Typography>
                    )}
                    {newer && (
                      // A new build of the same release reads the same to a host: no number.
                      <Typography variant="caption" component="p" color="textSecondary">
                        {staff && newer.version ? (
                          <>
                            New version <Version version={newer.version} whole /> available: reload
                            to use it
                          </>
                        ) : (
                          'A new version is available: reload to use it'
                        )}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
