// Feature flags in the contract: the admin view and the Flagsmith-compatible answers.
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Id, named, nullable, ref } from '../http/schemas';

export const FLAG_NAME_PATTERN = '^[a-z][a-z0-9_]{1,63}$';

export const FlagSchema = named(
  'Flag',
  {
    id: Id(),
    name: Type.String({ pattern: FLAG_NAME_PATTERN }),
    enabled: Type.Boolean(),
    value: nullable(
      Type.String({ description: 'Free text; the outage banner’s is JSON `{ severity, text }`.' }),
    ),
    description: Type.String(),
    updated_at: DateTime(),
    updated_by: nullable(
      Type.Object(
        { id: Id(), name: Type.String(), email: Type.String() },
        { additionalProperties: false },
      ),
    ),
  },
  { description: 'A feature flag as admins see it.' },
);
export type FlagView = Static<typeof FlagSchema>;

export const FlagListSchema = named(
  'FlagList',
  { items: Type.Array(ref(FlagSchema)) },
  { description: 'Every feature flag.' },
);

export const FlagChangeBody = Type.Object({
  enabled: Type.Boolean(),
  value: Type.Optional(
    nullable(
      Type.String({ maxLength: 10_000, description: 'Absent keeps the value; null clears it.' }),
    ),
  ),
  description: Type.Optional(Type.String({ maxLength: 500 })),
});
export type FlagChange = Static<typeof FlagChangeBody>;

export const FlagsmithFlagSchema = named(
  'FlagsmithFlag',
  {
    id: Type.Integer(),
    feature: Type.Object(
      {
        id: Type.Integer(),
        name: Type.String(),
        type: Type.Literal('STANDARD'),
        description: Type.String(),
      },
      { additionalProperties: false },
    ),
    enabled: Type.Boolean(),
    feature_state_value: nullable(Type.String()),
  },
  { description: 'A flag as the Flagsmith client reads it (ids are numbers, the value text).' },
);
export type FlagsmithFlag = Static<typeof FlagsmithFlagSchema>;

const TraitValue = Type.Unsafe<string | number | boolean | null>({
  type: ['string', 'number', 'boolean', 'null'],
});

export const TraitSchema = named(
  'Trait',
  { trait_key: Type.String(), trait_value: TraitValue },
  { description: 'A trait of a Flagsmith identity.' },
);

export const FlagsmithIdentitySchema = named(
  'FlagsmithIdentity',
  {
    identifier: Type.String(),
    flags: Type.Array(ref(FlagsmithFlagSchema)),
    traits: Type.Array(ref(TraitSchema)),
  },
  { description: 'An identity’s flags and traits (Flagsmith’s identities/ answer).' },
);

export const FlagsmithErrorSchema = named(
  'FlagsmithError',
  { detail: Type.String(), error: Type.String(), message: Type.String() },
  { description: 'A Flagsmith-style refusal (`detail`), with our `error` and `message`.' },
);

/** Limits of what one identity may keep (each trait write is the signed-in user's own). */
export const TRAIT_LIMITS = {
  /** Traits in one request. */
  perRequest: 20,
  /** Traits one identity keeps. */
  perIdentity: 50,
  keyLength: 100,
  valueLength: 1000,
  /** A number trait's magnitude (finite, and exact as a double). */
  numberMagnitude: 1e15,
  /** Bytes of one request body (above it: 413). */
  bodyBytes: 16 * 1024,
} as const;

const identifierField = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'The signed-in user’s id: an identity is only ever its own user’s.',
});

export const IdentityQuery = Type.Object({
  identifier: identifierField,
  transient: Type.Optional(Type.Boolean()),
});

export const IdentityBody = Type.Object({
  identifier: Type.Optional(identifierField),
  transient: Type.Optional(Type.Boolean()),
  traits: Type.Optional(
    Type.Array(
      Type.Object({
        trait_key: Type.String({ minLength: 1, maxLength: TRAIT_LIMITS.keyLength }),
        trait_value: Type.Optional(
          Type.Unsafe<string | number | boolean | null>({
            type: ['string', 'number', 'boolean', 'null'],
            maxLength: TRAIT_LIMITS.valueLength,
            minimum: -TRAIT_LIMITS.numberMagnitude,
            maximum: TRAIT_LIMITS.numberMagnitude,
          }),
        ),
        transient: Type.Optional(Type.Boolean()),
      }),
      { maxItems: TRAIT_LIMITS.perRequest },
    ),
  ),
});

export const FLAG_SCHEMAS = [
  FlagSchema,
  FlagListSchema,
  FlagsmithFlagSchema,
  TraitSchema,
  FlagsmithIdentitySchema,
  FlagsmithErrorSchema,
];
