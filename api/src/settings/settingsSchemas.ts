// The person's own settings (/settings/profile, issues 15 and 33): their profile, their password and what Hostdash
// tells them about, by mail or in the bell menu.
import { Type, type Static } from '@sinclair/typebox';
import { NewPasswordField } from '../auth/authSchemas';
import { closedBody, EmailField, Id, named, ref, type NamedSchema } from '../http/schemas';

export const MAX_NAME_LENGTH = 120;

/** The preferences a person chooses; each is on or off. */
export const PREFERENCE_KINDS = [
  'mail_on_red_reservation',
  'mail_on_import_finished',
  'in_app_on_verification_change',
  'in_app_on_risky_booking',
] as const;
export type PreferenceKind = (typeof PREFERENCE_KINDS)[number];

const preferenceDescriptions: Record<PreferenceKind, string> = {
  mail_on_red_reservation:
    'A mail when a stay of the account turns red in screening. For the account’s owner and managers (on unless turned off); building staff never get it.',
  mail_on_import_finished:
    'A mail to the account’s owner when an import from a property-management system finishes (on unless turned off).',
  in_app_on_verification_change:
    'A bell notification when a guest finishes online check-in or a teammate declines a guest’s verification (on unless turned off). For the account’s owner and managers.',
  in_app_on_risky_booking:
    'A bell notification when a booking that came in by itself (webhook or sync) screens orange or red (on unless turned off). For the account’s owner and managers; the mail follows `mail_on_red_reservation`.',
};

export const NotificationPreferencesSchema = named(
  'NotificationPreferences',
  {
    mail_on_red_reservation: Type.Boolean({
      description: preferenceDescriptions.mail_on_red_reservation,
    }),
    mail_on_import_finished: Type.Boolean({
      description: preferenceDescriptions.mail_on_import_finished,
    }),
    in_app_on_verification_change: Type.Boolean({
      description: preferenceDescriptions.in_app_on_verification_change,
    }),
    in_app_on_risky_booking: Type.Boolean({
      description: preferenceDescriptions.in_app_on_risky_booking,
    }),
  },
  { description: 'What Hostdash tells the signed-in person about, the defaults filled in.' },
);
export type NotificationPreferences = Static<typeof NotificationPreferencesSchema>;

export const NotificationPreferencesBody = closedBody(
  {
    mail_on_red_reservation: Type.Optional(Type.Boolean()),
    mail_on_import_finished: Type.Optional(Type.Boolean()),
    in_app_on_verification_change: Type.Optional(Type.Boolean()),
    in_app_on_risky_booking: Type.Optional(Type.Boolean()),
  },
  { description: 'Only the preferences to change; the others stay as they are.' },
);

export const ProfileSchema = named(
  'Profile',
  {
    id: Id(),
    name: Type.String(),
    email: Type.String(),
    second_step: Type.Boolean({
      description:
        'Whether sign-in asks for an authenticator code (`/user/auth/secondStep/*` turns it on and off).',
    }),
    notification_preferences: ref(NotificationPreferencesSchema),
  },
  { description: 'The signed-in person as /settings/profile shows them.' },
);
export type Profile = Static<typeof ProfileSchema>;

export const ProfileBody = closedBody(
  {
    name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: MAX_NAME_LENGTH,
        description: 'Surrounding spaces are removed first.',
      }),
    ),
    // Stored in lower case; changing it needs `current_password` (the route says so).
    email: Type.Optional(EmailField),
    current_password: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1024,
        description: 'Needed only when `email` changes.',
      }),
    ),
  },
  { description: 'Only the fields to change.' },
);

export const PasswordChangeBody = closedBody({
  current_password: Type.String({ minLength: 1, maxLength: 1024 }),
  new_password: NewPasswordField,
});

export const SETTINGS_SCHEMAS: NamedSchema[] = [NotificationPreferencesSchema, ProfileSchema];
