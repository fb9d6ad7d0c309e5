// Preview before canary in the frame (docs/adr/0042). A page that loads a version of a remote only
// this browser gets says so above every page — which remote, which version, until when, what
// everyone else gets — with Stop. And a preview link (`/?preview=listings@0.1.0+3f2a9c1d`, what
// `npm run remotes -- deploy --preview` prints) asks before it starts one: the shell server refuses
// it for someone who may not preview, or a version that does not fit this dashboard, and the
// dialog says why.
import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import {
  formatDateTime,
  PREVIEW_PARAM,
  previewApi,
  previewOffer,
  readableMessage,
  toApiError,
} from '@hostdash/shared-auth';
import { previewedRemotes, type RegistryEntry } from '../remotes/registry';
import { FrameBar } from './FrameBar';

/** The page again, as the registry now resolves it for this browser (without the preview link). */
function reloadWithout(param: string | null): void {
  const url = new URL(window.location.href);
  if (param) url.searchParams.delete(param);
  window.location.replace(url.toString());
}

/** "Previewing listings 0.1.0+3f2a9c1d": what the bar and its Stop button name. */
export function previewWords(entry: Pick<RegistryEntry, 'name' | 'version'>): string {
  return `Previewing ${entry.name} ${entry.version ?? '(unversioned)'}`;
}

/** Opens the page again without the named parameter (tests pass their own). */
type Reload = (withoutParam: string | null) => void;

function PreviewedRemote({ entry, reload }: { entry: RegistryEntry; reload: Reload }) {
  const [stopping, setStopping] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const stop = async () => {
    setStopping(true);
    setError(null);
    try {
      await previewApi.stop({ remote: entry.name });
      reload(null);
    } catch (failure) {
      setError(readableMessage(toApiError(failure)));
      setStopping(false);
    }
  };
  return (
    <FrameBar
      label={`Preview of ${entry.name}`}
      severity="warning"
      action={
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          disabled={stopping}
          onClick={stop}
          aria-label={`Stop previewing ${entry.name}`}
        >
          Stop
        </Button>
      }
    >
      <Typography component="p" sx={{ fontWeight: 600 }}>
        {previewWords(entry)}
      </Typography>
      <Typography component="p" variant="body2">
        Only in this browser
        {entry.previewUntil ? `, until ${formatDateTime(entry.previewUntil)}` : ''}. Everyone else
        gets {entry.liveVersion ?? 'the live version'}.{error ? ` ${error}` : ''}
      </Typography>
    </FrameBar>
  );
}

function PreviewOffer({
  remote,
  version,
  reload,
}: {
  remote: string;
  version: string;
  reload: Reload;
}) {
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      await previewApi.start({ remote, version });
      reload(PREVIEW_PARAM);
    } catch (failure) {
      setError(readableMessage(toApiError(failure)));
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={() => !busy && setOpen(false)}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>
        Preview {remote} {version}?
      </DialogTitle>
      <DialogContent>
        <Typography>
          This browser loads {remote} {version} instead of the live version, for two hours or until
          you stop. Nobody else gets it. The preview is recorded in the remote&apos;s history.
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setOpen(false)} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={start}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Preview
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function PreviewBar({ reload = reloadWithout }: { reload?: Reload }) {
  const { search } = useLocation();
  const offer = previewOffer(search);
  const previewed = previewedRemotes();
  return (
    <>
      {previewed.map((entry) => (
        <PreviewedRemote key={entry.name} entry={entry} reload={reload} />
      ))}
      {offer && (
        <PreviewOffer key={`${offer.remote}@${offer.version}`} {...offer} reload={reload} />
      )}
    </>
  );
}
