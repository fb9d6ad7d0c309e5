// `/admin/flags` (Hostdash staff): the outage banner, edited with a live preview of what signed-in
// users will see, and every other feature flag, switched on or off or given a checked value. Each
// change asks first, says what it did, and records who made it (the list shows the last change).
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import {
  formatDateTime,
  OUTAGE_BANNER_FLAG,
  outageNoticeValue,
  parseOutageNotice,
  type OutageNotice,
} from '@hostdash/shared-auth';
import {
  ConfirmDialog,
  LoadError,
  PageFrame,
  ResponsiveList,
  type ListColumn,
} from '@hostdash/shared-ui';
import { selectAdmin } from '../adminSlice';
import { flagsActions } from './flagsSlice';
import { usePendingChange } from '../usePendingChange';
import type { Flag, FlagChange } from './flagsApi';
import { FLAG_REACH, flagValueError } from './flagWords';

const TEXT_LIMIT = 200;

/** A change waiting for its confirmation: what it is, and how the dialog names it. */
interface PendingChange {
  change: FlagChange;
  title: string;
  text: string;
  confirmLabel: string;
  destructive: boolean;
}

/** The banner exactly as the dashboard shows it (shell/src/layout/OutageBanner.tsx). */
function BannerPreview({ notice }: { notice: OutageNotice | null }) {
  return (
    <Box aria-label="Preview" role="figure" sx={{ p: 2, bgcolor: 'grey.100', borderRadius: 1 }}>
      <Typography variant="overline" color="textSecondary">
        Preview: what signed-in users see
      </Typography>
      {notice ? (
        <Alert
          severity={notice.severity}
          variant="filled"
          onClose={notice.severity === 'info' ? () => {} : undefined}
        >
          {notice.text}
        </Alert>
      ) : (
        <Typography color="textSecondary">No banner.</Typography>
      )}
    </Box>
  );
}

function OutageBannerEditor({
  flag,
  onChange,
}: {
  flag: Flag | undefined;
  onChange: (pending: PendingChange) => void;
}) {
  const saved = flag?.enabled ? parseOutageNotice(flag.value) : null;
  const stored = parseOutageNotice(flag?.value ?? null);
  const [enabled, setEnabled] = useState(Boolean(saved));
  const [severity, setSeverity] = useState<OutageNotice['severity']>(stored?.severity ?? 'info');
  const [text, setText] = useState(stored?.text ?? '');
  const [touched, setTouched] = useState(false);
  // A saved change (here or in another tab) is what the form shows next.
  useEffect(() => {
    setEnabled(Boolean(saved));
    setSeverity(stored?.severity ?? 'info');
    setText(stored?.text ?? '');
    setTouched(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the saved flag changes
  }, [flag?.updated_at]);

  const textError =
    enabled && text.trim() === ''
      ? 'Say what is happening, in words a host understands.'
      : text.length > TEXT_LIMIT
        ? `Keep it under ${TEXT_LIMIT} characters (${text.length} now).`
        : null;
  const notice: OutageNotice | null =
    enabled && text.trim() ? { severity, text: text.trim() } : null;
  const unchanged =
    enabled === Boolean(saved) &&
    (!enabled || (saved?.severity === severity && saved?.text === text.trim()));

  const save = () => {
    setTouched(true);
    if (textError) return;
    onChange(
      notice
        ? {
            change: { name: OUTAGE_BANNER_FLAG, enabled: true, value: outageNoticeValue(notice) },
            title: saved ? 'Change the outage banner?' : 'Show the outage banner?',
            text: `Every signed-in user sees this banner ${FLAG_REACH}${notice.severity === 'error' ? ', and cannot close it' : ''}.`,
            confirmLabel: saved ? 'Change banner' : 'Show banner',
            destructive: notice.severity === 'error',
          }
        : {
            change: { name: OUTAGE_BANNER_FLAG, enabled: false },
            title: 'Take the outage banner down?',
            text: `Open dashboards stop showing it ${FLAG_REACH}. Its text is kept for next time.`,
            confirmLabel: 'Take down',
            destructive: false,
          },
    );
  };

  return (
    <Card>
      <CardHeader
        title="Outage banner"
        subheader={
          flag?.updated_by
            ? `Last changed ${formatDateTime(flag.updated_at)} by ${flag.updated_by.name}`
            : 'Shown at the top of every dashboard page while it is on.'
        }
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <FormControlLabel
            control={
              <Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
            }
            label="Show the banner"
          />
          <RadioGroup
            aria-label="Severity"
            value={severity}
            onChange={(event) => setSeverity(event.target.value as OutageNotice['severity'])}
          >
            <FormControlLabel
              value="info"
              control={<Radio />}
              disabled={!enabled}
              label="Information: hides itself after 10 seconds and can be closed"
            />
            <FormControlLabel
              value="error"
              control={<Radio />}
              disabled={!enabled}
              label="Outage: stays until you take it down"
            />
          </RadioGroup>
          <TextField
            label="Text"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onBlur={() => setTouched(true)}
            disabled={!enabled}
            error={touched && textError !== null}
            helperText={(touched && textError) || `${text.length} / ${TEXT_LIMIT}`}
            multiline
            minRows={2}
            fullWidth
          />
          <BannerPreview notice={notice} />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button variant="contained" onClick={save} disabled={unchanged}>
              Save banner
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

function ValueDialog({
  flag,
  onCancel,
  onSave,
}: {
  flag: Flag;
  onCancel: () => void;
  onSave: (value: string | null) => void;
}) {
  const [value, setValue] = useState(flag.value ?? '');
  const error = flagValueError(value);
  return (
    <Dialog open onClose={onCancel} aria-labelledby="flag-value-title" fullWidth maxWidth="sm">
      <DialogTitle id="flag-value-title">Value of {flag.name}</DialogTitle>
      <DialogContent>
        <TextField
          label="Value"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error !== null}
          helperText={error ?? 'Text, or JSON (checked before it is saved). Empty clears it.'}
          multiline
          minRows={4}
          fullWidth
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button
          variant="contained"
          disabled={error !== null}
          onClick={() => onSave(value.trim() === '' ? null : value.trim())}
        >
          Save value
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function FlagsPage() {
  const dispatch = useDispatch();
  const { items: flags, status } = useSelector(selectAdmin).flags;
  const [editing, setEditing] = useState<Flag | null>(null);
  const change = usePendingChange<PendingChange>(status.save);
  const { pending, ask } = change;

  useEffect(() => {
    dispatch(flagsActions.load.requested());
  }, [dispatch]);

  const banner = flags?.find((flag) => flag.name === OUTAGE_BANNER_FLAG);
  const others = (flags ?? []).filter((flag) => flag.name !== OUTAGE_BANNER_FLAG);

  const toggle = (flag: Flag) =>
    ask({
      change: { name: flag.name, enabled: !flag.enabled },
      title: `Turn ${flag.name} ${flag.enabled ? 'off' : 'on'}?`,
      text: `Open dashboards follow ${FLAG_REACH}.`,
      confirmLabel: flag.enabled ? 'Turn off' : 'Turn on',
      destructive: false,
    });

  const columns: ListColumn<Flag>[] = [
    {
      key: 'name',
      header: 'Flag',
      phone: 'primary',
      render: (flag) => (
        <>
          <Typography sx={{ fontFamily: 'monospace' }}>{flag.name}</Typography>
          <Typography variant="body2" color="textSecondary">
            {flag.description}
          </Typography>
        </>
      ),
    },
    {
      key: 'enabled',
      header: 'On',
      render: (flag) => (
        <Switch
          checked={flag.enabled}
          onChange={() => toggle(flag)}
          slotProps={{ input: { 'aria-label': `${flag.name} on` } }}
        />
      ),
    },
    {
      key: 'value',
      header: 'Value',
      render: (flag) => (
        <Button size="small" onClick={() => setEditing(flag)} sx={{ textTransform: 'none' }}>
          <Box
            component="span"
            sx={{
              fontFamily: 'monospace',
              maxWidth: 220,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {flag.value ?? 'Set a value'}
          </Box>
        </Button>
      ),
    },
    {
      key: 'changed',
      header: 'Last change',
      render: (flag) =>
        `${formatDateTime(flag.updated_at)}${flag.updated_by ? ` · ${flag.updated_by.name}` : ''}`,
    },
  ];

  return (
    <PageFrame
      width="list"
      title="Feature flags"
      subtitle={`Changes reach open dashboards ${FLAG_REACH}, and each records who made it.`}
    >
      {status.load.error && (
        <LoadError
          error={status.load.error}
          onRetry={() => dispatch(flagsActions.load.requested())}
        />
      )}
      {flags && (
        <>
          <OutageBannerEditor flag={banner} onChange={ask} />
          <Card>
            <CardHeader
              title="Other flags"
              slotProps={{ title: { component: 'h2', variant: 'h6' } }}
            />
            <ResponsiveList
              label="Feature flags"
              columns={columns}
              rows={others}
              rowKey={(flag) => flag.name}
              placeholders={0}
              empty={{ title: 'No other flags', text: 'Flags appear here once they exist.' }}
            />
          </Card>
        </>
      )}
      {editing && (
        <ValueDialog
          flag={editing}
          onCancel={() => setEditing(null)}
          onSave={(value) => {
            setEditing(null);
            ask({
              change: { name: editing.name, enabled: editing.enabled, value },
              title: `Change the value of ${editing.name}?`,
              text: `Open dashboards read the new value ${FLAG_REACH}.`,
              confirmLabel: 'Save value',
              destructive: false,
            });
          }}
        />
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.title ?? ''}
        confirmLabel={pending?.confirmLabel ?? ''}
        destructive={pending?.destructive}
        busy={change.busy}
        error={change.error}
        onConfirm={() =>
          change.confirm((asked) => dispatch(flagsActions.save.requested(asked.change)))
        }
        onCancel={change.cancel}
      >
        {pending?.text}
      </ConfirmDialog>
    </PageFrame>
  );
}
