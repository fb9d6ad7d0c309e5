// The owner's team (`/accounts`, issue 14): the account's people, the invites not yet accepted, and
// the bodies of inviting, accepting and changing a teammate.
import { Type, type Static } from '@sinclair/typebox';
import { NewPasswordField } from '../auth/authSchemas';
import {
  DateTime,
  EmailField,
  Id,
  named,
  nullable,
  ref,
  stringEnum,
  type NamedSchema,
} from '../http/schemas';

/** What an owner may invite: a manager (every building) or a vendor (the buildings granted). */
export const INVITED_SUBTYPES = ['manager', 'vendor'] as const;
export type InvitedSubtype = (typeof INVITED_SUBTYPES)[number];

/** What `POST /user/accounts/update/{userId}/{action}` does to a teammate. */
export const TEAM_ACTIONS = ['deactivate', 'activate', 'set_buildings'] as const;
export type TeamAction = (typeof TEAM_ACTIONS)[number];

const SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';

export const TeamBuildingSchema = named(
  'TeamBuilding',
  { slug: Type.String(), name: Type.String() },
  { description: 'A building of the account, by its slug and name.' },
);

export const TeamMemberSchema = named(
  'TeamMember',
  {
    id: Id(),
    name: Type.String(),
    email: Type.String(),
    subtype: Type.String({
      description: '`owner`, `admin` (the account’s), `manager`, `vendor` or another sub-user.',
    }),
    is_owner: Type.Boolean({ description: 'The account’s owner: never changed from this page.' }),
    is_active: Type.Boolean({ description: 'false: deactivated, every session ended.' }),
    created_at: DateTime(),
    last_sign_in_at: nullable(DateTime('Their latest sign-in; null if they never signed in.')),
    vendor_buildings: Type.Array(ref(TeamBuildingSchema), {
      description: 'A vendor’s granted buildings, by name; [] for everyone else.',
    }),
  },
  { description: 'A user of the account, as the team page lists them.' },
);

export const TeamInviteSchema = named(
  'TeamInvite',
  {
    id: Id(),
    email: Type.String(),
    name: Type.String(),
    subtype: stringEnum(INVITED_SUBTYPES),
    buildings: Type.Array(ref(TeamBuildingSchema), {
      description: 'The buildings a vendor will see; [] for a manager.',
    }),
    invited_at: DateTime(),
    expires_at: DateTime('Past it the link no longer works: invite again.'),
    invited_by: nullable(Type.String({ description: 'Who sent it, by name.' })),
  },
  { description: 'An invite not yet accepted nor cancelled (the link is only in the mail).' },
);

export const TeamSchema = named(
  'Team',
  {
    account: Type.Object(
      { id: Id(), name: Type.String() },
      { additionalProperties: false, description: 'The account whose team this is.' },
    ),
    members: Type.Array(ref(TeamMemberSchema), {
      description: 'Every user of the account, the owner first, then by name.',
    }),
    invites: Type.Array(ref(TeamInviteSchema), {
      description: 'Invites not yet accepted nor cancelled, newest first, expired ones too.',
    }),
    buildings: Type.Array(ref(TeamBuildingSchema), {
      description: 'The account’s buildings, by name: what a vendor may be granted.',
    }),
  },
  { description: 'The owner’s team page: the account’s people and open invites.' },
);

export const InviteLookupSchema = named(
  'InviteLookup',
  {
    kind: Type.Literal('invite', { description: 'A team invite (a sign-up link says `signup`).' }),
    email: Type.String(),
    name: Type.String(),
    account_name: Type.String(),
    subtype: stringEnum(INVITED_SUBTYPES),
    expires_at: DateTime(),
  },
  { description: 'Whom an invite link is for, to greet them before they choose a password.' },
);

const BuildingSlugs = Type.Array(Type.String({ pattern: SLUG_PATTERN, maxLength: 200 }), {
  maxItems: 200,
  description: 'Slugs of the account’s buildings (a slug named twice counts once).',
});

export const InviteBody = Type.Object(
  {
    email: EmailField,
    name: Type.String({ minLength: 1, maxLength: 200 }),
    subtype: stringEnum(INVITED_SUBTYPES),
    building_slugs: Type.Optional(BuildingSlugs),
    account_id: Type.Optional(
      Id('Staff only: the account to invite into (default: the caller’s own).'),
    ),
  },
  { additionalProperties: false },
);

export const AcceptInviteBody = Type.Object(
  {
    password: NewPasswordField,
    name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        pattern: '\\S',
        description: 'The name they go by, if not the one the owner wrote in the invite.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const TeamUpdateBody = Type.Object(
  { building_slugs: Type.Optional(BuildingSlugs) },
  { additionalProperties: false },
);

export const TokenParams = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 512, description: 'From the invite link.' }),
});

export type TeamMember = Static<typeof TeamMemberSchema>;
export type TeamInvite = Static<typeof TeamInviteSchema>;
export type TeamBuilding = Static<typeof TeamBuildingSchema>;

export const TEAM_SCHEMAS: NamedSchema[] = [
  TeamBuildingSchema,
  TeamMemberSchema,
  TeamInviteSchema,
  TeamSchema,
  InviteLookupSchema,
];
