// Liveness and readiness (issue 18): what an orchestrator or a load balancer asks an API.
import { Type } from '@sinclair/typebox';
import { named, stringEnum, type NamedSchema } from '../http/schemas';

/** Why an API does not take traffic now. */
export const NOT_READY_REASONS = [
  'draining',
  'database_unavailable',
  'migrations_pending',
] as const;
export type NotReadyReason = (typeof NOT_READY_REASONS)[number];

export const LivenessSchema = named(
  'Liveness',
  { status: stringEnum(['ok'] as const) },
  {
    description:
      'The process answers. Never touches the database: restart the API when this fails, not when its database is away.',
  },
);

export const ReadinessSchema = named(
  'Readiness',
  {
    status: stringEnum(['ok', 'unavailable'] as const),
    reason: Type.Optional(
      stringEnum(NOT_READY_REASONS, {
        description:
          '`draining`: the API is shutting down (it finishes what it has, takes nothing new); `database_unavailable`: the database does not answer; `migrations_pending`: the database lacks migrations this API needs (another instance may be applying them).',
      }),
    ),
    message: Type.Optional(Type.String({ description: 'The reason in words, for an operator.' })),
  },
  {
    description:
      'Whether this API should be sent traffic: its database answers with every migration applied, and it is not shutting down.',
  },
);

export const HEALTH_SCHEMAS: NamedSchema[] = [LivenessSchema, ReadinessSchema];
