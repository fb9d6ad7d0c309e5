// The guest's check-in portal (/guest/<token>): a welcome naming the stay, then the screens the
// host switched on, one at a time with Back and Continue, each saved before the next (a reload
// resumes at the first screen not done), then "You're all set" with the host's released messages.
// A wrong or expired link shows only that. State is this page's own: no store, no session.
//
// In the guest's language (issue 34, docs/adr/0036-guest-languages.md): the API's choice (the
// guest's, their browser's, the listing's default) unless the guest switched on this device; the
// switch changes the page's words and the host's texts at once (the API sends every language),
// keeps the answers being written, and is remembered for the link.
import {
  Fragment,
  useCallback,
  useId,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import {
  Box,
  Button,
  FormControl,
  InputLabel,
  LinearProgress,
  NativeSelect,
  OutlinedInput,
  Paper,
  Stack,
  Typography,
  useTheme,
} from '@mui/material';
import {
  GUEST_LOADING_WORDS,
  toApiError,
  waitingProps,
  type ApiError,
} from '@hostdash/shared-auth/guest';
import {
  isImageField,
  type GuestApi,
  type GuestPortal,
  type GuestPortalScreen,
  type ImageKind,
  type ScreenValues,
} from './guestApi';
import {
  browserLanguage,
  GUEST_LANGUAGES,
  LANGUAGE_NAMES,
  storedLanguage,
  storeLanguage,
  type GuestLanguage,
} from './i18n/languages';
import { bold, GuestWordsProvider, useGuestWords, type MessageId } from './i18n/guestWords';
import { loadSteps, useSteps } from './loadSteps';
import type { PhotoState } from './ScreenView';

const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** Something the page says, kept as its message so it follows a switch of language. */
interface Said {
  id: MessageId;
  field?: string;
}

type LinkProblem = 'invalid' | 'expired';
type Load =
  | { phase: 'loading' }
  | { phase: 'link'; problem: LinkProblem }
  | { phase: 'unavailable'; message: Said }
  | { phase: 'ready'; portal: GuestPortal };

/** A link that no longer (or never) works: said on a page of its own, with nothing else. */
function linkProblemOf(error: ApiError): LinkProblem | null {
  if (error.status === 410) return 'expired';
  if (error.status === 404 && error.error === 'guest_link_invalid') return 'invalid';
  return null;
}

const offline = (error: ApiError) =>
  error.error === 'no_response' || error.error === 'timeout' || error.status === undefined;

/** A failure in the guest's words and language (the API speaks English). */
function guestMessage(error: ApiError): Said {
  if (offline(error)) return { id: 'error.offline' };
  if (error.error === 'screens_incomplete') return { id: 'error.incomplete' };
  if (error.error === 'image_type_unsupported' || error.error === 'image_heic_unsupported')
    return { id: 'error.photoType' };
  if (error.error === 'image_too_large') return { id: 'error.photoTooLarge' };
  return { id: 'error.server' };
}

/** A field the API refused, said by what it needs (the rule), with the field's label. */
function fieldMessage(error: ApiError, field: string): Said {
  if (error.rule !== 'required') return { id: 'error.invalid', field };
  if (field === 'accept' || field === 'card') return { id: `error.${field}` };
  if (field === 'id_front' || field === 'id_back' || field === 'selfie')
    return { id: `error.${field}` };
  return { id: 'error.required', field };
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

/**
 * The guest page's waiting ring (api-contract's guestWaiting.ts) in the theme's primary colour:
 * plain markup, no styles to compute while the guest waits. `offset`: its centre below its top.
 */
function Ring({ label, offset }: { label: string; offset?: number }) {
  const colour = useTheme().palette.primary.main;
  const props = useMemo(() => waitingProps(colour, label, { offset }), [colour, label, offset]);
  return <div {...props} />;
}

/** A step whose code has not come yet (loadSteps.ts): a ring, or, offline, a way to try again. */
function StepPending({ failed, onRetry }: { failed: boolean; onRetry(): void }) {
  const { t, language } = useGuestWords();
  if (failed)
    return (
      <Box>
        <Typography role="alert" sx={{ mb: 2 }}>
          {t('error.offline')}
        </Typography>
        <Button variant="outlined" onClick={onRetry}>
          {t('action.tryAgain')}
        </Button>
      </Box>
    );
  return <Ring label={GUEST_LOADING_WORDS[language]} offset={48} />;
}

/** The language switch: a native select (the phone's own picker), each language in its words. */
function LanguageSwitch({ onChange }: { onChange(language: GuestLanguage): void }) {
  const { t, language } = useGuestWords();
  const selectId = useId();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
      {/* A native select: on a phone, the system's own list; and no MUI Select, Menu or Popover
          on the guest's page (docs/adr/0035). */}
      <FormControl sx={{ minWidth: 160 }}>
        <InputLabel htmlFor={selectId}>{t('language.label')}</InputLabel>
        <NativeSelect
          value={language}
          onChange={(event) => onChange(event.target.value as GuestLanguage)}
          input={<OutlinedInput label={t('language.label')} id={selectId} />}
        >
          {GUEST_LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </NativeSelect>
      </FormControl>
    </Box>
  );
}

function LinkProblemPage({ problem }: { problem: LinkProblem }) {
  const { t } = useGuestWords();
  return (
    <Centered>
      <Paper sx={{ p: 3 }}>
        <Typography variant="h1" gutterBottom>
          {t(`link.${problem}.title`)}
        </Typography>
        <Typography>{t(`link.${problem}.message`)}</Typography>
      </Paper>
    </Centered>
  );
}

function StepProgress({ step, total }: { step: number; total: number }) {
  const { t } = useGuestWords();
  const label = t('step', { step, total });
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.round((step / total) * 100)}
        aria-label={label}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

function Welcome({ portal }: { portal: GuestPortal }) {
  const { t, rich, day } = useGuestWords();
  const { stay } = portal;
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('welcome.title', {
          named: stay.guestFirstName ? 'yes' : 'no',
          name: stay.guestFirstName ?? '',
        })}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {rich('welcome.stay', { listing: stay.listingName, b: bold })}
        {stay.city ? `, ${stay.city}` : ''}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, mb: 2, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1 }}
      >
        {(
          [
            [t('welcome.checkIn'), day(stay.checkIn)],
            [t('welcome.checkOut'), day(stay.checkOut)],
            [t('welcome.host'), stay.hostName],
          ] as const
        ).map(([term, value]) => (
          <Fragment key={term}>
            <Typography component="dt" color="textSecondary">
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Fragment>
        ))}
      </Box>
      <Typography>
        {t('welcome.steps', { count: portal.screens.length, host: stay.hostName })}
      </Typography>
    </Box>
  );
}

/** A screen with the host's title and body in the page's language. */
const inLanguage = (screen: GuestPortalScreen, language: GuestLanguage): GuestPortalScreen => ({
  ...screen,
  ...screen.texts[language],
});

/** The link this page is (its path): the guest's choice of language is kept per link. */
const linkKey = () => window.location.pathname;

/** The words of the page's language, for a part of GuestPortalApp's own markup. */
function Words({ children }: { children: (words: ReturnType<typeof useGuestWords>) => ReactNode }) {
  return <>{children(useGuestWords())}</>;
}

export function GuestPortalApp({ api }: { api: GuestApi }) {
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [step, setStep] = useState(0);
  const [drafts, setDrafts] = useState<Record<string, ScreenValues>>({});
  const [errors, setErrors] = useState<Record<string, Said>>({});
  const [formError, setFormError] = useState<Said | null>(null);
  const [chosenLanguage, setChosenLanguage] = useState(() => storedLanguage(linkKey()));
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
        const error = toApiError(caught);
        if (fail(error)) return;
        // Nothing a guest did: no answer, or an answer the page cannot use.
        setLoad({
          phase: 'unavailable',
          message: offline(error) ? guestMessage(error) : { id: 'unavailable.message' },
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
  // The guest's switch on this device, else the API's choice; before it answers, the browser's.
  const language = chosenLanguage ?? portal?.language ?? browserLanguage();
  const chooseLanguage = (next: GuestLanguage) => {
    setChosenLanguage(next);
    storeLanguage(linkKey(), next);
    // Kept with the link too, for the guest's mails and other devices; this device has it anyway.
    api.chooseLanguage(next).catch(() => undefined);
  };
  const screens = portal?.screens ?? [];
  const total = screens.length + 1;
  const screen = step >= 1 && step <= screens.length ? screens[step - 1] : undefined;
  const done = portal !== null && step > screens.length;
  const pastWelcome = screen !== undefined || done;
  // A screen, the end or a refusal needs the steps' code; the welcome fetches it for what follows.
  const { steps, failed, retry } = useSteps(pastWelcome || formError !== null, portal !== null);
  const stepPending = pastWelcome && !steps;

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
    const error = toApiError(caught);
    if (fail(error)) return;
    const field = typeof error.field === 'string' ? error.field.replace(/^values\./, '') : null;
    if (field && screen?.fields.some(({ name }) => name === field))
      setErrors({ [field]: fieldMessage(error, field) });
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
    const { preparePhoto } = await loadSteps();
    const { photo } = await preparePhoto(file);
    if (photo.size > MAX_PHOTO_BYTES) {
      stopSending();
      setErrors((current) => ({ ...current, [kind]: { id: 'error.photoTooLarge' } }));
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
      const error = toApiError(caught);
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

  // Until the portal's answer and words have come: the page's own ring, where the page had it.
  const loading = <Ring label={GUEST_LOADING_WORDS[language]} />;
  return (
    <div lang={language}>
      <GuestWordsProvider language={language} fallback={loading}>
        {load.phase === 'loading' ? (
          loading
        ) : load.phase === 'link' ? (
          <LinkProblemPage problem={load.problem} />
        ) : load.phase === 'unavailable' ? (
          <Words>
            {({ t }) => (
              <Centered>
                <Paper sx={{ p: 3 }}>
                  <Typography variant="h1" gutterBottom>
                    {t('unavailable.title')}
                  </Typography>
                  <Typography role="alert" sx={{ mb: 3 }}>
                    {t(load.message.id)}
                  </Typography>
                  <Button variant="contained" size="large" fullWidth onClick={open}>
                    {t('action.tryAgain')}
                  </Button>
                </Paper>
              </Centered>
            )}
          </Words>
        ) : (
          <Words>
            {(words) => {
              const { t } = words;
              const say = (said: Said) =>
                t(
                  said.id,
                  said.field
                    ? { field: steps ? steps.fieldLabel(words, said.field) : said.field }
                    : undefined,
                );
              const guestPortal = load.portal;
              // A photo still on its way: Continue would only be told to upload it first.
              const sending = Object.values(photos).some((state) => state.progress !== undefined);
              return (
                <Centered>
                  <div ref={topRef} />
                  <LanguageSwitch onChange={chooseLanguage} />
                  {!done && <StepProgress step={Math.min(step + 1, total)} total={total} />}
                  <Paper
                    component="form"
                    noValidate
                    onSubmit={submit}
                    sx={{ p: { xs: 2.5, sm: 4 } }}
                  >
                    <Box>
                      {stepPending ? (
                        <StepPending failed={failed} onRetry={retry} />
                      ) : done && steps ? (
                        <steps.Done portal={guestPortal} />
                      ) : screen && steps ? (
                        <steps.ScreenView
                          screen={inLanguage(screen, language)}
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
                          errors={Object.fromEntries(
                            Object.entries(errors).map(([field, said]) => [field, say(said)]),
                          )}
                          photos={photos}
                        />
                      ) : (
                        <Welcome portal={guestPortal} />
                      )}
                    </Box>
                    {formError &&
                      (steps ? (
                        <steps.FormProblem>{say(formError)}</steps.FormProblem>
                      ) : (
                        <Typography role="alert" color="error" sx={{ mt: 3 }}>
                          {say(formError)}
                        </Typography>
                      ))}
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
                            {t('action.back')}
                          </Button>
                        )}
                        <Button
                          type="submit"
                          size="large"
                          variant="contained"
                          disabled={saving || sending || stepPending}
                          sx={{ minHeight: 52, flex: 2 }}
                        >
                          {t(
                            saving
                              ? 'action.saving'
                              : step === 0
                                ? 'action.start'
                                : step >= screens.length
                                  ? 'action.finish'
                                  : 'action.continue',
                          )}
                        </Button>
                      </Stack>
                    )}
                  </Paper>
                </Centered>
              );
            }}
          </Words>
        )}
      </GuestWordsProvider>
    </div>
  );
}
