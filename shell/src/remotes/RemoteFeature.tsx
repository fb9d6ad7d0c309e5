// Mounts a remote as a single-spa parcel inside the layout. Whatever goes wrong with the remote —
// not deployed, built for another dashboard contract, network, timeout, script error, a render
// error inside it — stays inside this box with a clear message; the rest of the dashboard works.
// Only a failure that may pass (network, timeout, script or render error) offers a Retry, which
// really loads the remote again: a remote that is not deployed, or built for another contract,
// stays so however often the host clicks.
import { useContext, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useStore } from 'react-redux';
import { UNSAFE_NavigationContext, useLocation, useNavigate } from 'react-router';
import type { Parcel } from 'single-spa';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import {
  CONTRACT_VERSION,
  LAZY_LOAD_DELAY_MS,
  PAGE_MAX_WIDTH,
  type AppName,
  type FeatureProps,
  type RouteFrame,
} from '@hostdash/shared-auth';
import { useInjectFeature } from '../app/ShellContext';
import { featureTitle } from './features';
import { loadFeature, RemoteIncompatibleError, RemoteNotDeployedError } from './loader';
import { mountContained, unmountWhenMounted } from './parcels';
import { registeredEntry } from './registry';
import { createWidgetHost } from './RemoteWidget';
import { useDocumentTitle } from '../pages/useDocumentTitle';
import { report } from '../telemetry/pageTelemetry';
import { reportRemoteFailure } from './failureReport';

type Failure =
  | { kind: 'notDeployed' }
  | { kind: 'unavailable' }
  | { kind: 'incompatible'; error: RemoteIncompatibleError };

type Phase = { name: 'loading' } | { name: 'mounted' } | { name: 'failed'; failure: Failure };

function failureOf(error: unknown): Failure {
  if (error instanceof RemoteNotDeployedError) return { kind: 'notDeployed' };
  if (error instanceof RemoteIncompatibleError) return { kind: 'incompatible', error };
  return { kind: 'unavailable' };
}

/** What the page says about a remote it cannot show: a heading (also the tab's title) and a sentence. */
function failureWords(title: string, failure: Failure): { heading: string; text: string } {
  if (failure.kind === 'incompatible') {
    const { version, contract, needsNewerShell } = failure.error;
    return {
      heading: needsNewerShell
        ? `${title} needs a newer dashboard`
        : `${title} was built for an older dashboard`,
      text: `This version of ${title}${version ? ` (${version})` : ''} is made for dashboard contract ${contract}; this dashboard provides ${CONTRACT_VERSION}. The rest of the dashboard keeps working.`,
    };
  }
  // Not an outage: this dashboard simply does not include the feature (yet).
  if (failure.kind === 'notDeployed') {
    return {
      heading: `${title} isn't available on this dashboard yet`,
      text: 'Everything else on your dashboard works as usual.',
    };
  }
  return {
    heading: `${title} is temporarily unavailable`,
    text: 'The rest of the dashboard keeps working. Try again in a moment.',
  };
}

function FailureMessage({ title, failure }: { title: string; failure: Failure }) {
  const { heading, text } = failureWords(title, failure);
  useDocumentTitle(heading);
  return (
    <>
      <AlertTitle component="h1" sx={{ fontSize: '1.1rem' }}>
        {heading}
      </AlertTitle>
      {text}
    </>
  );
}

const SEVERITY = { notDeployed: 'info', unavailable: 'warning', incompatible: 'error' } as const;

/** A page's header as its route declares it (RouteDef `frame`, docs/adr/0045). */
export interface LoadingFrame extends RouteFrame {
  title: string;
}

/**
 * The page's title and summary where the remote's PageFrame will put them (shared-ui's PageHeader:
 * the same typography, width and spacing), drawn while the remote's code loads. Over the remote's
 * box, not in its flow, and gone the moment the remote's own h1 is in the page: nothing moves, and
 * the page says what it is from the shell's first paint. For the eye only: the remote's header is
 * the page's h1, and the spinner tells assistive technology that the page is loading.
 */
function FrameWhileLoading({
  frame,
  ref,
}: {
  frame: LoadingFrame;
  ref: RefObject<HTMLDivElement | null>;
}) {
  return (
    <Box
      ref={ref}
      aria-hidden
      data-loading-frame
      sx={{ position: 'absolute', top: 0, left: 0, right: 0, pointerEvents: 'none' }}
    >
      <Box sx={{ width: '100%', maxWidth: PAGE_MAX_WIDTH[frame.width], mr: 'auto', minWidth: 0 }}>
        <Box sx={{ mb: 2 }}>
          <Typography variant="h1" component="p" sx={{ overflowWrap: 'anywhere' }}>
            {frame.title}
          </Typography>
          <Typography color="textSecondary" sx={{ mt: 0.5 }}>
            {frame.summary}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}

/**
 * Whether the remote's own h1 is in its box yet. The frame is hidden in the same task as the
 * remote's commit that brings the heading, before the browser paints (a MutationObserver's callback
 * runs before the next frame), and then leaves the tree.
 */
function useHeadingArrived(
  host: RefObject<HTMLDivElement | null>,
  frame: RefObject<HTMLDivElement | null>,
  watching: boolean,
): boolean {
  const [arrived, setArrived] = useState(false);
  useEffect(() => {
    const target = host.current;
    if (!watching || !target) return;
    const arrivedNow = () => {
      if (!target.querySelector('h1')) return false;
      if (frame.current) frame.current.style.display = 'none';
      setArrived(true);
      return true;
    };
    if (arrivedNow()) return;
    const observer = new MutationObserver(() => {
      if (arrivedNow()) observer.disconnect();
    });
    observer.observe(target, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [host, frame, watching]);
  return arrived;
}

function DelayedSpinner({ label, below }: { label: string; below: boolean }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LAZY_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  // Over the remote's box, not above it: the content does not move when the spinner goes.
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        justifyContent: 'center',
        pt: below ? 16 : 8,
      }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/** Parcel updates and the unmount run one after another, never overlapping. */
function enqueue(
  queue: RefObject<Promise<void>>,
  work: () => Promise<unknown>,
  failure: string,
): void {
  queue.current = queue.current.then(work).then(
    () => undefined,
    (error: unknown) => console.error(`[remotes] ${failure}`, error),
  );
}

/**
 * `frame`: the header of the page being opened, when its route declares one; the shell draws it
 * until the remote draws its own.
 */
export function RemoteFeature({ app, frame }: { app: AppName; frame?: LoadingFrame }) {
  const title = featureTitle(app);
  const store = useStore();
  const location = useLocation();
  const navigate = useNavigate();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const theme = useTheme();
  const injectFeature = useInjectFeature();
  const hostRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const parcelRef = useRef<Parcel | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });
  const queueRef = useRef<Promise<void>>(Promise.resolve());
  // The page the remote showed last: an update that changes it is a route change.
  const previousPath = useRef(location.pathname);

  // The widget host this remote's pages embed other remotes' widgets with (ADR 17).
  const Widget = useMemo(() => createWidgetHost(injectFeature), [injectFeature]);
  // The props a parcel gets; kept in a ref so the mount effect does not re-run on navigation.
  const propsRef = useRef<FeatureProps>({ store, location, navigate, navigator, theme, Widget });
  propsRef.current = { store, location, navigate, navigator, theme, Widget };

  useEffect(() => {
    let active = true;
    let loaded = false;
    const started = performance.now();
    const host = hostRef.current;
    const fail = (error: unknown) => {
      if (!active) return;
      const failure = failureOf(error);
      reportRemoteFailure(app, error, { loaded });
      const version =
        failure.kind === 'incompatible' ? failure.error.version : registeredEntry(app)?.version;
      const which = `${app}${version ? `@${version}` : ''} ${failure.kind === 'incompatible' ? 'refused' : 'failed'}`;
      console.error(`[remotes] ${which}${attempt ? ` (retry ${attempt})` : ''}:`, error);
      setPhase({ name: 'failed', failure });
    };
    setPhase({ name: 'loading' });

    loadFeature(app, { reload: attempt > 0 })
      .then(async ({ feature }) => {
        if (!active || !host) return;
        loaded = true;
        injectFeature(feature.slice);
        const parcel = mountContained(feature, propsRef.current, host, fail);
        parcelRef.current = parcel;
        await parcel.mountPromise;
        if (!active) return;
        setPhase({ name: 'mounted' });
        // Time to content: the remote's code loaded and its page mounted.
        report({ type: 'route_change', durationMs: Math.round(performance.now() - started) });
      })
      .catch(fail);

    return () => {
      active = false;
      const parcel = parcelRef.current;
      parcelRef.current = null;
      if (!parcel) return;
      // After any update in flight, and once mounting has finished: single-spa refuses to unmount
      // a parcel that is mounting or updating.
      enqueue(queueRef, () => unmountWhenMounted(parcel), `${app} failed to unmount`);
    };
  }, [app, attempt, injectFeature]);

  // Keep the mounted remote in step with the shell's history.
  useEffect(() => {
    const parcel = parcelRef.current;
    if (phase.name !== 'mounted' || !parcel?.update) return;
    const props = { ...propsRef.current };
    enqueue(
      queueRef,
      async () => {
        if (parcel.getStatus() !== 'MOUNTED') return;
        const started = performance.now();
        await parcel.update?.(props);
        if (props.location.pathname !== previousPath.current)
          report({ type: 'route_change', durationMs: Math.round(performance.now() - started) });
        previousPath.current = props.location.pathname;
      },
      `${app} failed to update`,
    );
  }, [app, location, phase.name]);

  // Only for the page the remote was opened on: a page of it opened later has the remote's code.
  const [framed] = useState(() => (frame ? location.pathname : null));
  const framing = !!frame && phase.name !== 'failed' && framed === location.pathname;
  const headed = useHeadingArrived(hostRef, frameRef, framing);
  const showFrame = framing && !headed;

  // The main area keeps at least a page's height from the first frame: nothing below it moves
  // when the remote's content arrives (no layout shift).
  return (
    <Box sx={{ minHeight: '60vh', position: 'relative' }}>
      {showFrame && <FrameWhileLoading frame={frame} ref={frameRef} />}
      {phase.name === 'loading' && <DelayedSpinner label={`Loading ${title}`} below={showFrame} />}
      {phase.name === 'failed' && (
        <Alert
          severity={SEVERITY[phase.failure.kind]}
          sx={{ my: 2 }}
          action={
            phase.failure.kind === 'unavailable' && (
              <Button color="inherit" size="small" onClick={() => setAttempt((count) => count + 1)}>
                Retry
              </Button>
            )
          }
        >
          <FailureMessage title={title} failure={phase.failure} />
        </Alert>
      )}
      <div ref={hostRef} hidden={phase.name === 'failed'} data-remote={app} />
    </Box>
  );
}
