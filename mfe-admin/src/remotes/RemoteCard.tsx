// One remote on the delivery console: what is live, the canary if one runs, whether both pass their
// health check (in words, not only in red), the buttons for what can be done now, the versions
// published but never deployed (to preview in this browser, or to start a canary of), and the
// history, folded away until asked for.
import { useId, useState, type ReactNode } from 'react';
import {
  alpha,
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Collapse,
  Stack,
  Typography,
} from '@mui/material';
import {
  formatDateTime,
  labelOf,
  PREVIEW_PARAM,
  type ConsoleRemote,
  type HistoryEntry,
  type ReleaseStatus,
} from '@hostdash/shared-auth';
import { ResponsiveList, type ListColumn } from '@hostdash/shared-ui';
import {
  abortChange,
  canaryShareOf,
  promoteChange,
  rollbackChange,
  rolloutStepOf,
  whoOf,
  type PendingChange,
} from './remoteWords';

export interface RemoteCardProps {
  remote: ConsoleRemote;
  /** Asks before a change (promote, abort, roll back). */
  onAsk: (change: PendingChange) => void;
  /** Opens the canary form for a version of the history. */
  onCanary: (remote: ConsoleRemote, version: string) => void;
}

const mono = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

/** A version inside a button: as it is written (buttons are upper case; build ids are not). */
function VersionText({ version }: { version: string }) {
  return (
    <Box component="span" sx={{ ...mono, textTransform: 'none', ml: 0.75 }}>
      {version}
    </Box>
  );
}

function Commit({ commit }: { commit: string | null | undefined }) {
  if (!commit) return <>no commit recorded</>;
  return (
    <Box component="span" title={commit} sx={mono}>
      {commit.slice(0, 12)}
    </Box>
  );
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Opens this page with a preview link (docs/adr/0042): the dashboard's frame asks, then this
 * browser alone loads the version. The same address `deploy --preview` prints.
 */
function PreviewLink({ name, version }: { name: string; version: string }) {
  const href = `?${new URLSearchParams({ [PREVIEW_PARAM]: `${name}@${version}` })}`;
  return (
    <Button size="small" variant="outlined" href={href} aria-label={`Preview ${name} ${version}`}>
      Preview
    </Button>
  );
}

/** Where a strategy's rollout is, and the health analysis' latest verdict, in words. */
function RolloutState({ canary }: { canary: NonNullable<ConsoleRemote['canary']> }) {
  const { rollout, health } = canary;
  const unhealthy = health?.verdict === 'unhealthy';
  return (
    <>
      {rollout && <Typography variant="body2">{rolloutStepOf(rollout, formatDateTime)}</Typography>}
      <Typography
        variant="body2"
        color={unhealthy ? 'error' : 'text.secondary'}
        sx={unhealthy ? { fontWeight: 500 } : undefined}
      >
        {health
          ? `Health check: ${labelOf('rolloutVerdict', health.verdict)} — ${health.reason} (${formatDateTime(health.at)})`
          : 'Health check: not judged yet'}
      </Typography>
    </>
  );
}

/** A release's failed check in words: what failed, not only a colour. */
function ReleaseProblem({ release }: { release: ReleaseStatus }) {
  if (release.ok) return null;
  const reasons = [
    ...(release.manifestAnswers
      ? []
      : [`its manifest does not answer (${release.error ?? 'no answer'})`]),
    ...(release.compatible === false ? [`it needs shell contract ${release.contract}`] : []),
    ...(release.sharedMismatches ?? []).map(
      (mismatch) =>
        `it needs ${mismatch.name} ${mismatch.requiredVersion} (the shell has ${mismatch.provided})`,
    ),
  ];
  return (
    <Typography variant="body2" color="error" sx={{ fontWeight: 500 }}>
      Failing: {reasons.join('; ')}
    </Typography>
  );
}

function Release({
  label,
  version,
  children,
  failing,
}: {
  label: string;
  version: string | null;
  children: ReactNode;
  failing: boolean;
}) {
  return (
    <Box
      component="section"
      aria-label={label}
      sx={{
        flex: 1,
        minWidth: 0,
        p: 1.5,
        borderRadius: 1,
        border: 1,
        borderColor: failing ? 'error.main' : 'divider',
        bgcolor: failing ? (theme) => alpha(theme.palette.error.main, 0.05) : undefined,
      }}
    >
      <Typography variant="overline" color={failing ? 'error' : 'text.secondary'}>
        {label}
      </Typography>
      <Typography sx={{ ...mono, fontWeight: 600 }}>{version ?? 'unversioned build'}</Typography>
      <Stack spacing={0.25} sx={{ mt: 0.5 }}>
        {children}
      </Stack>
    </Box>
  );
}

/** The newest entry of each version the admin can go to: roll back there, or canary it. */
function targetsOf(remote: ConsoleRemote): Map<HistoryEntry, string> {
  const available = new Set(remote.available.map((item) => item.version));
  const targets = new Map<HistoryEntry, string>();
  const seen = new Set<string>();
  for (const entry of remote.history) {
    if (seen.has(entry.version)) continue;
    seen.add(entry.version);
    // A version only ever previewed was never live: it is listed with the unreleased ones.
    if (available.has(entry.version) && entry.action !== 'preview')
      targets.set(entry, entry.version);
  }
  return targets;
}

function History({ remote, onAsk, onCanary }: RemoteCardProps) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const targets = targetsOf(remote);
  const canChange = remote.canary === null;
  const columns: ListColumn<HistoryEntry>[] = [
    {
      key: 'change',
      header: 'Change',
      phone: 'primary',
      render: (entry) => (
        <>
          <Typography component="span" sx={{ ...mono, fontWeight: 600 }}>
            {entry.version}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {labelOf('deliveryAction', entry.action)}
            {entry.percent !== undefined ? ` to ${entry.percent}%` : ''}
            {entry.previous && ['deploy', 'rollback', 'promote'].includes(entry.action)
              ? ` (was ${entry.previous})`
              : ''}
          </Typography>
          {entry.reason && <Typography variant="body2">{sentence(entry.reason)}</Typography>}
        </>
      ),
    },
    { key: 'at', header: 'When', render: (entry) => formatDateTime(entry.at) },
    { key: 'by', header: 'By', render: (entry) => whoOf(entry) },
    { key: 'commit', header: 'Commit', render: (entry) => <Commit commit={entry.commit} /> },
    {
      key: 'actions',
      header: 'Go to this version',
      render: (entry) => {
        const version = targets.get(entry);
        if (!version) return null;
        return (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              size="small"
              variant="outlined"
              color="error"
              aria-label={`Roll back ${remote.name} to ${version}`}
              onClick={() => onAsk(rollbackChange(remote, version))}
            >
              Roll back here
            </Button>
            <Button
              size="small"
              variant="outlined"
              aria-label={`Start canary of ${remote.name} ${version}`}
              onClick={() => onCanary(remote, version)}
            >
              Start canary
            </Button>
            <PreviewLink name={remote.name} version={version} />
          </Stack>
        );
      },
    },
  ];
  return (
    <Box>
      <Button
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-controls={regionId}
        size="small"
      >
        {open ? 'Hide history' : `Show history (${remote.history.length})`}
      </Button>
      <Collapse in={open} id={regionId} unmountOnExit>
        {!canChange && (
          <Typography variant="body2" color="textSecondary" sx={{ my: 1 }}>
            While the canary runs, promote or abort it before you roll back or start another.
          </Typography>
        )}
        <ResponsiveList
          label={`History of ${remote.name}`}
          // While a canary runs no version of the history can be gone to: no empty column.
          columns={canChange ? columns : columns.filter((column) => column.key !== 'actions')}
          rows={remote.history}
          rowKey={(entry) => `${entry.at} ${entry.action} ${entry.version}`}
          placeholders={0}
          empty={{ title: 'No history yet', text: 'Deploys, rollbacks and canaries appear here.' }}
        />
      </Collapse>
    </Box>
  );
}

/**
 * Published versions no one has had yet (`deploy --preview`, or an aborted canary's files):
 * preview one in this browser, then start its canary.
 */
function Unreleased({ remote, onCanary }: Pick<RemoteCardProps, 'remote' | 'onCanary'>) {
  const unreleased = remote.available.filter((item) => !item.deployedBefore);
  if (unreleased.length === 0) return null;
  return (
    <Box component="section" aria-label={`Published versions of ${remote.name} not deployed`}>
      <Typography variant="overline" color="textSecondary">
        Published, not deployed
      </Typography>
      <Stack spacing={1}>
        {unreleased.map((item) => (
          <Stack
            key={item.version}
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'center' }}
          >
            <Typography sx={{ ...mono, fontWeight: 600, mr: 1 }}>{item.version}</Typography>
            <PreviewLink name={remote.name} version={item.version} />
            {remote.canary === null && (
              <Button
                size="small"
                variant="outlined"
                aria-label={`Start canary of ${remote.name} ${item.version}`}
                onClick={() => onCanary(remote, item.version)}
              >
                Start canary
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

export function RemoteCard(props: RemoteCardProps) {
  const { remote, onAsk } = props;
  const { live, canary, health } = remote;
  const failing = health.status === 'failing';
  const promote = promoteChange(remote);
  const abort = abortChange(remote);
  return (
    <Card
      component="article"
      aria-label={remote.name}
      sx={{ border: failing ? 2 : 0, borderColor: failing ? 'error.main' : undefined }}
    >
      <CardHeader
        title={remote.name}
        slotProps={{ title: { component: 'h2', variant: 'h6', sx: mono } }}
        action={
          <Chip
            size="small"
            color={failing ? 'error' : 'success'}
            variant={failing ? 'filled' : 'outlined'}
            label={failing ? 'Failing its health check' : 'Healthy'}
          />
        }
        sx={{ '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          {failing && (
            <Alert severity="error">
              <AlertTitle>{remote.name} fails its health check</AlertTitle>
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {health.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </Box>
            </Alert>
          )}
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <Release label="Live" version={live.version} failing={!health.live.ok}>
              <Typography variant="body2">
                {live.deployedAt
                  ? `Live since ${formatDateTime(live.deployedAt)}, by ${whoOf(live)}`
                  : 'Not deployed from the registry: no history yet'}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                Commit <Commit commit={live.commit} />
              </Typography>
              <ReleaseProblem release={health.live} />
            </Release>
            {canary && (
              <Release
                label="Canary"
                version={canary.version}
                failing={health.canary !== null && !health.canary.ok}
              >
                <Typography variant="body2">
                  For {canaryShareOf(canary.percent, canary.users)}
                </Typography>
                {canary.users.length > 0 && (
                  <Typography variant="body2">
                    Named users (ids): {canary.users.join(', ')}
                  </Typography>
                )}
                <Typography variant="body2">
                  {canary.since ? `Started ${formatDateTime(canary.since)} by ` : 'Started by '}
                  {whoOf(canary)}
                </Typography>
                <Typography variant="body2" color="textSecondary">
                  Commit <Commit commit={canary.commit} />
                </Typography>
                <RolloutState canary={canary} />
                {health.canary && <ReleaseProblem release={health.canary} />}
                <Box sx={{ pt: 0.5 }}>
                  <PreviewLink name={remote.name} version={canary.version} />
                </Box>
              </Release>
            )}
          </Stack>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'center' }}
          >
            {promote && abort ? (
              <>
                <Button variant="contained" onClick={() => onAsk(promote)}>
                  Promote
                </Button>
                <Button variant="outlined" color="error" onClick={() => onAsk(abort)}>
                  Abort canary
                </Button>
              </>
            ) : remote.rollbackTo ? (
              <Button
                variant="outlined"
                color="error"
                onClick={() => onAsk(rollbackChange(remote, remote.rollbackTo as string))}
              >
                Roll back to <VersionText version={remote.rollbackTo} />
              </Button>
            ) : (
              <Typography variant="body2" color="textSecondary">
                No earlier version to roll back to.
              </Typography>
            )}
          </Stack>
          <Unreleased remote={remote} onCanary={props.onCanary} />
          <History {...props} />
        </Stack>
      </CardContent>
    </Card>
  );
}
