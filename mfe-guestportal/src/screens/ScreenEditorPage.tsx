// `/guestportal/screen/{name}` (owner only, spec section 7): what a guest reads on one screen — its
// title, its text in the portal's Markdown subset, which of its fields are required — edited
// beside a live preview at phone size, drawn by the guest page's own component (ScreenView), so
// the preview is exactly what the guest will see. "Start from the default" puts the screen's
// default back in the form. Leaving with unsaved edits asks first; a refusal keeps every edit.
// A name that is not a screen is a not-found page. The Language tabs (issue 34) write the screen's
// title and text in the other languages guests read (the fields stay English's); the preview shows
// the guest page in that language.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormLabel,
  LinearProgress,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { labelOf, LABELS } from '@hostdash/shared-auth';
import {
  fieldErrorOf,
  LoadError,
  messageOf,
  PageFrame,
  UnsavedChangesDialog,
  useSubmission,
  useUnsavedChangesGuard,
} from '@hostdash/shared-ui';
import { GuestWordsProvider } from '../guest/i18n/guestWords';
import type { GuestLanguage } from '../guest/i18n/languages';
import { ScreenView } from '../guest/ScreenView';
import type {
  ContentChange,
  GuestScreenContent,
  ScreenField,
  ScreenName,
  TranslatedLanguage,
} from '../guestportalApi';
import { guestportalActions, selectGuestportal } from '../guestportalSlice';
import { isTranslated, LanguageTabs } from '../LanguageTabs';

const TITLE_MAX = 120;
const TEXT_MAX = 20_000;
const FIELD_LABELS = { title: 'Title', text: 'Text', required_fields: 'Required fields' };

const isScreenName = (name: string): name is ScreenName => name in LABELS.guestScreen;

function ScreenNotFound() {
  return (
    <Paper sx={{ p: 4, maxWidth: 560 }}>
      <Typography variant="h1" gutterBottom>
        Screen not found
      </Typography>
      <Typography sx={{ mb: 3 }}>
        There is no guest portal screen at this address. The screens are listed on the guest portal
        page.
      </Typography>
      <Button component={RouterLink} to="/guestportal" variant="contained">
        Go to the guest portal
      </Button>
    </Paper>
  );
}

type Draft = ContentChange;

const draftOf = (
  content: Pick<GuestScreenContent, 'title' | 'text' | 'required_fields'>,
): Draft => ({
  title: content.title,
  text: content.text,
  required_fields: [...content.required_fields],
});

const sameDraft = (a: Draft, b: Draft) =>
  a.title === b.title &&
  a.text === b.text &&
  a.required_fields.length === b.required_fields.length &&
  a.required_fields.every((field) => b.required_fields.includes(field));

/** A phone's screen around the guest's view of the screen (390 px, the guest's usual width). */
function PhonePreview({
  name,
  draft,
  allowed,
  language,
}: {
  name: ScreenName;
  draft: Draft;
  allowed: ScreenField[];
  language: GuestLanguage;
}) {
  const [values, setValues] = useState<Record<string, string | boolean>>({});
  return (
    <Box
      role="region"
      aria-label="Preview at phone size"
      sx={{
        width: '100%',
        maxWidth: 390,
        // The phone in its column, not the page: the page itself is in PageFrame.
        // eslint-disable-next-line no-restricted-syntax
        mx: 'auto',
        border: 10,
        borderColor: 'grey.900',
        borderRadius: 6,
        bgcolor: 'background.default',
        height: 720,
        overflowY: 'auto',
      }}
    >
      <Box sx={{ p: 2 }} lang={language}>
        <GuestWordsProvider
          language={language}
          fallback={<LinearProgress aria-label="Loading the preview" />}
        >
          <ScreenView
            screen={{
              name,
              title: draft.title || labelOf('guestScreen', name),
              body: draft.text,
              fields: allowed.map((field) => ({
                name: field,
                required: draft.required_fields.includes(field),
              })),
            }}
            values={values}
            onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
            images={[]}
            titleComponent="h2"
          />
        </GuestWordsProvider>
      </Box>
    </Box>
  );
}

const HELP_TEXT =
  'A blank line starts a paragraph. **bold**, *italic*, lines starting with “- ” make a list, [words](https://…) a link.';

/** A screen's title and text fields, in the language they are written in. */
function TitleAndText({
  draft,
  onChange,
  errorOf,
  language,
}: {
  draft: { title: string; text: string };
  onChange(change: { title: string } | { text: string }): void;
  errorOf(field: 'title' | 'text'): string | undefined;
  language: GuestLanguage;
}) {
  const blankTitle = draft.title.trim() === '';
  return (
    <>
      <TextField
        label="Title"
        value={draft.title}
        required
        onChange={(event) => onChange({ title: event.target.value })}
        error={blankTitle || Boolean(errorOf('title'))}
        helperText={
          errorOf('title') ??
          (blankTitle ? 'A screen needs a title.' : `${draft.title.length}/${TITLE_MAX}`)
        }
        slotProps={{ htmlInput: { maxLength: TITLE_MAX, lang: language } }}
      />
      <TextField
        label="Text"
        value={draft.text}
        multiline
        minRows={8}
        onChange={(event) => onChange({ text: event.target.value })}
        error={Boolean(errorOf('text'))}
        helperText={errorOf('text') ?? HELP_TEXT}
        slotProps={{ htmlInput: { maxLength: TEXT_MAX, lang: language } }}
      />
    </>
  );
}

/** The form beside the preview, for either editor: its fields above, the buttons below. */
function EditorLayout({
  content,
  draft,
  language,
  children,
}: {
  content: GuestScreenContent;
  draft: Draft;
  language: GuestLanguage;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 410px' },
        alignItems: 'start',
      }}
    >
      <Card>
        <CardContent>{children}</CardContent>
      </Card>
      <Box sx={{ position: { md: 'sticky' }, top: { md: 16 } }}>
        <Typography variant="subtitle2" color="textSecondary" sx={{ mb: 1, textAlign: 'center' }}>
          What a guest sees
        </Typography>
        <PhonePreview
          name={content.name}
          draft={draft}
          allowed={content.allowed_fields}
          language={language}
        />
      </Box>
    </Box>
  );
}

/** The screen's title and text in a language beside English (its fields are English's). */
function TranslationEditor({
  content,
  language,
}: {
  content: GuestScreenContent;
  language: TranslatedLanguage;
}) {
  const dispatch = useDispatch();
  const { status } = useSelector(selectGuestportal);
  const own = content.translations[language];
  const shipped = content.default_translations[language];
  const start = own ?? shipped ?? { title: content.title, text: content.text };
  const [draft, setDraft] = useState({ title: start.title, text: start.text });
  const submission = useSubmission(status.saveTranslation);
  const dirty = !own || draft.title !== own.title || draft.text !== own.text;
  const changed = draft.title !== start.title || draft.text !== start.text;
  const inLanguage = labelOf('guestLanguage', language);
  const guard = useUnsavedChangesGuard(
    changed,
    `${labelOf('guestScreen', content.name)} in ${inLanguage}`,
  );
  const refusal = submission.error;
  const fieldError = refusal ? fieldErrorOf(refusal, FIELD_LABELS) : null;
  const errorOf = (field: 'title' | 'text') =>
    fieldError?.field === field ? fieldError.message : undefined;
  const blankTitle = draft.title.trim() === '';
  const send = (text: { title: string; text: string } | null) => {
    submission.started();
    dispatch(guestportalActions.saveTranslation.requested({ name: content.name, language, text }));
  };
  return (
    <EditorLayout
      content={content}
      draft={{ ...draft, required_fields: content.required_fields }}
      language={language}
    >
      <UnsavedChangesDialog guard={guard} />
      <Stack
        component="form"
        aria-label={`Screen content in ${inLanguage}`}
        spacing={2}
        onSubmit={(event) => {
          event.preventDefault();
          send({ title: draft.title.trim(), text: draft.text });
        }}
      >
        <Typography variant="body2" color="textSecondary">
          {own
            ? `Your own ${inLanguage} text: guests reading ${inLanguage} see it.`
            : `Not written in ${inLanguage} yet: guests reading ${inLanguage} see the shipped ${inLanguage} screen (below), or your text in their listing’s guest language if you wrote one. Save to make it yours.`}{' '}
          The required fields are the English tab’s.
        </Typography>
        <TitleAndText
          draft={draft}
          onChange={(change) => setDraft({ ...draft, ...change })}
          errorOf={errorOf}
          language={language}
        />
        {refusal && !fieldError && <Alert severity="error">{messageOf(refusal)}</Alert>}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={!dirty || blankTitle || submission.busy}
          >
            Save
          </Button>
          {shipped && (
            <Button
              disabled={
                submission.busy || (draft.title === shipped.title && draft.text === shipped.text)
              }
              onClick={() => setDraft({ title: shipped.title, text: shipped.text })}
            >
              Start from the default
            </Button>
          )}
          {own && (
            <Button color="error" disabled={submission.busy} onClick={() => send(null)}>
              Remove my {inLanguage} text
            </Button>
          )}
        </Stack>
      </Stack>
    </EditorLayout>
  );
}

function Editor({ content }: { content: GuestScreenContent }) {
  const dispatch = useDispatch();
  const { status } = useSelector(selectGuestportal);
  const saved = useMemo(() => draftOf(content), [content]);
  const [draft, setDraft] = useState<Draft>(saved);
  const submission = useSubmission(status.saveContent);
  const dirty = !sameDraft(draft, saved);
  const guard = useUnsavedChangesGuard(dirty, labelOf('guestScreen', content.name));
  const refusal = submission.error;
  const fieldError = refusal ? fieldErrorOf(refusal, FIELD_LABELS) : null;
  const errorOf = (field: keyof typeof FIELD_LABELS) =>
    fieldError?.field === field ? fieldError.message : undefined;
  const blankTitle = draft.title.trim() === '';
  const isDefault = sameDraft(draft, draftOf(content.default));

  const toggleRequired = (field: ScreenField, required: boolean) =>
    setDraft((current) => ({
      ...current,
      required_fields: required
        ? [...current.required_fields, field]
        : current.required_fields.filter((name) => name !== field),
    }));

  const save = () => {
    submission.started();
    dispatch(
      guestportalActions.saveContent.requested({
        name: content.name,
        change: { ...draft, title: draft.title.trim() },
      }),
    );
  };

  return (
    <EditorLayout content={content} draft={draft} language="en">
      <UnsavedChangesDialog guard={guard} />
      <Stack
        component="form"
        aria-label="Screen content"
        spacing={2}
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Typography variant="body2" color="textSecondary">
          {content.description}{' '}
          {content.state === 'off' &&
            'This screen is off for every guest: switch it on on the guest portal page.'}
        </Typography>
        <TitleAndText
          draft={draft}
          onChange={(change) => setDraft({ ...draft, ...change })}
          errorOf={errorOf}
          language="en"
        />
        <FormGroup aria-labelledby="required-fields-label">
          <FormLabel id="required-fields-label">Required fields</FormLabel>
          {content.allowed_fields.map((field) => (
            <FormControlLabel
              key={field}
              label={labelOf('screenField', field)}
              control={
                <Checkbox
                  checked={draft.required_fields.includes(field)}
                  onChange={(event) => toggleRequired(field, event.target.checked)}
                />
              }
            />
          ))}
          <Typography variant="body2" color="textSecondary">
            The others are asked but optional.
          </Typography>
        </FormGroup>
        {refusal && !fieldError && <Alert severity="error">{messageOf(refusal)}</Alert>}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={!dirty || blankTitle || submission.busy}
          >
            Save
          </Button>
          <Button disabled={!dirty || submission.busy} onClick={() => setDraft(saved)}>
            Discard changes
          </Button>
          <Button
            disabled={isDefault || submission.busy}
            onClick={() => setDraft(draftOf(content.default))}
          >
            Start from the default
          </Button>
        </Stack>
      </Stack>
    </EditorLayout>
  );
}

/** The screen's languages as tabs: English (its content and fields), then the others. */
function LanguageEditors({ content }: { content: GuestScreenContent }) {
  const [language, setLanguage] = useState<GuestLanguage>('en');
  return (
    <Stack spacing={2}>
      <LanguageTabs
        value={language}
        onChange={setLanguage}
        label="Language of the screen"
        noteOf={(code) => (content.translations[code] ? undefined : 'shipped')}
      />
      {isTranslated(language) ? (
        // A new answer (saved, or removed) is the form's new starting point.
        <TranslationEditor
          key={`${language}:${JSON.stringify(content.translations[language] ?? null)}`}
          content={content}
          language={language}
        />
      ) : (
        <Editor key={JSON.stringify(draftOf(content))} content={content} />
      )}
    </Stack>
  );
}

export function ScreenEditorPage() {
  const { name = '' } = useParams();
  const dispatch = useDispatch();
  const { content, status } = useSelector(selectGuestportal);
  const known = isScreenName(name);
  useEffect(() => {
    if (known) dispatch(guestportalActions.loadContent.requested(name));
    return () => void dispatch(guestportalActions.left());
  }, [name, known, dispatch]);

  if (!known || status.content.error?.status === 404) return <ScreenNotFound />;
  const current = content?.name === name ? content : null;
  const label = labelOf('guestScreen', name);
  return (
    <PageFrame
      width="list"
      title={label}
      breadcrumbs={[{ label: 'Guest portal', to: '/guestportal' }, { label }]}
    >
      {current ? (
        <LanguageEditors content={current} />
      ) : status.content.error ? (
        <LoadError
          error={status.content.error}
          onRetry={() => dispatch(guestportalActions.loadContent.requested(name))}
        />
      ) : (
        <LinearProgress aria-label="Loading the screen" />
      )}
    </PageFrame>
  );
}
