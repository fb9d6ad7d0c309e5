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

const identifierField = Type.String({ minLength: 1, maxLength: 2000 });

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
        trait_key: Type.String({ minLength: 1, maxLength: 200 }),
        trait_value: Type.Optional(
          Type.Unsafe<string | number | boolean | null>({
            type: ['string', 'number', 'boolean', 'null'],
            maxLength: 2000,
          }),
        ),
        transient: Type.Optional(Type.Boolean()),
      }),
      { maxItems: 100 },
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
