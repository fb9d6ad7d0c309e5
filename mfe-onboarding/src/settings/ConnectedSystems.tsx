// The account's connected systems: each with its status in words, its last and next sync, what
// came in, an import under way as a bar with counts, its webhook to paste into the system (Hostaway,
// Guesty: shown on request, the owner's alone), and "Sync now", "Reconnect" and "Disconnect"
// (asked first). The systems the account's listings came from without a connection here (an earlier
// import, a move to Hostdash) are shown too, with their listings: they are where the listings come
// from, and importing them again would duplicate them. With neither, the systems Hostdash connects.
import { useId, useState, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { PmsWebhookSetup } from '@hostdash/api-contract';
import {
  api,
  formatDate,
  formatDateTime,
  formatRelativeTime,
  toApiError,
  type ApiError,
} from '@hostdash/shared-auth';
import {
  ConfirmDialog,
  EmptyState,
  LoadError,
  messageOf,
  useSubmission,
  StatusChip,
} from '@hostdash/shared-ui';
import { importPercent, stepCounts } from '../connect/progressWords';
import { SystemList } from '../connect/UnknownSystem';
import { useSystems } from '../connect/useSystems';
import { selectSettings } from '../onboardSlice';
import type { ListingSource, PmsConnectionSummary } from './settingsApi';
import { importUnderWay, settingsActions } from './settingsSlice';
import { SettingsSection } from './SettingsSection';
import { countsInWords, disconnectInWords, plural, statusInWords } from './settingsWords';

const isRunning = (connection: PmsConnectionSummary) =>
  connection.task?.state === 'queued' || connection.task?.state === 'running';

function LastSync({ at }: { at: string | null }) {
  if (!at)
    return (
      <Typography variant="body2" color="textSecondary">
        Never synced
      </Typography>
    );
  return (
    <Typography variant="body2" color="textSecondary">
      Last synced{' '}
      <Box component="time" dateTime={at} title={formatDateTime(at)}>
        {formatRelativeTime(at)}
      </Box>{' '}
      ({formatDateTime(at)})
    </Typography>
  );
}

function NextSync({ at }: { at: string | null }) {
  if (!at) return null;
  return (
    <Typography variant="body2" color="textSecondary">
      Next sync{' '}
      <Box component="time" dateTime={at} title={formatDateTime(at)}>
        {formatRelativeTime(at)}
      </Box>
    </Typography>
  );
}

/** A value to copy into the system: read-only, selected whole on focus. */
function CopyValue({ label, value }: { label: string; value: string }) {
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
      onFocus={(event) => event.target.select()}
    />
  );
}

/**
 * The webhook of a system that sends them: its address always, its credentials once the owner asks
 * (they are secrets: not on the page until wanted, never kept by it).
 */
function Webhook({ connection }: { connection: PmsConnectionSummary }) {
  const [setup, setSetup] = useState<PmsWebhookSetup | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  if (!connection.webhook_url) return null;
  const show = async () => {
    setBusy(true);
    setError(null);
    try {
      setSetup(await api.get<PmsWebhookSetup>(`/user/integrations/${connection.pms}/webhook`));
    } catch (caught) {
      setError(toApiError(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1}>
      <Typography variant="body2">
        New bookings come in within seconds when {connection.label} calls Hostdash’s webhook;
        without it, with the next sync.
      </Typography>
      {setup ? (
        <Stack spacing={1}>
          <Typography variant="body2">{setup.instructions}</Typography>
          <CopyValue label="Webhook URL" value={setup.url} />
          {setup.login && <CopyValue label="Login" value={setup.login} />}
          {setup.password && <CopyValue label="Password" value={setup.password} />}
          {setup.secret && <CopyValue label="Signing secret" value={setup.secret} />}
          <Typography variant="body2" color="textSecondary">
            Events: {setup.events.join(', ')}
          </Typography>
          <Button size="small" onClick={() => setSetup(null)} sx={{ alignSelf: 'start' }}>
            Hide webhook details
          </Button>
        </Stack>
      ) : (
        <Button
          size="small"
          variant="outlined"
          onClick={() => void show()}
          disabled={busy}
          sx={{ alignSelf: 'start' }}
        >
          {busy ? 'Loading…' : 'Set up the webhook'}
        </Button>
      )}
      {error ? <Alert severity="error">{messageOf(error)}</Alert> : null}
    </Stack>
  );
}

function ImportUnderWay({ connection }: { connection: PmsConnectionSummary }) {
  const task = connection.task!;
  const percent = importPercent(task);
  return (
    <Box aria-live="polite">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {task.state === 'queued' ? 'Import waiting to start' : 'Importing'}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={`Import from ${connection.label}, ${percent} %`}
        sx={{ height: 6, borderRadius: 3, my: 0.5 }}
      />
      <Typography variant="body2" color="textSecondary">
        {stepCounts(task)} · {percent} %
      </Typography>
    </Box>
  );
}

function ConnectionItem({
  connection,
  accountImporting,
  syncing,
  onDisconnect,
}: {
  connection: PmsConnectionSummary;
  /** An import of the account runs (of this system or another): a sync would be refused. */
  accountImporting: boolean;
  syncing: boolean;
  onDisconnect: () => void;
}) {
  const dispatch = useDispatch();
  const running = isRunning(connection);
  return (
    <SystemCard
      label={connection.label}
      badge={<StatusChip kind="connectionStatus" value={connection.status} />}
    >
      <Typography variant="body2">{statusInWords(connection)}</Typography>
      <Box>
        <LastSync at={connection.last_sync_at} />
        <NextSync at={connection.next_sync_at} />
        <Typography variant="body2" color="textSecondary">
          {countsInWords(connection)} · connected {formatDate(connection.connected_at)}
        </Typography>
      </Box>
      {running && <ImportUnderWay connection={connection} />}
      <Webhook connection={connection} />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          size="small"
          disabled={accountImporting || syncing}
          onClick={() =>
            dispatch(
              settingsActions.sync.requested({ pms: connection.pms, label: connection.label }),
            )
          }
        >
          {syncing ? 'Syncing…' : 'Sync now'}
        </Button>
        <Button
          component={RouterLink}
          to={`/connect/${connection.pms}?reconnect=1`}
          variant={connection.status === 'reconnect' ? 'contained' : 'text'}
          size="small"
        >
          Reconnect
        </Button>
        <Button color="error" size="small" disabled={running} onClick={onDisconnect}>
          Disconnect
        </Button>
      </Stack>
    </SystemCard>
  );
}

/** A system the listings came from with no connection here: what came from it, and when. */
function SourceItem({ source }: { source: ListingSource }) {
  return (
    <SystemCard
      label={source.label}
      badge={<Chip size="small" label="Imported" variant="outlined" />}
    >
      <Typography variant="body2">
        {plural(source.listings_count, 'listing')} came from {source.label}. Hostdash holds no
        credentials for it, so they are not synced by themselves.
      </Typography>
      {source.last_sync_at ? (
        <LastSync at={source.last_sync_at} />
      ) : (
        <Typography variant="body2" color="textSecondary">
          Last sync not known
        </Typography>
      )}
    </SystemCard>
  );
}

/** One system's card in the list: its name as the item's heading, a chip beside it, then its body. */
function SystemCard({
  label,
  badge,
  children,
}: {
  label: string;
  badge: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Box component="li" aria-labelledby={titleId}>
      <Card variant="outlined" sx={{ p: 2, height: '100%' }}>
        <Stack spacing={1.5}>
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
          >
            <Typography
              id={titleId}
              component="h3"
              variant="subtitle1"
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {label}
            </Typography>
            {badge}
          </Stack>
          {children}
        </Stack>
      </Card>
    </Box>
  );
}

function DisconnectDialog({
  connection,
  open,
  onClose,
}: {
  /** The system last asked about (kept while the dialog closes). */
  connection: PmsConnectionSummary | null;
  open: boolean;
  onClose: () => void;
}) {
  const dispatch = useDispatch();
  const { status } = useSelector(selectSettings);
  const submission = useSubmission(status.disconnect, onClose);
  return (
    <ConfirmDialog
      open={open}
      title={`Disconnect ${connection?.label ?? ''}?`}
      confirmLabel="Disconnect"
      destructive
      busy={submission.busy}
      error={submission.error ? messageOf(submission.error) : null}
      onConfirm={() => {
        if (!connection) return;
        submission.started();
        dispatch(
          settingsActions.disconnect.requested({ pms: connection.pms, label: connection.label }),
        );
      }}
      onCancel={() => {
        submission.forget();
        onClose();
      }}
    >
      <Typography>{connection ? disconnectInWords(connection) : null}</Typography>
    </ConfirmDialog>
  );
}

/** The systems Hostdash connects, each a link to its connect page. */
function Systems() {
  const { systems, placeholder } = useSystems();
  return systems ? <SystemList systems={systems.items} /> : placeholder;
}

export function ConnectedSystems() {
  const dispatch = useDispatch();
  const { integrations, status, pollError, syncing } = useSelector(selectSettings);
  const [disconnecting, setDisconnecting] = useState<PmsConnectionSummary | null>(null);
  const [asking, setAsking] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const accountImporting = importUnderWay(integrations);
  const connections = integrations?.items ?? [];
  // Where listings came from with no connection here (the connected ones are their cards above).
  const sources = (integrations?.sources ?? []).filter((source) => !source.connected);

  let body;
  if (!integrations) {
    body = status.integrations.error ? (
      <LoadError
        error={status.integrations.error}
        onRetry={() => dispatch(settingsActions.loadIntegrations.requested())}
      />
    ) : (
      <LinearProgress aria-label="Loading your connected systems" />
    );
  } else if (connections.length === 0 && sources.length === 0) {
    body = (
      <Stack spacing={2}>
        <EmptyState title="No system connected yet">
          Connect your property-management system to bring your listings and reservations into
          Hostdash. Choose it below.
        </EmptyState>
        <Systems />
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={2}>
        {pollError && (
          <Alert severity="warning">
            We lost touch with the import ({messageOf(pollError)}). It goes on without this page; we
            keep asking.
          </Alert>
        )}
        <Box
          component="ul"
          aria-label="Connected systems"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          }}
        >
          {connections.map((connection) => (
            <ConnectionItem
              key={connection.pms}
              connection={connection}
              accountImporting={accountImporting}
              syncing={syncing === connection.pms}
              onDisconnect={() => {
                setDisconnecting(connection);
                setAsking(true);
              }}
            />
          ))}
          {sources.map((source) => (
            <SourceItem key={source.pms} source={source} />
          ))}
        </Box>
        {choosing ? (
          <Systems />
        ) : (
          <Button onClick={() => setChoosing(true)} sx={{ alignSelf: 'start' }}>
            Connect another system
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <SettingsSection
      title="Connected systems"
      subheader="Where your listings and reservations come from."
    >
      {body}
      <DisconnectDialog connection={disconnecting} open={asking} onClose={() => setAsking(false)} />
    </SettingsSection>
  );
}
