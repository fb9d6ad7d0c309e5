// The guest's check-in portal (/guest/<token>): a welcome naming the stay, then the screens the
// host switched on, one at a time with Back and Continue, each saved before the next (a reload
// resumes at the first screen not done), then "You're all set" with the host's released messages.
// A wrong or expired link shows only that. State is this page's own: no store, no session.
import {
  Fragment,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  LinearProgress,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { formatDate, isApiError, type ApiError } from '@hostdash/shared-auth/guest';
import { Markdown } from '@hostdash/shared-ui';
import {
  isImageField,
  type GuestApi,
  type GuestPortal,
  type GuestPortalScreen,
  type ImageKind,
  type ScreenValues,
} from './guestApi';
import { preparePhoto } from './preparePhoto';
import { fieldLabel, ScreenView, type PhotoState } from './ScreenView';

const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
const UNAVAILABLE_MESSAGE =
  'Check-in is temporarily unavailable. Please try again in a few minutes.';

type LinkProblem = { kind: 'invalid' | 'expired'; message: string };
type Load =
  | { phase: 'loading' }
  | { phase: 'link'; problem: LinkProblem }
  | { phase: 'unavailable'; message: string }
  | { phase: 'ready'; portal: GuestPortal };

const toError = (error: unknown): ApiError =>
  isApiError(error)
    ? error
    : { error: 'client_error', message: error instanceof Error ? error.message : String(error) };

/** A link that no longer (or never) works: said on a page of its own, with nothing else. */
function linkProblemOf(error: ApiError): LinkProblem | null {
  if (error.status === 410) return { kind: 'expired', message: error.message };
  if (error.status === 404 && error.error === 'guest_link_invalid')
    return { kind: 'invalid', message: error.message };
  return null;
}

/** A failure in the guest's words (the API's own are; the client's and the proxy's are not). */
function guestMessage(error: ApiError): string {
  if (error.error === 'no_response' || error.error === 'timeout' || error.status === undefined)
    return "We can't reach the check-in server right now. Check your connection, then try again.";
  if (error.status >= 500 || error.error.startsWith('http_'))
    return 'Something went wrong on our side. Please try again in a moment.';
  return error.message;
}

/** A schema refusal names the field as the API does (`"values.email" must be…`): say its label. */
function inGuestWords(message: string, field: string): string {
  const sentence = message
    .replace(`"values.${field}"`, fieldLabel(field))
    .replace(`"${field}"`, fieldLabel(field));
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** Where a guest opening the link lands: done, the first screen not done, or the welcome. */
export function resumeStep(portal: GuestPortal): number {
  const count = portal.screens.length;
  if (portal.completedAt) return count + 1;
  const firstOpen = portal.screens.findIndex((screen) => !screen.completedAt);
  if (firstOpen === 0 || count === 0) return 0;
  // Every screen saved but the portal not finished (the last Continue did not get through).
  if (firstOpen < 0) return count;
  return firstOpen + 1;
}

function draftsOf(portal: GuestPortal): Record<string, ScreenValues> {
  return Object.fromEntries(portal.screens.map((screen) => [screen.name, { ...screen.values }]));
}

/** What a screen sends: its own fields that are filled in (photos go on their own). */
function valuesToSave(screen: GuestPortalScreen, draft: ScreenValues): ScreenValues {
  return Object.fromEntries(
    screen.fields.flatMap(({ name }) => {
      const value = draft[name];
      if (isImageField(name) || value === undefined) return [];
      if (typeof value === 'string' && value.trim() === '') return [];
      return [[name, value]];
    }),
  );
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <Box component="main" sx={{ px: 2, py: { xs: 3, sm: 6 }, maxWidth: 560, mx: 'auto' }}>
      {children}
    </Box>
  );
}

function LinkProblemPage({ problem }: { problem: LinkProblem }) {
  return (
    <Centered>
      <Paper sx={{ p: 3 }}>
        <Typography variant="h1" gutterBottom>
          {problem.kind === 'expired' ? 'Link expired' : 'Link not valid'}
        </Typography>
        <Typography>{problem.message}</Typography>
      </Paper>
    </Centered>
  );
}

function StepProgress({ step, total }: { step: number; total: number }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Step {step} of {total}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.round((step / total) * 100)}
        aria-label={`Step ${step} of ${total}`}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

function Welcome({ portal }: { portal: GuestPortal }) {
  const { stay } = portal;
  const count = portal.screens.length;
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {stay.guestFirstName ? `Welcome, ${stay.guestFirstName}!` : 'Welcome!'}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Your stay at <strong>{stay.listingName}</strong>
        {stay.city ? `, ${stay.city}` : ''}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, mb: 2, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1 }}
      >
        {(
          [
            ['Check-in', formatDate(stay.checkIn)],
            ['Check-out', formatDate(stay.checkOut)],
            ['Your host', stay.hostName],
          ] as const
        ).map(([term, value]) => (
          <Fragment key={term}>
            <Typography component="dt" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Fragment>
        ))}
      </Box>
      <Typography>
        {count === 0
          ? `${stay.hostName} has nothing to ask you before you arrive.`
          : `Before you arrive, ${stay.hostName} asks you to complete ${count === 1 ? 'one short step' : `${count} short steps`}. Your answers are saved as you go.`}
      </Typography>
    </Box>
  );
}

function Done({ portal }: { portal: GuestPortal }) {
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        You&apos;re all set
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Thank you! {portal.stay.hostName} has everything needed for your stay at{' '}
        <strong>{portal.stay.listingName}</strong> ({formatDate(portal.stay.checkIn)} to{' '}
        {formatDate(portal.stay.checkOut)}).
      </Typography>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Messages from your host
      </Typography>
      {portal.messages.length === 0 ? (
        <Typography color="text.secondary">
          Your host&apos;s check-in instructions will appear here once your details are checked.
          Open this link again before you arrive.
        </Typography>
      ) : (
        <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {portal.messages.map((message) => (
            <Paper component="li" key={message.id} variant="outlined" sx={{ p: 2 }}>
              {message.subject && (
                <Typography component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                  {message.subject}
                </Typography>
              )}
              {/* The host's words in the portal's Markdown subset (bold door codes, links),
                  parsed as the screens are: never HTML. */}
              <Markdown source={message.body} />
            </Paper>
          ))}
        </Stack>
      )}
    </Box>
  );
}

export function GuestPortalApp({ api }: { api: GuestApi }) {
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [step, setStep] = useState(0);
  const [drafts, setDrafts] = useState<Record<string, ScreenValues>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [photos, setPhotos] = useState<Record<string, PhotoState>>({});
  const previews = useRef<Record<string, string>>({});

  const fail = useCallback((error: ApiError): boolean => {
    const problem = linkProblemOf(error);
    if (problem) setLoad({ phase: 'link', problem });
    return problem !== null;
  }, []);

  const open = useCallback(() => {
    setLoad({ phase: 'loading' });
    api.portal().then(
      (portal) => {
        setDrafts(draftsOf(portal));
        setStep(resumeStep(portal));
        setLoad({ phase: 'ready', portal });
      },
      (caught: unknown) => {
        const error = toError(caught);
        if (fail(error)) return;
        // Nothing a guest did: no answer, or an answer the page cannot use.
        const offline = error.error === 'no_response' || error.error === 'timeout';
        setLoad({
          phase: 'unavailable',
          message: offline ? guestMessage(error) : UNAVAILABLE_MESSAGE,
        });
      },
    );
  }, [api, fail]);

  useEffect(open, [open]);

  // Object URLs of the previews are the page's: let them go with it.
  useEffect(
    () => () => Object.values(previews.current).forEach((url) => URL.revokeObjectURL(url)),
    [],
  );

  const portal = load.phase === 'ready' ? load.portal : null;
  const screens = portal?.screens ?? [];
  const total = screens.length + 1;
  const screen = step >= 1 && step <= screens.length ? screens[step - 1] : undefined;
  const done = portal !== null && step > screens.length;

  const setPreview = useCallback((kind: string, url: string) => {
    const old = previews.current[kind];
    if (old) URL.revokeObjectURL(old);
    previews.current[kind] = url;
    setPhotos((current) => ({ ...current, [kind]: { ...current[kind], preview: url } }));
  }, []);

  // After a reload, the photos already sent are shown again (the guest's own, from the API).
  const uploadedKinds = useMemo(
    () => new Set((portal?.images ?? []).map((image) => image.kind)),
    [portal],
  );
  useEffect(() => {
    if (!screen) return;
    let active = true;
    for (const { name } of screen.fields) {
      if (!isImageField(name) || !uploadedKinds.has(name) || previews.current[name]) continue;
      api.image(name).then(
        (blob) => active && setPreview(name, URL.createObjectURL(blob)),
        () => undefined, // "Photo received." says enough without it
      );
    }
    return () => {
      active = false;
    };
  }, [api, screen, uploadedKinds, setPreview]);

  // Each step starts at its top (a long screen may have been scrolled down to Continue), and the
  // focus moves to its title: a screen reader says where the guest is, and the next Tab is the
  // step's first field rather than whatever followed Continue.
  const topRef = useRef<HTMLDivElement>(null);
  const shownStep = useRef<number | null>(null);
  useEffect(() => {
    topRef.current?.scrollIntoView?.({ block: 'start' });
    const moved = shownStep.current !== null && shownStep.current !== step;
    shownStep.current = step;
    const title = topRef.current?.parentElement?.querySelector<HTMLElement>('h1');
    if (!moved || !title) return;
    title.tabIndex = -1;
    title.focus({ preventScroll: true });
  }, [step]);

  const replacePortal = (next: GuestPortal) => setLoad({ phase: 'ready', portal: next });

  const refused = (caught: unknown) => {
    const error = toError(caught);
    if (fail(error)) return;
    const field = typeof error.field === 'string' ? error.field.replace(/^values\./, '') : null;
    if (field && screen?.fields.some(({ name }) => name === field))
      setErrors({ [field]: inGuestWords(error.message, field) });
    else setFormError(guestMessage(error));
  };

  const upload = async (kind: string, file: File) => {
    if (!isImageField(kind)) return;
    setErrors(({ [kind]: _gone, ...rest }) => rest);
    setFormError(null);
    setPhotos((current) => ({ ...current, [kind]: { ...current[kind], progress: 0 } }));
    const stopSending = () =>
      setPhotos(({ [kind]: state, ...rest }) => ({
        ...rest,
        [kind]: { ...(state?.preview ? { preview: state.preview } : {}) },
      }));
    const { photo } = await preparePhoto(file);
    if (photo.size > MAX_PHOTO_BYTES) {
      stopSending();
      setErrors((current) => ({
        ...current,
        [kind]: 'This photo is larger than 10 MB. Choose a smaller one.',
      }));
      return;
    }
    try {
      const image = await api.uploadImage(kind as ImageKind, photo, (progress) =>
        setPhotos((current) => ({ ...current, [kind]: { ...current[kind], progress } })),
      );
      stopSending();
      setPreview(kind, URL.createObjectURL(photo));
      setLoad((current) =>
        current.phase === 'ready'
          ? {
              phase: 'ready',
              portal: {
                ...current.portal,
                images: [
                  ...current.portal.images.filter((other) => other.kind !== image.kind),
                  image,
                ],
              },
            }
          : current,
      );
    } catch (caught) {
      stopSending();
      const error = toError(caught);
      if (fail(error)) return;
      setErrors((current) => ({ ...current, [kind]: guestMessage(error) }));
    }
  };

  const go = (next: number) => {
    setErrors({});
    setFormError(null);
    setStep(next);
  };

  const finish = async () => {
    const completed = await api.complete();
    replacePortal(completed);
    go(screens.length + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!portal || saving) return;
    setSaving(true);
    setErrors({});
    setFormError(null);
    try {
      if (screen) {
        const saved = await api.saveScreen(
          screen.name,
          valuesToSave(screen, drafts[screen.name] ?? {}),
        );
        replacePortal(saved);
      }
      if (step >= screens.length) await finish();
      else go(step + 1);
    } catch (caught) {
      refused(caught);
    } finally {
      setSaving(false);
    }
  };

  if (load.phase === 'loading')
    return (
      <Centered>
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 6 }}>
          <CircularProgress aria-label="Loading your check-in" />
        </Box>
      </Centered>
    );
  if (load.phase === 'link') return <LinkProblemPage problem={load.problem} />;
  if (load.phase === 'unavailable')
    return (
      <Centered>
        <Paper sx={{ p: 3 }}>
          <Typography variant="h1" gutterBottom>
            Check-in
          </Typography>
          <Typography role="alert" sx={{ mb: 3 }}>
            {load.message}
          </Typography>
          <Button variant="contained" size="large" fullWidth onClick={open}>
            Try again
          </Button>
        </Paper>
      </Centered>
    );

  const guestPortal = load.portal;
  // A photo still on its way: Continue would only be told to upload it first.
  const sending = Object.values(photos).some((state) => state.progress !== undefined);
  return (
    <Centered>
      <div ref={topRef} />
      {!done && <StepProgress step={Math.min(step + 1, total)} total={total} />}
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Box>
          {done ? (
            <Done portal={guestPortal} />
          ) : screen ? (
            <ScreenView
              screen={screen}
              values={drafts[screen.name] ?? {}}
              onChange={(field, value) => {
                setErrors(({ [field]: _gone, ...rest }) => rest);
                setDrafts((current) => ({
                  ...current,
                  [screen.name]: { ...current[screen.name], [field]: value },
                }));
              }}
              images={guestPortal.images}
              onUpload={(kind, file) => void upload(kind, file)}
              disabled={saving}
              errors={errors}
              photos={photos}
            />
          ) : (
            <Welcome portal={guestPortal} />
          )}
        </Box>
        {formError && (
          <Alert severity="error" sx={{ mt: 3 }}>
            {formError}
          </Alert>
        )}
        {!done && (
          <Stack direction="row" spacing={2} sx={{ mt: 4 }}>
            {step > 0 && (
              <Button
                size="large"
                variant="outlined"
                onClick={() => go(step - 1)}
                disabled={saving}
                sx={{ minHeight: 52, flex: 1 }}
              >
                Back
              </Button>
            )}
            <Button
              type="submit"
              size="large"
              variant="contained"
              disabled={saving || sending}
              sx={{ minHeight: 52, flex: 2 }}
            >
              {saving
                ? 'Saving…'
                : step === 0
                  ? 'Start'
                  : step >= screens.length
                    ? 'Finish'
                    : 'Continue'}
            </Button>
          </Stack>
        )}
      </Paper>
    </Centered>
  );
}
