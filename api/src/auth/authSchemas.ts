// The account part of the contract: who is signed in (the user every sign-in answer carries), the
// sign-in steps, password reset, notifications, flags, the admin area and health.
import { Type, type Static } from '@sinclair/typebox';
import {
  ApiErrorSchema,
  DateTime,
  EmailField,
  Id,
  named,
  NO_COERCION,
  nullable,
  page,
  ref,
  stringEnum,
  type NamedSchema,
} from '../http/schemas';
import { FLAG_SCHEMAS } from '../flags/flagSchemas';
import { NOT_COMMON_PASSWORD } from './commonPasswords';

export const USER_TYPES = ['user', 'admin', 'channel'] as const;

export const VendorBuildingSchema = named(
  'VendorBuilding',
  { account_id: Id(), slug: Type.String(), name: Type.String() },
  { description: 'A building granted to a vendor (building staff).' },
);

const userProperties = {
  id: Id(),
  name: Type.String(),
  email: Type.String(),
  type: stringEnum(USER_TYPES, {
    description: '`admin` and `channel` are Hostdash staff; everyone else is `user`.',
  }),
  subtype: Type.String({
    description:
      '`owner`, `admin`, `vendor` (building staff); sub-users have others, e.g. `manager`.',
  }),
  is_active: Type.Boolean({ description: 'false: deactivated; the dashboard signs them out.' }),
  account_id: Id(),
  account_owner: nullable(
    Type.String({
      description:
        "The name of the account's owner: whom to ask for a page the user's role doesn't include. null for the owner themselves and for Hostdash staff.",
    }),
  ),
  billing: Type.Object(
    {
      stripe_customer_id: nullable(Type.String()),
      past_due_since: nullable(
        DateTime(
          "Since when the account is past due: every planned try of a month's charge failed. Nothing is switched off (docs/adr/0029). null: not past due.",
        ),
      ),
      failed_payment: nullable(
        Type.Object(
          {
            period: Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' }),
            message: Type.String({ description: 'Why the last try failed, in words.' }),
            next_try_at: nullable(
              DateTime('When it is tried again by itself; null: no try is left (past due).'),
            ),
          },
          { additionalProperties: false },
        ),
      ),
    },
    {
      additionalProperties: false,
      description:
        "No customer id: no payment method yet. `failed_payment`: the account's oldest month whose charge failed (the app-wide banner); null when every invoice is paid or open.",
    },
  ),
  vendor_buildings: Type.Array(ref(VendorBuildingSchema), {
    description:
      "A vendor's granted buildings, by name, the first being their landing page; [] for everyone else.",
  }),
};

/** The host account a staff session has opened (docs/adr/0031); only the signed-in user has it. */
const viewingProperty = {
  // Optional in the contract (answers written before it say nothing); the API always sends it.
  viewing: Type.Optional(
    nullable(
      Type.Object(
        {
          account_id: Id(),
          name: Type.String({ description: "The account's name." }),
          owner_name: nullable(
            Type.String({ description: "Its owner's name: the frame says whose account it is." }),
          ),
        },
        {
          additionalProperties: false,
          description:
            "The host account this staff session has opened (POST /admin/viewing/{accountId}): every host call of the session answers as that account's owner sees it, staff calls as staff. null when none is open, and always for everyone but staff.",
        },
      ),
    ),
  ),
};

export const UserSchema = named(
  'User',
  { ...userProperties, ...viewingProperty },
  {
    description: 'A signed-in user, as every sign-in answer and /loadAuth give it.',
  },
);
export type UserView = Static<typeof UserSchema>;

const sessionProperties = {
  sessionId: Type.String({
    description:
      'The session: send it as `Authorization`. The dashboard’s proxy keeps it in an HttpOnly cookie and never shows it to the page.',
  }),
  expiresAt: DateTime('When the session ends.'),
};

export const SignedInSchema = named(
  'SignedIn',
  { user: ref(UserSchema), ...sessionProperties },
  { description: 'Signed in: the user and a new session.' },
);

export const SecondStepSchema = named(
  'SecondStep',
  {
    redirect: Type.Literal('/login/challenge', {
      description: 'Not signed in yet: the account has a second step (spec section 3).',
    }),
    challengeToken: Type.String({ description: 'Send it with the code to /user/auth/challenge.' }),
  },
  { description: 'The password was right; the authenticator code comes next.' },
);

/** A 429 answer: `Retry-After` in seconds, and the wait in words in `message`. */
export const tooManyAnswer = (description: string) =>
  Type.Unsafe<Static<typeof ApiErrorSchema>>({
    $ref: `${ApiErrorSchema.$id}#`,
    description,
    headers: {
      'Retry-After': Type.String({
        pattern: '^[0-9]+$',
        description: 'Seconds until one more attempt is allowed.',
      }),
    },
  });

/** 429 of sign-in (ADR 9). */
export const TooManyAttempts = tooManyAnswer(
  'Too many failed sign-ins for this email from this client, or from this client for any email (`too_many_attempts`); `Retry-After` says when to try again, the message says it in words.',
);

/** 429 of a password-reset request (ADR 9). */
export const TooManyResetRequests = tooManyAnswer(
  'Too many reset requests from this client or for this email (`too_many_requests`); `Retry-After` says when to try again, the message says it in words.',
);

export const LoginBody = Type.Object({
  email: EmailField,
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});

/** A recovery code as shown once at enrolment: two groups of five base32 letters and digits. */
export const RECOVERY_CODE_PATTERN = '^[a-z2-7]{5}-[a-z2-7]{5}$';
/** An authenticator app's code: 6 digits, as text (a leading 0 is part of it). */
export const TOTP_CODE_PATTERN = '^[0-9]{6}$';
// Codes are text: a JSON number is refused (NO_COERCION), not read as its digits.
const SecondStepCode = Type.String({
  pattern: `${TOTP_CODE_PATTERN}|${RECOVERY_CODE_PATTERN}`,
  [NO_COERCION]: true,
  description:
    'The current code of the authenticator app, or one of the recovery codes shown at enrolment (each works once). A JSON string; a number is refused.',
});

export const ChallengeBody = Type.Object({
  challengeToken: Type.String({ minLength: 1, maxLength: 512 }),
  code: SecondStepCode,
});

export const SecondStepConfirmBody = Type.Object({
  code: Type.String({
    pattern: TOTP_CODE_PATTERN,
    [NO_COERCION]: true,
    description:
      'The code the authenticator app shows for the new secret. A JSON string; a number is refused.',
  }),
});
export const SecondStepDisableBody = Type.Object({ code: SecondStepCode });

export const SecondStepSetupSchema = named(
  'SecondStepSetup',
  {
    secret: Type.String({
      pattern: '^[A-Z2-7]{32}$',
      description: 'Base32, for typing into an app by hand.',
    }),
    otpauth_url: Type.String({
      description:
        'The `otpauth://totp/…` URI an authenticator app reads from a QR code (issuer Hostdash, SHA-1, 6 digits, 30 s).',
    }),
  },
  {
    description:
      'A new secret waiting for its first code (`/user/auth/secondStep/confirm`); the second step is not on until then.',
  },
);

export const RecoveryCodesSchema = named(
  'RecoveryCodes',
  {
    recovery_codes: Type.Array(Type.String({ pattern: RECOVERY_CODE_PATTERN }), {
      minItems: 10,
      maxItems: 10,
      description: 'Shown this once: each signs in once in place of a code.',
    }),
  },
  { description: 'The second step is on.' },
);

export const CurrentUserSchema = named(
  'CurrentUser',
  { ...userProperties, ...viewingProperty, sessionId: sessionProperties.sessionId },
  { description: 'The user behind the session (the dashboard’s proxy removes `sessionId`).' },
);

export const MessageSchema = named(
  'Message',
  { message: Type.String() },
  { description: 'Done; a sentence to show.' },
);

export const PasswordResetBody = Type.Object({ email: EmailField });

export const MIN_PASSWORD_LENGTH = 8;
/**
 * A password someone chooses (sign-up, invite, reset link, password change, the first admin): one
 * rule everywhere, the length and not a common password (auth/commonPasswords.ts).
 */
export const NewPasswordField = Type.String({
  minLength: MIN_PASSWORD_LENGTH,
  maxLength: 1024,
  [NOT_COMMON_PASSWORD]: true,
  description: `At least ${MIN_PASSWORD_LENGTH} characters, and not one of the passwords most often used (in any case): a common one is refused.`,
});
export const PasswordConfirmBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 512, description: 'From the reset link.' }),
  password: NewPasswordField,
});

export const NotificationSchema = named(
  'Notification',
  {
    id: Id(),
    title: Type.String(),
    body: Type.String(),
    created_at: DateTime(),
    link: Type.Union([Type.String({ pattern: '^/([^/\\\\].*)?$' }), Type.Null()], {
      description: 'The dashboard page it is about (an in-app path), or null.',
    }),
    read: Type.Boolean({ description: 'Whether its person has seen it.' }),
  },
  { description: 'A message in the bell menu.' },
);

export const NotificationListSchema = named(
  'NotificationList',
  {
    items: Type.Array(ref(NotificationSchema)),
    total: Type.Integer({
      minimum: 0,
      description: 'How many the caller has, over the limit too.',
    }),
    unread: Type.Integer({ minimum: 0, description: 'How many of them are not read yet.' }),
  },
  { description: 'The newest notifications, up to the limit asked for.' },
);

const adminUserProperties = {
  ...userProperties,
  created_at: DateTime(),
  account_name: Type.String({ description: 'The name of the account the user belongs to.' }),
  last_sign_in_at: nullable(
    DateTime('When the user last signed in (their newest session); null: never.'),
  ),
  totp_enabled: Type.Boolean({
    description: 'Whether the user has a second sign-in step (an authenticator app).',
  }),
};

export const AdminUserSchema = named('AdminUser', adminUserProperties, {
  description:
    'A user as the admin area lists them. Billing state: `billing.stripe_customer_id` null means no payment method yet.',
});

export const AdminUserPageSchema = page(
  'AdminUserPage',
  ref(AdminUserSchema),
  'A page of users (staff).',
);

export const AdminUserHitSchema = named(
  'AdminUserHit',
  {
    ...adminUserProperties,
    _score: Type.Number({
      description: 'How well the user matches the search (higher is better); 0 without a search.',
    }),
  },
  { description: 'A user found by the admin search across all accounts.' },
);

export const AdminUserSearchSchema = named(
  'AdminUserSearch',
  {
    items: Type.Array(ref(AdminUserHitSchema)),
    total: Type.Integer({ minimum: 0, description: 'Users matching, over all pages.' }),
  },
  { description: 'Users of every account matching a search, best first (staff).' },
);

const PersonSchema = Type.Object(
  { id: Id(), name: Type.String(), email: Type.String() },
  { additionalProperties: false },
);

export const AuditEntrySchema = named(
  'AuditEntry',
  {
    id: Id(),
    action: Type.String({
      description:
        'What was done, e.g. `user.deactivate`, `user.activate`, `user.send_password_reset`, `user.disable_second_step`, `user.set_subtype`.',
    }),
    actor: PersonSchema,
    target_user_id: nullable(Id()),
    target_account_id: nullable(Id()),
    detail: Type.Object(
      {},
      {
        additionalProperties: true,
        description:
          'What changed (e.g. `{ "from": "manager", "to": "owner" }`); never a secret, token or link.',
      },
    ),
    created_at: DateTime(),
  },
  {
    description:
      'One change made by an admin (or an owner to their team): who, what, on whom, when.',
  },
);

export const AdminUserDetailSchema = named(
  'AdminUserDetail',
  {
    user: ref(AdminUserSchema),
    account: Type.Object(
      {
        id: Id(),
        name: Type.String(),
        owner: nullable(
          Type.Object(
            { id: Id(), name: Type.String(), email: Type.String() },
            { additionalProperties: false },
          ),
        ),
      },
      {
        additionalProperties: false,
        description: "The user's account and its owner (null: the account has none, e.g. staff).",
      },
    ),
    audit: Type.Array(ref(AuditEntrySchema), {
      description: 'The last 50 changes made to the user, newest first.',
    }),
  },
  { description: "One user's panel in the admin area (staff)." },
);

export const ADMIN_USER_SUBTYPES = ['owner', 'manager', 'vendor', 'admin'] as const;

export const AdminUserUpdateBody = Type.Object(
  {
    subtype: Type.Optional(
      stringEnum(ADMIN_USER_SUBTYPES, { description: 'For `set_subtype` only: the new subtype.' }),
    ),
  },
  { additionalProperties: false },
);

export const HealthSchema = named(
  'Health',
  {
    status: stringEnum(['ok', 'unavailable'] as const),
    database: stringEnum(['ok', 'unavailable'] as const),
  },
  { description: 'Whether the API and its database answer.' },
);

export const AdminAccountSchema = named(
  'AdminAccount',
  {
    id: Id(),
    name: Type.String(),
    owner: nullable(
      Type.Object(
        { id: Id(), name: Type.String(), email: Type.String() },
        { additionalProperties: false },
      ),
    ),
    people: Type.Integer({ minimum: 0, description: 'Its active people, the owner included.' }),
    listings: Type.Integer({ minimum: 0, description: 'Its listings, any status.' }),
    has_card: Type.Boolean({ description: 'A payment method is on file.' }),
    past_due_since: nullable(DateTime('Since when the account is past due; null: not.')),
    created_at: DateTime(),
  },
  { description: "A host's account as staff find it to open it (docs/adr/0031)." },
);

export const AdminAccountPageSchema = page(
  'AdminAccountPage',
  ref(AdminAccountSchema),
  "A page of hosts' accounts, by name (staff).",
);

export const ACCOUNT_SCHEMAS: NamedSchema[] = [
  AdminAccountSchema,
  AdminAccountPageSchema,
  VendorBuildingSchema,
  UserSchema,
  SignedInSchema,
  SecondStepSchema,
  SecondStepSetupSchema,
  RecoveryCodesSchema,
  CurrentUserSchema,
  MessageSchema,
  NotificationSchema,
  NotificationListSchema,
  AdminUserSchema,
  AdminUserPageSchema,
  AdminUserHitSchema,
  AdminUserSearchSchema,
  AuditEntrySchema,
  AdminUserDetailSchema,
  HealthSchema,
  ...FLAG_SCHEMAS,
];
