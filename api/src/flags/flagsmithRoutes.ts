// The subset of Flagsmith's client API the official `flagsmith` JS client calls, served from our
// own flags table: flags/, identities/ (GET and POST) and analytics/flags/. Public (no session),
// keyed by the X-Environment-Key header, and open to any origin (CORS) since the client may run
// on another one.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import {
  environmentFlags,
  identityFlags,
  identityTraits,
  saveTraits,
  type Trait,
  type TraitValue,
} from './flags';

export const FLAGSMITH_PREFIX = '/flagsmith/api/v1';

const INVALID_KEY = {
  detail: 'Invalid environment key.',
  error: 'invalid_environment_key',
  message: 'Send the environment key of this Hostdash API in the X-Environment-Key header.',
};

const identifierField = { type: 'string', minLength: 1, maxLength: 2000 } as const;

interface IdentityBody {
  identifier?: string;
  transient?: boolean;
  traits?: Array<Trait & { transient?: boolean }>;
}

export function registerFlagsmithRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.register(
    async (flagsmith) => {
      flagsmith.addHook('onRequest', async (request, reply) => {
        reply.header('access-control-allow-origin', '*');
        if (request.method === 'OPTIONS') return;
        if (request.headers['x-environment-key'] !== config.flagsmithEnvironmentKey) {
          return reply.code(401).send(INVALID_KEY);
        }
      });

      // CORS preflight for every path under the prefix (and only there).
      flagsmith.options('/*', async (request, reply) => {
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
      });

      flagsmith.get('/flags/', async () => environmentFlags(db));

      flagsmith.get<{ Querystring: { identifier: string; transient?: boolean } }>(
        '/identities/',
        {
          schema: {
            querystring: {
              type: 'object',
              required: ['identifier'],
              properties: { identifier: identifierField, transient: { type: 'boolean' } },
            },
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

      flagsmith.post<{ Body: IdentityBody }>(
        '/identities/',
        {
          schema: {
            body: {
              type: 'object',
              properties: {
                identifier: identifierField,
                transient: { type: 'boolean' },
                traits: {
                  type: 'array',
                  maxItems: 100,
                  items: {
                    type: 'object',
                    required: ['trait_key'],
                    properties: {
                      trait_key: { type: 'string', minLength: 1, maxLength: 200 },
                      trait_value: {
                        type: ['string', 'number', 'boolean', 'null'],
                        maxLength: 2000,
                      },
                      transient: { type: 'boolean' },
                    },
                  },
                },
              },
            },
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
      flagsmith.post('/analytics/flags/', async (_request, reply) => reply.code(200).send({}));
    },
    { prefix: FLAGSMITH_PREFIX },
  );
}
