// `/admin/remotes` (Hostdash staff): the delivery console. For each remote, what is live, the
// canary, the history and the health check, and the same operations as `npm run remotes` —
// promote, abort, roll back, start a canary — each asked first with the versions it names, done by
// the shell server under the registry's lock and recorded with who did it.
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { formatDateTime, type ApiError, type ConsoleRemote } from '@hostdash/shared-auth';
import { ConfirmDialog, LoadError, messageOf, PageFrame } from '@hostdash/shared-ui';
import { selectAdmin } from '../adminSlice';
import { RemoteCard } from './RemoteCard';
import { remotesActions } from './remotesSlice';
import { canaryChange, checkCanaryForm, type PendingChange } from './remoteWords';

/** The dialog open now: a change to confirm, or the canary form for a version. */
type Asking =
  | { kind: 'change'; change: PendingChange }
  | { kind: 'canary'; remote: ConsoleRemote; version: string };

/** A refusal in the dialog that asked: someone else's change since the page read it, or why not. */
function refusalText(name: string, error: ApiError): string {
  if (error.error === 'version_changed') {
    return `Someone else changed ${name} since this page read it (${error.message}). The page now shows what is live: cancel, look again, and ask again if it is still needed.`;
  }
  return messageOf(error);
}

function CanaryDialog({
  remote,
  version,
  busy,
  error,
  stale,
  onConfirm,
  onCancel,
}: {
  remote: ConsoleRemote;
  version: string;
  busy: boolean;
  error: string | null;
  stale: boolean;
  onConfirm: (change: PendingChange) => void;
  onCancel: () => void;
}) {
  const [form, setForm] = useState({ percent: '10', users: '' });
  const [touched, setTouched] = useState(false);
  const check = checkCanaryForm(form);
  const valid = !check.errors.percent && !check.errors.users;
  const change = canaryChange(remote, version, check.percent, check.users);
  return (
    <ConfirmDialog
      open
      title={change.title}
      confirmLabel={change.confirmLabel}
      busy={busy}
      error={error}
      confirmDisabled={!valid || stale}
      onConfirm={() => {
        setTouched(true);
        if (valid) onConfirm(change);
      }}
      onCancel={onCancel}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label="Share of sign-ins (%)"
          value={form.percent}
          onChange={(event) => {
            setTouched(true);
            setForm({ ...form, percent: event.target.value });
          }}
          error={touched && Boolean(check.errors.percent)}
          helperText={
            (touched && check.errors.percent) ||
            'Each user keeps the same side of the share on every load.'
          }
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          label="Named users"
          value={form.users}
          onChange={(event) => {
            setTouched(true);
            setForm({ ...form, users: event.target.value });
          }}
          error={touched && Boolean(check.errors.users)}
          helperText={
            (touched && check.errors.users) ||
            'User ids, separated by commas: they get it whatever the share.'
          }
        />
        {valid && <Typography>{change.text}</Typography>}
      </Stack>
    </ConfirmDialog>
  );
}

export function RemotesPage() {
  const dispatch = useDispatch();
  const { console: delivery, status } = useSelector(selectAdmin).remotes;
  const [asking, setAsking] = useState<Asking | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  // A refusal belongs to the change that was tried, not to the next one asked about.
  const [tried, setTried] = useState(false);

  const load = () => dispatch(remotesActions.load.requested());
  useEffect(() => {
    dispatch(remotesActions.load.requested());
  }, [dispatch]);

  // The dialog waits for the change, closes when it is done, and keeps a refusal open.
  useEffect(() => {
    if (confirmed && !status.change.loading) {
      setConfirmed(false);
      if (!status.change.error) setAsking(null);
    }
  }, [confirmed, status.change.loading, status.change.error]);

  const ask = (next: Asking) => {
    setTried(false);
    setAsking(next);
  };
  const run = (change: PendingChange) => {
    setConfirmed(true);
    setTried(true);
    dispatch(
      remotesActions.change.requested({
        name: change.name,
        action: change.action,
        request: change.request,
      }),
    );
  };

  const refusal = tried ? status.change.error : null;
  const askedName = asking?.kind === 'change' ? asking.change.name : asking?.remote.name;
  const error = refusal && askedName ? refusalText(askedName, refusal) : null;
  // The versions this dialog names are no longer what is live: it cannot be confirmed as it is.
  const stale = refusal?.error === 'version_changed';

  return (
    <PageFrame
      width="list"
      title="Delivery"
      subtitle={
        <>
          What each remote runs for whom, and its history. The same operations as{' '}
          <Box component="code">npm run remotes</Box>; each change is recorded with who made it.
        </>
      }
      actions={
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          {delivery && (
            <Typography variant="body2" color="textSecondary">
              Checked at {formatDateTime(delivery.checkedAt)}
            </Typography>
          )}
          <Button variant="outlined" onClick={load} disabled={status.load.loading}>
            Refresh
          </Button>
        </Stack>
      }
    >
      {status.load.error && <LoadError error={status.load.error} onRetry={load} />}
      {delivery && delivery.remotes.length === 0 && (
        <Typography color="textSecondary">
          No remote is in the registry yet: deploy one with{' '}
          <Box component="code">npm run remotes -- deploy</Box>.
        </Typography>
      )}
      {delivery?.remotes.map((remote) => (
        <RemoteCard
          key={remote.name}
          remote={remote}
          onAsk={(change) => ask({ kind: 'change', change })}
          onCanary={(target, version) => ask({ kind: 'canary', remote: target, version })}
        />
      ))}
      {asking?.kind === 'canary' && (
        <CanaryDialog
          remote={asking.remote}
          version={asking.version}
          busy={status.change.loading}
          error={error}
          stale={stale}
          onConfirm={run}
          onCancel={() => setAsking(null)}
        />
      )}
      <ConfirmDialog
        open={asking?.kind === 'change'}
        title={asking?.kind === 'change' ? asking.change.title : ''}
        confirmLabel={asking?.kind === 'change' ? asking.change.confirmLabel : ''}
        destructive={asking?.kind === 'change' && asking.change.destructive}
        busy={status.change.loading}
        error={error}
        confirmDisabled={stale}
        onConfirm={() => asking?.kind === 'change' && run(asking.change)}
        onCancel={() => setAsking(null)}
      >
        {asking?.kind === 'change' ? asking.change.text : null}
      </ConfirmDialog>
    </PageFrame>
  );
}
