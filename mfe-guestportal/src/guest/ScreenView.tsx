// One screen of the guest's portal exactly as the guest sees it: its title, its text (the portal's
// Markdown subset) and its fields, required or optional as the screen says. It makes no API call:
// the guest's page saves and uploads through its props, and the owner's live preview of a screen
// (/guestportal/screen/{name}) renders the same component with the content being edited. Its own
// words (labels, buttons) are the page's language's (./i18n); the screen's are the host's.
import type { ChangeEvent, ElementType } from 'react';
import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import { focusRing } from '@hostdash/shared-auth/guest';
import { Markdown } from '@hostdash/shared-ui';
import { GuestTextField } from './GuestTextField';
import { useGuestWords, type GuestWords, type MessageId } from './i18n/guestWords';

export interface ScreenViewScreen {
  name: string;
  title: string;
  body: string;
  fields: { name: string; required: boolean }[];
}

/** How one photo of the screen is doing on the guest's page. */
export interface PhotoState {
  /** An address of the photo to show (an object URL). */
  preview?: string;
  /** 0 to 1 while it is being sent. */
  progress?: number;
}

export interface ScreenViewProps {
  screen: ScreenViewScreen;
  values: Record<string, string | boolean>;
  onChange(field: string, value: string | boolean): void;
  /** The photos already uploaded (their kinds). */
  images: { kind: string }[];
  /** A photo the guest took or chose; without it, the photo buttons are shown but inactive. */
  onUpload?(kind: string, file: File): void;
  disabled?: boolean;
  /** A refusal to show beside a field (the API's field errors), by field name. */
  errors?: Record<string, string>;
  photos?: Record<string, PhotoState>;
  /** The title's element: the guest's page makes it the page's h1; a preview inside a page, h2. */
  titleComponent?: ElementType;
}

const TEXT_FIELDS: Record<
  string,
  {
    type?: string;
    inputMode?: 'email' | 'tel' | 'text';
    autoComplete?: string;
    multiline?: boolean;
  }
> = {
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  street: { autoComplete: 'street-address' },
  city: { autoComplete: 'address-level2' },
  postal_code: { autoComplete: 'postal-code' },
  country: { autoComplete: 'country-name' },
  signature: { autoComplete: 'name' },
  arrival_time: { type: 'time' },
  arrival_note: { multiline: true },
};

// The deposit (`card`): no card number is asked; the hold goes on the card the guest booked with,
// placed by the host through their booking channel or PMS.
const PHOTO_FIELDS: Record<string, { capture: 'user' | 'environment' }> = {
  id_front: { capture: 'environment' },
  id_back: { capture: 'environment' },
  selfie: { capture: 'user' },
};

/** A field's name in the guest's words ("Phone number" for `phone`). */
export function fieldLabel(words: GuestWords, field: string): string {
  if (field === 'accept' || field === 'card') return words.t('field.box');
  if (field in PHOTO_FIELDS) return words.t(`photo.${field}` as MessageId);
  return field in TEXT_FIELDS ? words.t(`field.${field}` as MessageId) : field;
}

// The file input itself stays in the page (for the camera and for assistive technology) but out of
// sight: the big button is its label.
const visuallyHidden = {
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  height: 1,
  width: 1,
  overflow: 'hidden',
  position: 'absolute',
  whiteSpace: 'nowrap',
} as const;

function PhotoField({
  kind,
  required,
  uploaded,
  state,
  error,
  disabled,
  onUpload,
}: {
  kind: string;
  required: boolean;
  uploaded: boolean;
  state: PhotoState | undefined;
  error: string | undefined;
  disabled: boolean;
  onUpload?: (kind: string, file: File) => void;
}) {
  const words = useGuestWords();
  const { t } = words;
  const { capture } = PHOTO_FIELDS[kind] ?? { capture: 'environment' };
  const label = fieldLabel(words, kind);
  const sending = state?.progress !== undefined;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same photo may be chosen again after a refusal.
    event.target.value = '';
    if (file) onUpload?.(kind, file);
  };
  return (
    <Box component="section" data-photo={kind}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {required ? label : t('field.optional', { label })}
      </Typography>
      {state?.preview ? (
        <Box
          component="img"
          src={state.preview}
          alt={t('photo.asSent', { label })}
          sx={{
            display: 'block',
            width: '100%',
            maxHeight: 280,
            objectFit: 'contain',
            bgcolor: 'grey.100',
            borderRadius: 2,
            mb: 1,
          }}
        />
      ) : uploaded ? (
        <Typography color="success" sx={{ mb: 1 }}>
          {t('photo.received')}
        </Typography>
      ) : null}
      {sending && (
        <LinearProgress
          variant="determinate"
          value={Math.round((state?.progress ?? 0) * 100)}
          aria-label={t('photo.sendingLabel', { label })}
          sx={{ mb: 1, height: 8, borderRadius: 4 }}
        />
      )}
      <Button
        component="label"
        variant={uploaded ? 'outlined' : 'contained'}
        size="large"
        fullWidth
        disabled={disabled || sending || !onUpload}
        // One Tab stop, the file input inside (Enter or Space opens the camera or the files); the
        // button shows the focus ring the hidden input cannot.
        tabIndex={-1}
        sx={{
          minHeight: 52,
          '&:has(input:focus-visible)': focusRing,
        }}
      >
        {t(sending ? 'photo.sending' : uploaded ? 'photo.retake' : 'photo.take')}
        <Box
          component="input"
          type="file"
          accept="image/*"
          capture={capture}
          aria-label={label}
          disabled={disabled || sending || !onUpload}
          onChange={choose}
          sx={visuallyHidden}
        />
      </Button>
      {error && (
        <FormHelperText error role="alert" sx={{ mt: 1, fontSize: '0.95rem' }}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}

export function ScreenView({
  screen,
  values,
  onChange,
  images,
  onUpload,
  disabled = false,
  errors = {},
  photos = {},
  titleComponent = 'h1',
}: ScreenViewProps) {
  const words = useGuestWords();
  const { t } = words;
  const optional = (label: string, required: boolean) =>
    required ? label : t('field.optional', { label });
  const uploaded = new Set(images.map((image) => image.kind));
  const text = (field: string) => {
    const value = values[field];
    return typeof value === 'string' ? value : '';
  };
  return (
    <Stack spacing={3}>
      <Box>
        <Typography component={titleComponent} variant="h1" sx={{ mb: 2 }}>
          {screen.title}
        </Typography>
        <Markdown source={screen.body} />
      </Box>
      {screen.fields.map(({ name, required }) => {
        const error = errors[name];
        if (name in PHOTO_FIELDS)
          return (
            <PhotoField
              key={name}
              kind={name}
              required={required}
              uploaded={uploaded.has(name)}
              state={photos[name]}
              error={error}
              disabled={disabled}
              onUpload={onUpload}
            />
          );
        if (name === 'accept' || name === 'card')
          return (
            <FormControl key={name} error={Boolean(error)}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={values[name] === true}
                    onChange={(event) => onChange(name, event.target.checked)}
                    disabled={disabled}
                    sx={{ p: 1.5 }}
                  />
                }
                label={optional(t(`field.${name}`), required)}
              />
              {error ? (
                <FormHelperText role="alert">{error}</FormHelperText>
              ) : (
                name === 'card' && <FormHelperText>{t('field.cardHelp')}</FormHelperText>
              )}
            </FormControl>
          );
        const field = TEXT_FIELDS[name] ?? {};
        return (
          <GuestTextField
            key={name}
            name={name}
            label={optional(fieldLabel(words, name), required)}
            value={text(name)}
            onChange={(event) => onChange(name, event.target.value)}
            required={required}
            disabled={disabled}
            type={field.type ?? 'text'}
            multiline={field.multiline ?? false}
            {...(field.multiline ? { minRows: 3 } : {})}
            error={error}
            htmlInput={{
              inputMode: field.inputMode,
              autoComplete: field.autoComplete,
              // The required mark is the label's; the API is what refuses.
              'aria-required': required,
            }}
            shrinkLabel={field.type === 'time'}
          />
        );
      })}
    </Stack>
  );
}
