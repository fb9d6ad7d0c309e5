// The subset of Flagsmith's client API the official `flagsmith` JS client calls, served from our
// own flags table: flags/, identities/ (GET and POST) and analytics/flags/. Keyed by the
// X-Environment-Key header. An identity is a user: the dashboard's client calls identities/ as
// the signed-in user (through the dashboard's proxy, which adds the session), and only for that
// user's own id, so nobody reads or writes another user's traits. Browsers on the dashboard's
// origins (SHELL_ORIGINS) may call it from there (CORS); no other origin, and never `*`.
import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../auth/caller';
import type { AppContext } from '../context';
import { ApiError, badRequest, forbidden } from '../http/errors';
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
  TRAIT_LIMITS,
} from './flagSchemas';

export const FLAGSMITH_PREFIX = '/flagsmith/api/v1';

/** What a pre-flight allows: never the headers the browser asked for, these. */
export const FLAGSMITH_ALLOWED_HEADERS = 'content-type, x-environment-key';
export const FLAGSMITH_ALLOWED_METHODS = 'GET, POST, OPTIONS';

const INVALID_KEY = {
  detail: 'Invalid environment key.',
  error: 'invalid_environment_key',
  message: 'Send the environment key of this Hostdash API in the X-Environment-Key header.',
};

/** A wrong or missing X-Environment-Key: what every Flagsmith call can answer. */
const WRONG_KEY = { 401: ref(FlagsmithErrorSchema) };
/** … and, for a call that takes a query or a body, a request that is not valid. */
const FLAGSMITH_ERRORS = { ...errors(400), ...WRONG_KEY };
/** … and, for an identity, no session (401) or another user's identity (403). */
const IDENTITY_ERRORS = { ...FLAGSMITH_ERRORS, 403: ref(FlagsmithErrorSchema) };
const KEY = [{ environmentKey: [] }];
/** Both at once: the environment key and the signed-in user's session. */
const KEY_AND_SESSION = [{ environmentKey: [], session: [] }];

const notYourIdentity = (): ApiError =>
  forbidden('An identity can only be read or changed by its own signed-in user.');

export function registerFlagsmithRoutes(app: Api, { db, config }: AppContext): void {
  const allowedOrigins = new Set(config.shellOrigins);

  /** The signed-in, active caller, who must be `identifier`'s user. */
  async function requireOwnIdentity(request: FastifyRequest, identifier: string): Promise<void> {
    const caller = await requireUser(db, request);
    if (identifier !== caller.id) throw notYourIdentity();
  }

  app.register(
    async (plugin) => {
      const flagsmith = plugin.withTypeProvider<TypeBoxTypeProvider>();

      // Refusals keep Flagsmith's shape (`detail`) beside ours, as the client reads `detail`.
      flagsmith.setErrorHandler((error, _request, reply: FastifyReply) => {
        if (error instanceof ApiError && (error.statusCode === 401 || error.statusCode === 403)) {
          return reply
            .code(error.statusCode)
            .send({ detail: error.message, error: error.code, message: error.message });
        }
        throw error;
      });

      flagsmith.addHook('onRequest', async (request, reply) => {
        const origin = request.headers.origin;
        reply.header('vary', 'Origin');
        if (typeof origin === 'string' && allowedOrigins.has(origin))
          reply.header('access-control-allow-origin', origin);
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
              'Browsers on the dashboard’s origins (`SHELL_ORIGINS`) may call the Flagsmith API; any other origin gets no `Access-Control-Allow-Origin`. No key needed.',
            tags: ['flags'],
            params: Type.Object({
              '*': Type.String({
                maxLength: 200,
                description: 'Any path under the Flagsmith API’s prefix.',
              }),
            }),
            response: {
              204: Type.Unsafe<undefined>({
                type: 'null',
                description: 'No body; what is allowed is in the headers.',
                headers: {
                  'Access-Control-Allow-Origin': Type.String({
                    description:
                      'The request’s `Origin` when it is one of the dashboard’s origins; absent otherwise (never `*`).',
                  }),
                  'Access-Control-Allow-Methods': Type.Literal(FLAGSMITH_ALLOWED_METHODS),
                  'Access-Control-Allow-Headers': Type.Literal(FLAGSMITH_ALLOWED_HEADERS, {
                    description: 'Always these two, whatever the pre-flight asked for.',
                  }),
                  'Access-Control-Max-Age': Type.Literal('600', {
                    description: 'Seconds the browser may keep this answer.',
                  }),
                  Vary: Type.Literal('Origin'),
                },
              }),
            },
          },
        },
        async (_request, reply) =>
          reply
            .code(204)
            .header('access-control-allow-methods', FLAGSMITH_ALLOWED_METHODS)
            .header('access-control-allow-headers', FLAGSMITH_ALLOWED_HEADERS)
            .header('access-control-max-age', '600')
            .send(),
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
            summary: 'The signed-in user’s flags and traits (Flagsmith client, identified)',
            description:
              '`identifier` must be the signed-in user’s id (403 otherwise; 401 without a session).',
            tags: ['flags'],
            security: KEY_AND_SESSION,
            querystring: IdentityQuery,
            response: { 200: ref(FlagsmithIdentitySchema), ...IDENTITY_ERRORS },
          },
        },
        async (request) => {
          const { identifier } = request.query;
          await requireOwnIdentity(request, identifier);
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
          // Traits are small: a bigger body is refused before it is read (413).
          bodyLimit: TRAIT_LIMITS.bodyBytes,
          schema: {
            summary: 'Set the signed-in user’s traits and answer their flags (Flagsmith client)',
            description: `\`identifier\` must be the signed-in user’s id (403 otherwise; 401 without a session). Without an identifier (or with \`transient\`), nothing is kept. At most ${TRAIT_LIMITS.perRequest} traits a request, ${TRAIT_LIMITS.perIdentity} kept per identity (400 \`too_many_traits\`), keys of ${TRAIT_LIMITS.keyLength} and text values of ${TRAIT_LIMITS.valueLength} characters, bodies of ${TRAIT_LIMITS.bodyBytes / 1024} KB (413).`,
            tags: ['flags'],
            security: KEY_AND_SESSION,
            body: IdentityBody,
            response: { 200: ref(FlagsmithIdentitySchema), ...IDENTITY_ERRORS },
          },
        },
        async (request) => {
          const body = request.body ?? {};
          const caller = await requireUser(db, request);
          if (body.identifier !== undefined && body.identifier !== caller.id)
            throw notYourIdentity();
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
          if (!transientIdentity && stored.length > 0) {
            await db.transaction(async (tx) => {
              await saveTraits(tx, identifier, stored);
              const [kept] = await tx.query<{ n: number }>(
                'select count(*)::int as n from identity_traits where identifier = $1',
                [identifier],
              );
              if ((kept?.n ?? 0) > TRAIT_LIMITS.perIdentity) {
                throw badRequest(
                  'too_many_traits',
                  `An identity keeps at most ${TRAIT_LIMITS.perIdentity} traits: remove some (a null value) first.`,
                );
              }
            });
          }

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
          bodyLimit: TRAIT_LIMITS.bodyBytes,
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
