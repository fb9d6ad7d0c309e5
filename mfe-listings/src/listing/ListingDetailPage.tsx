import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
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
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import {
  bedroomsInWords,
  buildingPath,
  LABELS,
  formatRelativeTime,
  pmsName,
  snackbarActions,
} from '@hostdash/shared-auth';
import {
  CountryField,
  DetailPlaceholder,
  LoadError,
  PageFrame,
  UnsavedChangesDialog,
  useUnsavedChangesGuard,
  WidgetSlot,
} from '@hostdash/shared-ui';
import type { Listing } from '../listings/listingsApi';
import { listingsActions, selectBuildings, selectDetail } from '../listings/listingsSlice';
import { StatusSelect } from '../listings/StatusSelect';
import { CustomFieldsEditor } from './CustomFieldsEditor';
import {
  apiFieldError,
  changesFrom,
  FIELD_LABELS,
  formValues,
  NO_BUILDING,
  rebase,
  validate,
  type FormField,
  type ListingFormValues,
} from './listingForm';
import { UpcomingReservations } from './UpcomingReservations';

const TIME_ZONES: readonly string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

/** What the API refused in the last save, under the fields it is about, until they are edited. */
interface ApiFieldErrors {
  fields: Partial<Record<FormField, string>>;
  /** A custom field's value, by its row. */
  rows: Record<number, string>;
}

const NO_API_ERRORS: ApiFieldErrors = { fields: {}, rows: {} };

/** The API's errors less what it said about `field` (it was about the value the field had then). */
function withoutApiError(errors: ApiFieldErrors, field: FormField): ApiFieldErrors {
  const rowsGone = field === 'custom_fields' && Object.keys(errors.rows).length > 0;
  if (errors.fields[field] === undefined && !rowsGone) return errors;
  const fields = { ...errors.fields };
  delete fields[field];
  return { fields, rows: field === 'custom_fields' ? {} : errors.rows };
}

function ListingForm({ listing }: { listing: Listing }) {
  const dispatch = useDispatch();
  const { save, conflict } = useSelector(selectDetail);
  const buildingsState = useSelector(selectBuildings);
  const buildings = buildingsState.items.filter(
    (building) => building.account_id === listing.account_id,
  );
  const [values, setValues] = useState<ListingFormValues>(() => formValues(listing));
  const [edited, setEdited] = useState<ReadonlySet<FormField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [apiErrors, setApiErrors] = useState<ApiFieldErrors>(NO_API_ERRORS);
  const savingFrom = useRef<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const zones = useMemo(() => new Set([...TIME_ZONES, listing.timezone]), [listing.timezone]);
  const errors = validate(values, zones);
  const changes = changesFrom(listing, values);
  const dirty = Object.keys(changes).length > 0;
  // Leaving with edits not saved asks first; closing the tab gets the browser's prompt.
  const leaveGuard = useUnsavedChangesGuard(dirty, listing.nickname);
  const shownError = (field: FormField) =>
    apiErrors.fields[field] ?? (submitted || edited.has(field) ? errors[field] : undefined);

  // A save went through: the form now shows what was saved.
  useEffect(() => {
    if (savingFrom.current === null || save.loading) return;
    if (save.error) {
      // Refused: the edits stay, nothing was saved. A refused field is said under that field (a
      // conflict in the notice above the form, anything else in the shell's snackbar).
      savingFrom.current = null;
      const refused = apiFieldError(save.error, values.custom_fields);
      if (refused && 'row' in refused && refused.row >= 0)
        setApiErrors({ fields: {}, rows: { [refused.row]: refused.message } });
      else if (refused) setApiErrors({ fields: { [refused.field]: refused.message }, rows: {} });
      return;
    }
    if (listing.version > savingFrom.current) {
      savingFrom.current = null;
      setValues(formValues(listing));
      setEdited(new Set());
      setSubmitted(false);
      dispatch(snackbarActions.show({ text: 'Changes saved.', props: { severity: 'success' } }));
    }
  }, [listing, save.loading, save.error, values.custom_fields, dispatch]);

  // The field the API refused is where the host looks next (on a phone it may be off-screen).
  useEffect(() => {
    if (apiErrors === NO_API_ERRORS) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [apiErrors]);

  const set = <Field extends FormField>(field: Field, value: ListingFormValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setEdited((current) => new Set(current).add(field));
    // What the API said about this field was about the value it had then.
    setApiErrors((current) => withoutApiError(current, field));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || !dirty) return;
    savingFrom.current = listing.version;
    dispatch(
      listingsActions.saveListing.requested({ id: listing.id, version: listing.version, changes }),
    );
  };

  const keepMyEdits = () => {
    if (!conflict) return;
    setValues(rebase(conflict, values, edited));
    dispatch(listingsActions.adoptLatest());
  };

  const discard = () => {
    setValues(formValues(conflict ?? listing));
    setEdited(new Set());
    setSubmitted(false);
    setApiErrors(NO_API_ERRORS);
    if (conflict) dispatch(listingsActions.adoptLatest());
  };

  const disabled = save.loading;
  const text = (
    field: 'nickname' | 'address' | 'city' | 'check_in_time' | 'check_out_time' | 'bedrooms',
    label: string,
    extra: object = {},
    hint = ' ',
  ) => (
    <TextField
      label={label}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      error={!!shownError(field)}
      helperText={shownError(field) ?? hint}
      disabled={disabled}
      fullWidth
      {...extra}
    />
  );

  return (
    <Box component="form" ref={formRef} onSubmit={onSubmit} noValidate aria-label="Listing details">
      <UnsavedChangesDialog guard={leaveGuard} />
      <Stack spacing={2}>
        {conflict && (
          <Alert
            severity="warning"
            action={
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <Button color="inherit" size="small" onClick={keepMyEdits}>
                  Keep my edits
                </Button>
                <Button color="inherit" size="small" onClick={discard}>
                  Discard my edits
                </Button>
              </Stack>
            }
          >
            <AlertTitle>Someone else changed this listing</AlertTitle>
            It was saved {formatRelativeTime(conflict.updated_at)}, after you opened it. Your edits
            are still here: keep them on top of the latest version and save again, or discard them.
          </Alert>
        )}
        <Card>
          <CardHeader title="Details" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
          <CardContent sx={{ pt: 0 }}>
            <Box
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
            >
              {text('nickname', 'Nickname', { required: true })}
              <TextField
                select
                label="Building"
                value={values.building_id}
                onChange={(event) => set('building_id', event.target.value)}
                disabled={disabled}
                error={!!shownError('building_id')}
                helperText={
                  shownError('building_id') ??
                  (buildingsState.status.error
                    ? 'The other buildings could not be loaded. Reload the page to choose one.'
                    : ' ')
                }
                fullWidth
              >
                <MenuItem value={NO_BUILDING}>No building</MenuItem>
                {buildings.map((building) => (
                  <MenuItem key={building.id} value={building.id}>
                    {building.name}
                  </MenuItem>
                ))}
                {listing.building_id &&
                  !buildings.some((building) => building.id === listing.building_id) && (
                    <MenuItem value={listing.building_id}>{listing.building}</MenuItem>
                  )}
              </TextField>
              {text('address', 'Address', { required: true })}
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '2fr 1fr' }}>
                {text('city', 'City', { required: true })}
                {/* Countries by name; the form stores the code the API keeps (PT). */}
                <CountryField
                  label="Country"
                  value={values.country}
                  onChange={(code) => set('country', code)}
                  required
                  disabled={disabled}
                  error={shownError('country')}
                />
              </Box>
              <Autocomplete
                options={[...zones].sort()}
                value={values.timezone}
                onChange={(_event, zone) => zone && set('timezone', zone)}
                disabled={disabled}
                disableClearable
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Time zone"
                    error={!!shownError('timezone')}
                    helperText={shownError('timezone') ?? ' '}
                  />
                )}
              />
              {/* Two a row on a phone: three cut the labels off ("Check-in fr…"). */}
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' },
                }}
              >
                {text('check_in_time', 'Check-in from', { type: 'time' })}
                {text('check_out_time', 'Check-out by', { type: 'time' })}
                {text(
                  'bedrooms',
                  'Bedrooms',
                  { type: 'number', slotProps: { htmlInput: { min: 0, max: 50 } } },
                  // 0 is a studio, not a listing that lacks its bedrooms.
                  values.bedrooms.trim() === '0' ? bedroomsInWords(0) : ' ',
                )}
              </Box>
              {/* The guest page and the guest's mails for a browser asking for none of ours; the
                  host's texts in this language stand in for one not written in the guest's. */}
              <TextField
                select
                label={FIELD_LABELS.guest_language}
                value={values.guest_language}
                onChange={(event) =>
                  set('guest_language', event.target.value as Listing['guest_language'])
                }
                disabled={disabled}
                error={!!shownError('guest_language')}
                helperText={
                  shownError('guest_language') ??
                  'For guests whose browser asks for a language the guest page does not have.'
                }
                fullWidth
              >
                {Object.entries(LABELS.guestLanguage).map(([code, name]) => (
                  <MenuItem key={code} value={code}>
                    {name}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
          </CardContent>
        </Card>
        <Card>
          <CardHeader
            title="Custom fields"
            slotProps={{ title: { component: 'h2', variant: 'h6' } }}
          />
          <CardContent sx={{ pt: 0 }}>
            <CustomFieldsEditor
              rows={values.custom_fields}
              error={shownError('custom_fields')}
              rowErrors={apiErrors.rows}
              disabled={disabled}
              onChange={(rows) => set('custom_fields', rows)}
            />
          </CardContent>
        </Card>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={discard} disabled={disabled || (!dirty && !conflict)}>
            Discard changes
          </Button>
          <Button type="submit" variant="contained" disabled={disabled || !dirty || !!conflict}>
            {save.loading ? 'Saving…' : 'Save changes'}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

export function ListingDetailPage() {
  const dispatch = useDispatch();
  const { id = '' } = useParams();
  const { listing, status } = useSelector(selectDetail);
  const retry = () => dispatch(listingsActions.loadListing.requested({ id }));

  useEffect(() => {
    dispatch(listingsActions.loadListing.requested({ id }));
    dispatch(listingsActions.loadBuildings.requested());
  }, [id, dispatch]);

  const current = listing?.id === id ? listing : null;

  if (!current) {
    return (
      <DetailPlaceholder
        noun="listing"
        status={status}
        back={{ to: '/listings', label: 'Back to listings' }}
        onRetry={retry}
      />
    );
  }

  return (
    <PageFrame
      width="list"
      title={current.nickname}
      subtitle={`From ${pmsName(current.pms)} · updated ${formatRelativeTime(current.updated_at)}`}
      breadcrumbs={[
        { label: 'Listings', to: '/listings' },
        ...(current.building && current.building_slug
          ? [
              {
                label: current.building,
                to: buildingPath({ account_id: current.account_id, slug: current.building_slug }),
              },
            ]
          : []),
        { label: current.nickname },
      ]}
      actions={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="textSecondary">
            Status
          </Typography>
          <StatusSelect listing={current} />
        </Stack>
      }
    >
      {/* Coming back to a listing shows it at once and loads it again: a failed reload says so. */}
      {status.error && <LoadError error={status.error} onRetry={retry} />}
      <ListingForm key={current.id} listing={current} />
      <Card>
        <CardHeader
          title="Upcoming reservations"
          slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        />
        {/* No side padding on a phone: the list's cards have their own. */}
        <CardContent sx={{ pt: 0, px: { xs: 0, md: 2 } }}>
          <UpcomingReservations reservations={current.upcoming_reservations ?? []} />
        </CardContent>
      </Card>
      {/* The guest-portal team's switches for this listing (ADR 17): contained in their box. */}
      <WidgetSlot
        app="guestportal"
        name="screensWidget"
        props={{ listingId: current.id }}
        unavailable="Guest portal settings are temporarily unavailable."
        label="Guest portal screens"
      />
    </PageFrame>
  );
}
