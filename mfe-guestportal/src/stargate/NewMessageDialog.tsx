// Writing a message for guests: what it is (check-in instructions, a door code, Wi-Fi, other), its
// title and text, and whom it is for — this reservation, or every stay at a listing (those not
// over, and those booked later). It is held until each guest is verified; a guest already
// verified gets it at once. A refusal of a field is said under it; what was typed stays. The text
// is in the guest portal's Markdown subset, as a screen's is: beside it, a live preview drawn by
// the guest page's own component shows what the guest will read (bold door code and all).
// The Language tabs (issue 34), as the screen editor's: the title and text are English's; the
// other languages are optional, and one left empty is not sent (its guests read English's).
import { useEffect, useMemo, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import {
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
  Alert,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { Answer } from '@hostdash/api-contract';
import { api, labelOf, LABELS, toApiError } from '@hostdash/shared-auth';
import { fieldErrorOf, Markdown, messageOf, useSubmission } from '@hostdash/shared-ui';
import type { GuestLanguage } from '../guest/i18n/languages';
import type {
  MessageKind,
  NewMessage,
  StargateReservation,
  TranslatedLanguage,
} from '../guestportalApi';
import { guestportalActions, selectGuestportal } from '../guestportalSlice';
import { isTranslated, LanguageTabs } from '../LanguageTabs';

type ListingOption = Answer<'/listing/load', 'get'>['items'][number];

const TITLE_MAX = 200;
const BODY_MAX = 5000;
const FIELD_LABELS = { title: 'Title', body: 'Message', kind: 'Kind', listing_id: 'Listing' };
const KINDS = Object.keys(LABELS.messageKind) as MessageKind[];

type MessageText = { title: string; body: string };
type Translations = NonNullable<NewMessage['translations']>;

const isBlank = (text: MessageText | undefined) =>
  !text || (text.title.trim() === '' && text.body.trim() === '');
/** Written in part: a title without its text, or a text without its title. */
const isHalfWritten = (text: MessageText | undefined) =>
  text !== undefined && (text.title.trim() === '') !== (text.body.trim() === '');

/** The languages written in full, trimmed; the empty ones are left out. */
function translationsOf(texts: Partial<Record<TranslatedLanguage, MessageText>>): Translations {
  const written: Translations = {};
  for (const [language, text] of Object.entries(texts) as [TranslatedLanguage, MessageText][]) {
    if (text.title.trim() !== '' && text.body.trim() !== '')
      written[language] = { title: text.title.trim(), body: text.body.trim() };
  }
  return written;
}

/**
 * The message's title and text fields in one language: English's are required (they are the
 * message); another language's are optional, but written as a pair.
 */
function MessageFields({
  text,
  onChange,
  errorOf,
  language,
}: {
  text: MessageText;
  onChange(change: { title: string } | { body: string }): void;
  errorOf(field: 'title' | 'body'): string | undefined;
  language: GuestLanguage;
}) {
  const optional = isTranslated(language);
  const inLanguage = labelOf('guestLanguage', language);
  const half = optional && isHalfWritten(text);
  const missing = `Write both in ${inLanguage}, or leave both empty.`;
  return (
    <>
      <TextField
        label="Title"
        value={text.title}
        required={!optional}
        onChange={(event) => onChange({ title: event.target.value })}
        error={Boolean(errorOf('title')) || (half && text.title.trim() === '')}
        helperText={
          errorOf('title') ??
          (half && text.title.trim() === ''
            ? missing
            : optional
              ? `Optional: guests reading ${inLanguage} get it; the others read English.`
              : 'What the guest sees first, e.g. “Your door code”.')
        }
        slotProps={{ htmlInput: { maxLength: TITLE_MAX, lang: language } }}
      />
      <TextField
        label="Message"
        value={text.body}
        required={!optional}
        multiline
        minRows={4}
        onChange={(event) => onChange({ body: event.target.value })}
        error={Boolean(errorOf('body')) || (half && text.body.trim() === '')}
        helperText={
          errorOf('body') ??
          `${half && text.body.trim() === '' ? `${missing} ` : ''}**bold**, *italic*, lines starting with “- ” make a list, [words](https://…) a link. ${text.body.length}/${BODY_MAX}`
        }
        slotProps={{ htmlInput: { maxLength: BODY_MAX, lang: language } }}
      />
    </>
  );
}

/** Listings whose nickname matches what was typed (the first page of the account's search). */
function useListingSearch(search: string, enabled: boolean) {
  const [options, setOptions] = useState<ListingOption[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .get<Answer<'/listing/load', 'get'>>('/listing/load', {
          params: { search: search.trim() || undefined, size: 20 },
          signal: controller.signal,
        })
        .then((page) => {
          setOptions(page.items);
          setError(null);
        })
        .catch((failure: unknown) => {
          if (!controller.signal.aborted) setError(messageOf(toApiError(failure)));
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search, enabled]);
  return { options, error };
}

/**
 * The message as the guest's check-in page shows it once released: the same card, the same
 * Markdown component. Said to a screen reader as a region of its own.
 */
function MessagePreview({
  title,
  body,
  language,
}: {
  title: string;
  body: string;
  language: GuestLanguage;
}) {
  return (
    <Box component="section" aria-labelledby="new-message-preview">
      <Typography
        id="new-message-preview"
        variant="subtitle2"
        component="h3"
        color="textSecondary"
        sx={{ mb: 1 }}
      >
        What the guest reads
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }} lang={language}>
        {title.trim() || body.trim() ? (
          <>
            {title.trim() && (
              <Typography component="p" sx={{ fontWeight: 600, mb: 1 }}>
                {title.trim()}
              </Typography>
            )}
            <Markdown source={body} />
          </>
        ) : (
          <Typography color="textSecondary">
            The title and the message show here as the guest will read them.
          </Typography>
        )}
      </Paper>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
        Held until the guest is verified, then shown on their check-in page.
      </Typography>
    </Box>
  );
}

export function NewMessageDialog({
  reservation,
  onClose,
}: {
  /** On one reservation's page: for this stay, or every stay at its listing. */
  reservation: StargateReservation | null;
  onClose: () => void;
}) {
  const dispatch = useDispatch();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { status } = useSelector(selectGuestportal);
  const submission = useSubmission(status.writeMessage, onClose);
  const [kind, setKind] = useState<MessageKind>('check_in_instructions');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [language, setLanguage] = useState<GuestLanguage>('en');
  const [texts, setTexts] = useState<Partial<Record<TranslatedLanguage, MessageText>>>({});
  const [scope, setScope] = useState<'reservation' | 'listing'>(
    reservation ? 'reservation' : 'listing',
  );
  const [listing, setListing] = useState<ListingOption | null>(null);
  const [search, setSearch] = useState('');
  const listings = useListingSearch(search, !reservation);
  const refusal = submission.error;
  const fieldError = useMemo(
    () => (refusal ? fieldErrorOf(refusal, FIELD_LABELS) : null),
    [refusal],
  );
  // A refused field is English's (translations are checked here first): show it.
  useEffect(() => {
    if (fieldError) setLanguage('en');
  }, [fieldError]);
  const errorOf = (field: keyof typeof FIELD_LABELS) =>
    fieldError?.field === field ? fieldError.message : undefined;

  const target: Pick<NewMessage, 'listing_id' | 'reservation_id'> | null = reservation
    ? scope === 'reservation'
      ? { reservation_id: reservation.id }
      : { listing_id: reservation.listing_id }
    : listing
      ? { listing_id: listing.id }
      : null;
  const translations = translationsOf(texts);
  const ready =
    target !== null &&
    title.trim() !== '' &&
    body.trim() !== '' &&
    !Object.values(texts).some(isHalfWritten);
  const shown: MessageText = isTranslated(language)
    ? (texts[language] ?? { title: '', body: '' })
    : { title, body };
  // The guest reading a language not written reads English's.
  const previewed = isBlank(shown) ? { title, body } : shown;

  const submit = () => {
    if (!target) return;
    submission.started();
    dispatch(
      guestportalActions.writeMessage.requested({
        ...target,
        kind,
        title: title.trim(),
        body: body.trim(),
        ...(Object.keys(translations).length > 0 && { translations }),
      } as NewMessage),
    );
  };

  return (
    <Dialog
      open
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      onClose={() => !submission.busy && onClose()}
      aria-labelledby="new-message-title"
    >
      <DialogTitle id="new-message-title">New message to guests</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {reservation ? (
            <RadioGroup
              aria-label="Who gets it"
              value={scope}
              onChange={(event) => setScope(event.target.value as 'reservation' | 'listing')}
            >
              <FormControlLabel
                value="reservation"
                control={<Radio />}
                label={`${reservation.guest_first_name} only (this stay)`}
              />
              <FormControlLabel
                value="listing"
                control={<Radio />}
                label={`Every stay at ${reservation.listing_nickname}, and stays booked later`}
              />
            </RadioGroup>
          ) : (
            <Autocomplete
              options={listings.options}
              value={listing}
              onChange={(_event, value) => setListing(value)}
              onInputChange={(_event, value) => setSearch(value)}
              getOptionLabel={(option) => option.nickname}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              filterOptions={(options) => options}
              noOptionsText={listings.error ?? 'No listing matches'}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Listing"
                  required
                  error={Boolean(errorOf('listing_id') ?? listings.error)}
                  helperText={
                    errorOf('listing_id') ??
                    listings.error ??
                    'Every stay at this listing gets it, and stays booked later.'
                  }
                />
              )}
            />
          )}
          <TextField
            select
            label="Kind"
            value={kind}
            onChange={(event) => setKind(event.target.value as MessageKind)}
          >
            {KINDS.map((value) => (
              <MenuItem key={value} value={value}>
                {labelOf('messageKind', value)}
              </MenuItem>
            ))}
          </TextField>
          <LanguageTabs
            value={language}
            onChange={setLanguage}
            label="Language of the message"
            noteOf={(code) =>
              translations[code] ? 'written' : isHalfWritten(texts[code]) ? 'unfinished' : undefined
            }
          />
          <MessageFields
            text={shown}
            onChange={(change) =>
              isTranslated(language)
                ? setTexts((current) => ({ ...current, [language]: { ...shown, ...change } }))
                : 'title' in change
                  ? setTitle(change.title)
                  : setBody(change.body)
            }
            errorOf={(field) => (isTranslated(language) ? undefined : errorOf(field))}
            language={language}
          />
          <MessagePreview
            title={previewed.title}
            body={previewed.body}
            language={isBlank(shown) ? 'en' : language}
          />
          {refusal && !fieldError && <Alert severity="error">{messageOf(refusal)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={submission.busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={!ready || submission.busy}>
          Save message
        </Button>
      </DialogActions>
    </Dialog>
  );
}
