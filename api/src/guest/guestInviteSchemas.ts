// The guest's invite mails as the host sees them (issue 31): what was mailed to a stay's guest and
// what became of each mail, the invite sent by hand (one stay, or several from the list), and the
// account's setting of the automatic invites (/settings).
import { Type, type Static } from '@sinclair/typebox';
import {
  closedBody,
  DateTime,
  Id,
  named,
  nullable,
  ref,
  stringEnum,
  type NamedSchema,
} from '../http/schemas';

export const GUEST_MAIL_KINDS = ['guest_invite', 'guest_reminder'] as const;
export type GuestMailKind = (typeof GUEST_MAIL_KINDS)[number];
export const GUEST_MAIL_STATES = ['queued', 'delivered', 'failed'] as const;
export type GuestMailState = (typeof GUEST_MAIL_STATES)[number];
/** Why a stay's guest cannot be mailed now. */
export const NOT_SENDABLE_REASONS = ['no_email', 'cancelled', 'ended'] as const;
export type NotSendableReason = (typeof NOT_SENDABLE_REASONS)[number];
/** What a bulk send did for one stay. */
export const INVITE_OUTCOMES = ['sent', ...NOT_SENDABLE_REASONS, 'not_found'] as const;
export type InviteOutcome = (typeof INVITE_OUTCOMES)[number];

/** Most stays one bulk send takes (a page of the list at its largest). */
export const MAX_BULK_INVITES = 100;
export const MAX_INVITE_DAYS = 30;

export const GuestMailSchema = named(
  'GuestMail',
  {
    id: Id(),
    kind: stringEnum(GUEST_MAIL_KINDS, {
      description: '`guest_invite`: the check-in link; `guest_reminder`: the day-before reminder.',
    }),
    to: Type.String({ description: 'The address it went to.' }),
    subject: Type.String(),
    created_at: DateTime('When it was sent (written to the mail log, in the queue).'),
    state: stringEnum(GUEST_MAIL_STATES, {
      description:
        '`queued`: sent, waiting for the mail server; `delivered`: the mail server accepted it; `failed`: refused for good (`error` says why).',
    }),
    delivered_at: nullable(DateTime('When the mail server accepted it.')),
    failed_at: nullable(DateTime('When it failed for good.')),
    error: nullable(
      Type.String({
        description:
          'Why it failed for good, or why the last try failed while it is tried again; null otherwise.',
      }),
    ),
  },
  { description: 'One mail to a stay’s guest, and what became of it.' },
);
export type GuestMail = Static<typeof GuestMailSchema>;

export const GuestMailLogSchema = named(
  'GuestMailLog',
  {
    reservation_id: Id(),
    guest_email: nullable(Type.String({ description: 'null: the guest has no email address.' })),
    sendable: Type.Boolean({ description: 'Whether the check-in link can be mailed now.' }),
    not_sendable_reason: Type.Unsafe<NotSendableReason | null>({
      type: ['string', 'null'],
      enum: [...NOT_SENDABLE_REASONS, null],
      description:
        'Why not: `no_email` (the guest has no address), `cancelled`, `ended` (past the check-out day); null when it can.',
    }),
    automatic: Type.Object(
      {
        on: Type.Boolean({ description: 'The account’s automatic invites are on.' }),
        days_before: Type.Integer({ minimum: 0 }),
        covered: Type.Boolean({
          description:
            'This stay gets the automatic invite: booked since invites were switched on, confirmed, with an email.',
        }),
        due_at: nullable(
          DateTime(
            'When the automatic invite goes out (or went out), `days_before` days before check-in; null when not covered.',
          ),
        ),
      },
      { additionalProperties: false },
    ),
    mails: Type.Array(ref(GuestMailSchema), { description: 'Newest first.' }),
  },
  { description: 'What was mailed to a stay’s guest, and whether the check-in link can be sent.' },
);
export type GuestMailLog = Static<typeof GuestMailLogSchema>;

export const BulkInviteBody = closedBody(
  {
    ids: Type.Array(Id(), {
      minItems: 1,
      maxItems: MAX_BULK_INVITES,
      uniqueItems: true,
      description: `The stays whose guests get the check-in link now (at most ${MAX_BULK_INVITES}).`,
    }),
  },
  { description: 'The stays to invite.' },
);

export const BulkInviteResultSchema = named(
  'BulkInviteResult',
  {
    sent: Type.Integer({ minimum: 0, description: 'How many invites were sent.' }),
    results: Type.Array(
      Type.Object(
        {
          id: Id(),
          outcome: stringEnum(INVITE_OUTCOMES, {
            description:
              '`sent`, or why not: `no_email`, `cancelled`, `ended`, `not_found` (not a stay the caller may see).',
          }),
          message: Type.String({ description: 'What happened, in a sentence.' }),
        },
        { additionalProperties: false },
      ),
      { description: 'One per id, in the order sent.' },
    ),
  },
  { description: 'What a bulk send of check-in links did, stay by stay.' },
);
export type BulkInviteResult = Static<typeof BulkInviteResultSchema>;

export const GuestInviteSettingsSchema = named(
  'GuestInviteSettings',
  {
    enabled: Type.Boolean({ description: 'Guests are mailed their check-in link automatically.' }),
    days_before: Type.Integer({
      minimum: 0,
      maximum: MAX_INVITE_DAYS,
      description: 'How many days before check-in (a booking made later gets it at once).',
    }),
    default_days: Type.Integer({
      minimum: 0,
      description: 'The server’s default (GUEST_INVITE_DAYS), for an account that never chose.',
    }),
    since: DateTime(
      'When invites were last switched on: stays booked before are not mailed automatically.',
    ),
  },
  { description: 'The account’s automatic guest invites.' },
);
export type GuestInviteSettings = Static<typeof GuestInviteSettingsSchema>;

export const GuestInviteSettingsBody = closedBody(
  {
    enabled: Type.Optional(Type.Boolean()),
    days_before: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_INVITE_DAYS })),
  },
  { description: 'Only what changes.' },
);

export const GUEST_INVITE_SCHEMAS: NamedSchema[] = [
  GuestMailSchema,
  GuestMailLogSchema,
  BulkInviteResultSchema,
  GuestInviteSettingsSchema,
];
