// One form for /create-reservation and /edit-reservation/{id}: validated inline, the guest's home
// address normalised through the API's address task.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import {
  Alert,
  AlertTitle,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import {
  labelOf,
  reservationPath,
  snackbarActions,
  toApiError,
  type ApiError,
} from '@hostdash/shared-auth';
import {
  CountryField,
  fieldErrorOf,
  LoadError,
  messageOf,
  PageFrame,
  useFormDraft,
  usePhoneLayout,
  type FieldError,
} from '@hostdash/shared-ui';
import {
  RESERVATION_SOURCES,
  RESERVATION_STATUSES,
  reservationsApi,
  type NormalisedAddress,
  type Reservation,
} from '../reservations/reservationsApi';
import { reservationsActions, selectDetail, selectSaved } from '../reservations/reservationsSlice';
import {
  changesFrom,
  emptyForm,
  formFromReservation,
  nightsBetween,
  toInput,
  validate,
  type FormField,
  type ListingOption,
  type ReservationFormValues,
} from './reservationForm';

const SEARCH_DEBOUNCE_MS = 250;

/** The API's names for the fields of the form, as the form labels them. */
const API_FIELD_LABELS: Readonly<Record<string, string>> = {
  listing_id: 'Listing',
  guest_name: 'Name',
  guest_email: 'Email',
  guest_phone: 'Phone',
  guest_city: 'Home city',
  guest_country: 'Home country',
  guests: 'Guests',
  check_in_date: 'Check-in',
  check_out_date: 'Check-out',
  source: 'Source',
  status: 'Status',
  message: "Guest's message",
};

/**
 * A refused save that is about one of the form's fields, with the form's name for it: the API's
 * `field` (`fieldErrorOf`), or a listing outside the account (its own code, about the listing).
 */
function refusedField(error: ApiError): (FieldError & { name: FormField }) | null {
  const refusal =
    fieldErrorOf(error, API_FIELD_LABELS) ??
    (error.error === 'invalid_listing' ? { field: 'listing_id', message: error.message } : null);
  if (!refusal) return null;
  const name = (refusal.field === 'listing_id' ? 'listing' : refusal.field) as FormField;
  return { ...refusal, name };
}

function useListingOptions(search: string): ListingOption[] {
  const [options, setOptions] = useState<ListingOption[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      reservationsApi
        .listingOptions(search.trim(), controller.signal)
        .then((answer) =>
          setOptions(
            answer.items.map((listing) => ({
              id: listing.id,
              nickname: listing.nickname,
              detail: listing.building ?? `${listing.address}, ${listing.city}`,
            })),
          ),
        )
        .catch(() => undefined);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search]);
  return options;
}

function AddressField({ onNormalised }: { onNormalised: (address: NormalisedAddress) => void }) {
  const [address, setAddress] = useState('');
  const [checked, setChecked] = useState('');
  const [result, setResult] = useState<NormalisedAddress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const normalise = () => {
    const text = address.trim();
    if (!text || text === checked) return;
    setChecked(text);
    setLoading(true);
    setError(null);
    reservationsApi
      .normaliseAddress(text)
      .then((answer) => {
        setResult(answer);
        onNormalised(answer);
      })
      .catch((failure: unknown) => setError(toApiError(failure).message))
      .finally(() => setLoading(false));
  };

  return (
    <Stack spacing={1}>
      <TextField
        label="Guest's home address"
        placeholder="e.g. 12 ocean drive apt 4b, miami beach fl 33139, us"
        value={address}
        onChange={(event) => setAddress(event.target.value)}
        onBlur={normalise}
        helperText={
          loading
            ? 'Checking the address…'
            : (error ?? 'Used for the local-guest check. We tidy it up for you.')
        }
        error={!!error}
        fullWidth
      />
      {result && !error && (
        <Alert
          severity={result.changed ? 'info' : 'success'}
          action={
            result.changed ? (
              <Button color="inherit" size="small" onClick={() => setAddress(result.formatted)}>
                Use this
              </Button>
            ) : undefined
          }
        >
          {result.changed ? 'Normalised: ' : 'Looks right: '}
          <strong>{result.formatted}</strong>
        </Alert>
      )}
    </Stack>
  );
}

function ReservationForm({ saved }: { saved: Reservation | null }) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { save, conflict } = useSelector(selectDetail);
  const done = useSelector(selectSaved);
  // What was typed survives leaving the form and coming back within the session (the `form`
  // slice); a draft of an edit is kept only while the reservation is at the version it was made on.
  const draft = useFormDraft<ReservationFormValues, FormField>(
    saved ? `reservation/${saved.id}` : 'reservation/new',
    {
      initial: () => (saved ? formFromReservation(saved) : emptyForm()),
      base: saved?.version ?? null,
    },
  );
  const { values, setValues, touched, setTouched, clear: clearDraft } = draft;
  const [submitted, setSubmitted] = useState(false);
  const [listingSearch, setListingSearch] = useState('');
  const phone = usePhoneLayout();
  const options = useListingOptions(listingSearch);
  const errors = validate(values);
  // The save's refusal, until the person changes the field it is about (or saves again).
  const [answered, setAnswered] = useState<ApiError | null>(null);
  const refusal = save.error && !conflict && save.error !== answered ? save.error : null;
  const refusedOne = refusal ? refusedField(refusal) : null;
  const shown = (field: FormField) =>
    (submitted || touched.has(field) ? errors[field] : undefined) ??
    (refusedOne?.name === field ? refusedOne.message : undefined);
  const nights = useMemo(
    () =>
      !errors.check_in_date && !errors.check_out_date
        ? nightsBetween(values.check_in_date, values.check_out_date)
        : null,
    [errors.check_in_date, errors.check_out_date, values.check_in_date, values.check_out_date],
  );

  // A newer saved version (taken after a conflict): it becomes the base, this person's edits stay on top.
  const [baseVersion, setBaseVersion] = useState(saved?.version ?? null);
  if (saved && baseVersion !== null && saved.version !== baseVersion) {
    setBaseVersion(saved.version);
    const latest = formFromReservation(saved);
    setValues((current) => ({
      ...latest,
      ...Object.fromEntries([...touched].map((name) => [name, current[name]])),
    }));
  }

  // Saved: open the reservation.
  useEffect(() => {
    if (submitted && done && !save.loading) {
      clearDraft();
      dispatch(reservationsActions.clearSaved());
      dispatch(
        snackbarActions.show({
          text: saved
            ? 'Reservation updated and screened again.'
            : 'Reservation created and screened.',
          props: { severity: 'success' },
        }),
      );
      navigate(reservationPath(done.id));
    }
  }, [submitted, done, save.loading, saved, dispatch, navigate, clearDraft]);

  const set = <Field extends FormField>(field: Field, value: ReservationFormValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => new Set(current).add(field));
    if (refusedOne?.name === field) setAnswered(save.error);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    if (saved) {
      const changes = changesFrom(saved, values);
      if (Object.keys(changes).length === 0) {
        navigate(reservationPath(saved.id));
        return;
      }
      dispatch(
        reservationsActions.saveReservation.requested({
          id: saved.id,
          version: saved.version,
          input: changes,
        }),
      );
    } else {
      dispatch(
        reservationsActions.saveReservation.requested({
          id: null,
          version: null,
          input: toInput(values),
        }),
      );
    }
  };

  const field = (
    name: 'guest_name' | 'guest_email' | 'guest_phone' | 'guest_city' | 'guests',
    label: string,
    extra: object = {},
  ) => (
    <TextField
      label={label}
      value={values[name]}
      onChange={(event) => set(name, event.target.value)}
      onBlur={() => setTouched((current) => new Set(current).add(name))}
      error={!!shown(name)}
      helperText={shown(name) ?? ' '}
      fullWidth
      disabled={save.loading}
      {...extra}
    />
  );

  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-label={saved ? 'Edit reservation' : 'New reservation'}
    >
      <Stack spacing={2}>
        {draft.restored && (
          <Alert
            severity="info"
            action={
              <Button color="inherit" size="small" onClick={() => clearDraft({ reset: true })}>
                Start again
              </Button>
            }
          >
            What you typed earlier is back. Nothing is saved until you save.
          </Alert>
        )}
        {conflict && (
          <Alert
            severity="warning"
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => dispatch(reservationsActions.adoptLatest())}
              >
                Use the latest version
              </Button>
            }
          >
            <AlertTitle>Someone else changed this reservation</AlertTitle>
            Your edits are still here. Take the latest version as the base and save again.
          </Alert>
        )}
        {/* Said once: beside its field when it is about one, else here (never also in a snackbar). */}
        {refusal && !refusedOne && <Alert severity="error">{messageOf(refusal)}</Alert>}
        <Card>
          <CardHeader title="Stay" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
          <CardContent sx={{ pt: 0 }}>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' },
              }}
            >
              <Autocomplete
                options={
                  values.listing && !options.some((option) => option.id === values.listing?.id)
                    ? [values.listing, ...options]
                    : options
                }
                value={values.listing}
                onChange={(_event, listing) => set('listing', listing)}
                onInputChange={(_event, text, reason) =>
                  reason === 'input' && setListingSearch(text)
                }
                getOptionLabel={(option) => option.nickname}
                isOptionEqualToValue={(option, value) => option.id === value.id}
                filterOptions={(all) => all}
                renderOption={(props, option) => (
                  <li {...props} key={option.id}>
                    <Box>
                      {option.nickname}
                      <Typography variant="body2" color="textSecondary">
                        {option.detail}
                      </Typography>
                    </Box>
                  </li>
                )}
                disabled={save.loading}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Listing"
                    error={!!shown('listing')}
                    helperText={
                      shown('listing') ??
                      (values.listing
                        ? // A phone cuts a long name off in the box: it is said whole below.
                          phone
                          ? `${values.listing.nickname}, ${values.listing.detail}`
                          : values.listing.detail
                        : ' ')
                    }
                  />
                )}
              />
              <TextField
                type="date"
                label="Check-in"
                value={values.check_in_date}
                onChange={(event) => set('check_in_date', event.target.value)}
                error={!!shown('check_in_date')}
                helperText={shown('check_in_date') ?? ' '}
                disabled={save.loading}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                type="date"
                label="Check-out"
                value={values.check_out_date}
                onChange={(event) => set('check_out_date', event.target.value)}
                error={!!shown('check_out_date')}
                helperText={
                  shown('check_out_date') ??
                  (nights ? `${nights} ${nights === 1 ? 'night' : 'nights'}` : ' ')
                }
                disabled={save.loading}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              {field('guests', 'Guests', {
                type: 'number',
                slotProps: { htmlInput: { min: 1, max: 30 } },
              })}
              <TextField
                select
                label="Source"
                value={values.source}
                onChange={(event) =>
                  set('source', event.target.value as ReservationFormValues['source'])
                }
                disabled={save.loading}
                error={!!shown('source')}
                helperText={shown('source') ?? ' '}
              >
                {RESERVATION_SOURCES.map((source) => (
                  <MenuItem key={source} value={source}>
                    {labelOf('bookingSource', source)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label="Status"
                value={values.status}
                onChange={(event) =>
                  set('status', event.target.value as ReservationFormValues['status'])
                }
                disabled={save.loading}
                error={!!shown('status')}
                helperText={shown('status') ?? ' '}
              >
                {RESERVATION_STATUSES.map((status) => (
                  <MenuItem key={status} value={status}>
                    {labelOf('reservationStatus', status)}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
          </CardContent>
        </Card>
        <Card>
          <CardHeader title="Guest" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
          <CardContent sx={{ pt: 0 }}>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' },
              }}
            >
              {field('guest_name', 'Name', { required: true })}
              {field('guest_email', 'Email', { type: 'email', required: true })}
              {field('guest_phone', 'Phone', { type: 'tel' })}
            </Box>
            <AddressField
              onNormalised={(address) => {
                if (address.components.city) set('guest_city', address.components.city);
                if (address.components.country) set('guest_country', address.components.country);
              }}
            />
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' },
                mt: 2,
              }}
            >
              {field('guest_city', 'Home city')}
              <CountryField
                label="Home country"
                value={values.guest_country}
                onChange={(code) => set('guest_country', code)}
                onBlur={() => setTouched((current) => new Set(current).add('guest_country'))}
                disabled={save.loading}
                error={shown('guest_country')}
              />
            </Box>
            <TextField
              label="Guest's message"
              value={values.message}
              onChange={(event) => set('message', event.target.value)}
              error={!!shown('message')}
              helperText={
                shown('message') ?? 'What the guest wrote when booking; screening reads it.'
              }
              multiline
              minRows={2}
              fullWidth
              disabled={save.loading}
            />
          </CardContent>
        </Card>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            component={RouterLink}
            to={saved ? reservationPath(saved.id) : '/reservations'}
            // Cancel means "not this": the draft goes too (leaving any other way keeps it).
            onClick={() => clearDraft()}
            disabled={save.loading}
          >
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={save.loading || !!conflict}>
            {save.loading ? 'Saving…' : saved ? 'Save changes' : 'Create reservation'}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

export function ReservationFormPage() {
  const dispatch = useDispatch();
  const { id } = useParams();
  const { reservation, status } = useSelector(selectDetail);

  useEffect(() => {
    if (id) dispatch(reservationsActions.loadReservation.requested({ id }));
  }, [id, dispatch]);

  if (!id) {
    return (
      <PageFrame
        width="form"
        title="New reservation"
        breadcrumbs={[{ label: 'Reservations', to: '/reservations' }, { label: 'New reservation' }]}
      >
        <ReservationForm saved={null} />
      </PageFrame>
    );
  }
  const current = reservation?.id === id ? reservation : null;
  return (
    <PageFrame
      width="form"
      title={current ? `Edit ${current.guest_name}'s stay` : 'Edit reservation'}
      breadcrumbs={[
        { label: 'Reservations', to: '/reservations' },
        ...(current ? [{ label: current.guest_name, to: reservationPath(current.id) }] : []),
        { label: 'Edit' },
      ]}
    >
      {status.error && (
        <LoadError
          error={status.error}
          onRetry={() => dispatch(reservationsActions.loadReservation.requested({ id }))}
        />
      )}
      {!current && status.loading && <Skeleton variant="rounded" height={420} />}
      {current && <ReservationForm key={current.id} saved={current} />}
    </PageFrame>
  );
}
