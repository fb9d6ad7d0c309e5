// The subset of Flagsmith's client API the official `flagsmith` JS client calls, served from our
// own flags table: flags/, identities/ (GET and POST) and analytics/flags/. Public (no session),
// keyed by the X-Environment-Key header, and open to any origin (CORS) since the client may run
// on another one.
import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../context';
import { errors, ref, type Api } from '../http/schemas';
import {
  environmentFlags,
  identityFlags,
  identityTraits,
  saveTraits,
  type TraitValue,
} from './flags';
import {
  FlagsmithErrorSchema,
  FlagsmithFlagSchema,
  FlagsmithIdentitySchema,
  IdentityBody,
  IdentityQuery,
} from './flagSchemas';

export const FLAGSMITH_PREFIX = '/flagsmith/api/v1';

const INVALID_KEY = {
  detail: 'Invalid environment key.',
  error: 'invalid_environment_key',
  message: 'Send the environment key of this Hostdash API in the X-Environment-Key header.',
};

/** A wrong or missing X-Environment-Key: what every Flagsmith call can answer. */
const WRONG_KEY = { 401: ref(FlagsmithErrorSchema) };
/** … and, for a call that takes a query or a body, a request that is not valid. */
const FLAGSMITH_ERRORS = { ...errors(400), ...WRONG_KEY };
const KEY = [{ environmentKey: [] }];

export function registerFlagsmithRoutes(app: Api, { db, config }: AppContext): void {
  app.register(
    async (plugin) => {
      const flagsmith = plugin.withTypeProvider<TypeBoxTypeProvider>();
      flagsmith.addHook('onRequest', async (request, reply) => {
        reply.header('access-control-allow-origin', '*');
        if (request.method === 'OPTIONS') return;
        if (request.headers['x-environment-key'] !== config.flagsmithEnvironmentKey) {
          return reply.code(401).send(INVALID_KEY);
        }
      });

      // CORS preflight for every path under the prefix (and only there).
      flagsmith.options(
        '/*',
        {
          schema: {
            summary: 'CORS pre-flight for the Flagsmith API',
            description:
              'Any origin may call the Flagsmith API (the client may run on another one). No key needed.',
            tags: ['flags'],
            params: Type.Object({
              '*': Type.String({ description: 'Any path under the Flagsmith API’s prefix.' }),
            }),
            response: {
              204: Type.Unsafe<undefined>({
                type: 'null',
                description: 'Allowed: no body; what is allowed is in the headers.',
                headers: {
                  'Access-Control-Allow-Origin': Type.Literal('*'),
                  'Access-Control-Allow-Methods': Type.Literal('GET, POST, OPTIONS'),
                  'Access-Control-Allow-Headers': Type.String({
                    description:
                      'The headers the pre-flight asked for (`content-type, x-environment-key` if none).',
                  }),
                  'Access-Control-Max-Age': Type.Literal('600', {
                    description: 'Seconds the browser may keep this answer.',
                  }),
                },
              }),
            },
          },
        },
        async (request, reply) => {
          const requested = request.headers['access-control-request-headers'];
          return reply
            .code(204)
            .header('access-control-allow-methods', 'GET, POST, OPTIONS')
            .header(
              'access-control-allow-headers',
              typeof requested === 'string' ? requested : 'content-type, x-environment-key',
            )
            .header('access-control-max-age', '600')
            .send();
        },
      );

      flagsmith.get(
        '/flags/',
        {
          schema: {
            summary: 'The environment’s flags (Flagsmith client, no identity)',
            tags: ['flags'],
            security: KEY,
            response: { 200: Type.Array(ref(FlagsmithFlagSchema)), ...WRONG_KEY },
          },
        },
        async () => environmentFlags(db),
      );

      flagsmith.get(
        '/identities/',
        {
          schema: {
            summary: 'An identity’s flags and traits (Flagsmith client, identified)',
            tags: ['flags'],
            security: KEY,
            querystring: IdentityQuery,
            response: { 200: ref(FlagsmithIdentitySchema), ...FLAGSMITH_ERRORS },
          },
        },
        async (request) => {
          const { identifier } = request.query;
          return {
            identifier,
            flags: await identityFlags(db, identifier),
            traits: await identityTraits(db, identifier),
          };
        },
      );

      flagsmith.post(
        '/identities/',
        {
          schema: {
            summary: 'Set an identity’s traits and answer its flags (Flagsmith client)',
            description:
              'Without an identifier (or with `transient`), nothing about the identity is kept.',
            tags: ['flags'],
            security: KEY,
            body: IdentityBody,
            response: { 200: ref(FlagsmithIdentitySchema), ...FLAGSMITH_ERRORS },
          },
        },
        async (request) => {
          const body = request.body ?? {};
          // Without an identifier Flagsmith makes a transient identity: nothing about it is kept.
          const transientIdentity = body.transient === true || !body.identifier;
          const identifier = body.identifier ?? `transient-${randomUUID()}`;
          const traits = (body.traits ?? []).map((trait) => ({
            ...trait,
            trait_value: (trait.trait_value ?? null) as TraitValue,
          }));
          const stored = traits
            .filter((trait) => !trait.transient)
            .map(({ trait_key, trait_value }) => ({ trait_key, trait_value }));
          if (!transientIdentity && stored.length > 0) await saveTraits(db, identifier, stored);

          const kept = transientIdentity ? [] : await identityTraits(db, identifier);
          const unkept = traits
            .filter((trait) => (transientIdentity || trait.transient) && trait.trait_value !== null)
            .map(({ trait_key, trait_value }) => ({ trait_key, trait_value }));
          return {
            identifier,
            flags: await identityFlags(db, identifier),
            traits: [
              ...kept.filter(
                (trait) => !unkept.some((other) => other.trait_key === trait.trait_key),
              ),
              ...unkept,
            ],
          };
        },
      );

      // The client reports flag evaluations here when analytics are on; nothing is kept.
      flagsmith.post(
        '/analytics/flags/',
        {
          schema: {
            summary: 'Flag evaluation counts from the Flagsmith client (not kept)',
            tags: ['flags'],
            security: KEY,
            // Documented, not checked: whatever the client reports is accepted and dropped.
            body: Type.Unknown({
              description:
                'Evaluations per flag name since the last report, e.g. `{ "outage_banner_dashboard": 3 }`.',
            }),
            response: {
              200: Type.Object({}, { additionalProperties: false, description: 'Received.' }),
              ...FLAGSMITH_ERRORS,
            },
          },
        },
        async () => ({}),
      );
    },
    { prefix: FLAGSMITH_PREFIX },
  );
}
