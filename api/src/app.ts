// The app factory: every route, validation, error answers and logging, over a given database.
// server.ts runs it on a port; tests drive it with app.inject().
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { openStorage, type ObjectStorage } from '@hostdash/storage';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { registerTeamRoutes } from './accounts/teamRoutes';
import { registerAdminUserRoutes } from './admin/adminUserRoutes';
import { registerViewingRoutes } from './admin/viewingRoutes';
import { registerJobAdminRoutes } from './admin/jobAdminRoutes';
import { registerBillingRoutes } from './billing/billingRoutes';
import type { PaymentProvider } from './billing/provider';
import { paymentProviderFor } from './billing/selectProvider';
import { registerStripeWebhookRoutes } from './billing/stripeWebhookRoutes';
import { registerAuthRoutes } from './auth/authRoutes';
import { registerPasswordResetRoutes } from './auth/passwordResetRoutes';
import { registerSecondStepRoutes } from './auth/secondStepRoutes';
import type { ApiConfig } from './config';
import type { Database } from './db/database';
import { registerAdminFlagRoutes } from './flags/adminFlagRoutes';
import { registerFlagsmithRoutes } from './flags/flagsmithRoutes';
import { registerHealthRoutes } from './health/healthRoutes';
import { createReadiness, type Readiness } from './health/readiness';
import { NAMED_SCHEMAS, OPENAPI_INFO } from './contract';
import { registerErrorHandling, unauthorized } from './http/errors';
import { registerInputGuard } from './http/inputGuard';
import { addSchemaKeywords } from './http/schemaKeywords';
import { buildValidatorFactory } from './http/lazyCompilers';
import { buildSerializerFactory } from './http/serializers';
import { errors, type Api } from './http/schemas';
import { registerBuildingRoutes } from './listings/buildingRoutes';
import { registerListingRoutes } from './listings/listingRoutes';
import { registerListingUpdateRoute } from './listings/listingUpdate';
import { registerScreensRoutes } from './guestportal/screensRoutes';
import { registerGuestRoutes } from './guest/guestRoutes';
import { registerGuestInviteRoutes } from './guest/guestInviteRoutes';
import { registerImageRoutes } from './images/identityImages';
import { registerNotificationRoutes } from './notifications/notificationRoutes';
import { registerOnboardingRoutes } from './onboarding/onboardingRoutes';
import { registerPmsWebhookRoutes } from './pms/sync/webhookRoutes';
import { registerWebhookSetupRoute } from './pms/sync/webhookSetup';
import { registerPlatformRoutes } from './platform/platformRoutes';
import { registerProtectRoutes } from './protect/protectRoutes';
import { registerReportRoutes } from './reports/reportRoutes';
import { registerReservationEditRoutes } from './reservations/reservationEdit';
import { registerCalendarRoutes } from './reservations/calendar';
import { registerReservationRoutes } from './reservations/reservationRoutes';
import { registerSettingsRoutes } from './settings/settingsRoutes';
import { registerGuestInviteSettingsRoutes } from './settings/guestInviteSettings';
import { registerStargateRoutes } from './stargate/stargateRoutes';
import { registerTaskRoutes } from './tasks/taskRoutes';
import { collectApiRoutes } from './telemetry/apiRoutes';
import { registerTelemetryRoutes } from './telemetry/telemetryRoutes';
import { registerTraceRoutes } from './tracing/traceRoutes';
import { vaultFor, type SecretVault } from './secrets/vault';

export interface BuildAppOptions {
  db: Database;
  config: ApiConfig;
  /** Where files are kept; by default the one the configuration selects (a folder or a bucket). */
  storage?: ObjectStorage;
  /**
   * false silences logging (tests); otherwise pino at config.logLevel, written to `stream` when
   * given (stdout by default).
   */
  logger?: false | { stream?: { write(line: string): void } };
  /**
   * Called with every JSON answer before it is serialised (tests: checks it against the route's
   * response schema, which serialisation alone would coerce, e.g. a null into "").
   */
  checkAnswer?: (request: FastifyRequest, status: number, payload: unknown) => void;
  /** The payment provider (tests: a failing one); by default the one the configuration selects. */
  paymentProvider?: PaymentProvider;
  /** Called when a route queues an import (server.ts: the worker's nudge); nothing by default. */
  jobsQueued?: () => void;
  /** The PMS credentials vault; by default the one the configuration selects. */
  vault?: SecretVault;
  /** Whether this API takes traffic (server.ts: drained on SIGTERM); by default always. */
  readiness?: Readiness;
}

// Secrets never reach the logs (Fastify logs no headers or bodies by default; this is the guard
// for anything that logs them explicitly).
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  // A guest's link token (src/guest/guestLinks.ts): it opens their portal.
  'req.headers["x-guest-token"]',
  'headers["x-guest-token"]',
  'body.password',
  'password',
  '*.password',
  'sessionId',
  '*.sessionId',
  'challengeToken',
  '*.challengeToken',
  // The settings page's password fields (profile email change, password change).
  'current_password',
  '*.current_password',
  'new_password',
  '*.new_password',
  // A test card's number and CVC (the test-mode tokenisation call): never logged, even if a body is.
  'body.number',
  'body.cvc',
  'req.body.number',
  'req.body.cvc',
];

function loggerOptions(
  config: ApiConfig,
  logger: BuildAppOptions['logger'],
): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...(logger?.stream ? { stream: logger.stream } : {}),
  };
}

export function buildApp({
  db,
  config,
  storage,
  logger,
  checkAnswer,
  paymentProvider,
  jobsQueued,
  vault,
  readiness,
}: BuildAppOptions): FastifyInstance {
  const payments = paymentProvider ?? paymentProviderFor(config, db, { jobsQueued });
  const traffic = readiness ?? createReadiness();
  const app = Fastify({
    logger: loggerOptions(config, logger),
    // `/flags/` and `/flags`, `/listing/load/` and `/listing/load` are the same route.
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 256 * 1024,
    // request.ip is the forwarded client only when the request comes from a trusted proxy (the
    // shell server on loopback by default); anyone else's X-Forwarded-For is ignored. Throttling
    // counts by it (ADR 9).
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    // Flagsmith trait values are string | number | boolean | null. Our own keywords and formats (a
    // common password refused, a field not coerced, a recent date) in http/schemaKeywords.ts.
    ajv: { customOptions: { allowUnionTypes: true }, plugins: [addSchemaKeywords] },
    // Each answer's serializer gets only the named schemas it refers to (http/serializers.ts);
    // validators and serializers are built on first use (http/lazyCompilers.ts).
    schemaController: {
      compilersFactory: {
        buildValidator: buildValidatorFactory(),
        buildSerializer: buildSerializerFactory,
      },
    },
  });

  // An empty body with Content-Type: application/json is no body, not an error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  registerErrorHandling(app);
  // JSON answers over 1 KB are compressed for a caller that accepts it (brotli at a quick level:
  // they are made per request). Images and PDFs are sent as they are (already compressed). The
  // dashboard's proxy asks for plain answers and compresses for the browser itself.
  app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });
  for (const schema of NAMED_SCHEMAS) app.addSchema(schema);
  if (checkAnswer) {
    app.addHook('preSerialization', async (request, reply, payload) => {
      checkAnswer(request, reply.statusCode, payload);
      return payload;
    });
  }

  // The OpenAPI document is built from every route's schema (swagger's onRoute hook), so the
  // routes are registered in a plugin that loads after it.
  app.register(swagger, {
    openapi: OPENAPI_INFO,
    // Named schemas become components.schemas.<$id> (not def-0, def-1 …).
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, index) => String(json.$id ?? `def-${index}`),
    },
  });
  app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    // "Try it out" calls the API where the docs are served: `..` from /docs/json is the API's root
    // (/api/ behind the dashboard, whose cookie then signs the calls in; / when called directly).
    transformSpecification: (specification) => ({
      ...specification,
      servers: [{ url: '..', description: 'The API these docs are served by' }],
    }),
    uiHooks: {
      // Behind the dashboard the API lives under /api: `/docs` would link its assets as /docs/…,
      // so it moves to `docs/` (relative), whose page links everything relatively.
      onRequest: (request, reply, done) => {
        if (request.url === '/docs') reply.redirect('docs/');
        else done();
      },
    },
  });
  // While the API drains (SIGTERM), every answer closes its connection: a proxy's keep-alive
  // connection would otherwise stay open after its last answer, and the server could not finish
  // closing until the proxy let it go (src/lifecycle/gracefulShutdown.ts).
  app.addHook('onSend', async (_request, reply) => {
    if (traffic.draining) reply.header('connection', 'close');
  });
  app.register(async (instance) => {
    const api = instance.withTypeProvider<TypeBoxTypeProvider>() as Api;
    // Answers any route can give, whatever it does: input the input layer refuses, a body Fastify
    // cannot take, our own failure.
    api.addHook('onRoute', (route) => {
      const schema = route.schema as {
        querystring?: unknown;
        params?: unknown;
        body?: unknown;
        response?: Record<string, unknown>;
      };
      if (!schema?.response) return;
      const input = schema.querystring || schema.params || schema.body ? ([400] as const) : [];
      const body = schema.body ? ([413, 415] as const) : [];
      schema.response = { ...errors(...input, ...body, 500), ...schema.response };
    });
    // One input layer under every route's schema: no NUL or lone surrogate in any text, every
    // number finite and in its declared range (http/inputGuard.ts).
    registerInputGuard(api, NAMED_SCHEMAS);
    // A call the contract says needs a session gets 401 before anything else is looked at (an
    // anonymous caller learns nothing from the validation of its body). Each handler still checks
    // that the session is real and active.
    api.addHook('onRequest', async (request) => {
      const security = request.routeOptions.schema?.security as
        Array<Record<string, unknown>> | undefined;
      const header = request.headers.authorization;
      if (security?.some((scheme) => 'session' in scheme) && !header?.trim()) throw unauthorized();
    });
    // The telemetry names a page's API calls by these routes' templates (telemetry/apiRoutes.ts).
    const apiRoutes = collectApiRoutes(api);
    const context = {
      db,
      config,
      storage: storage ?? openStorage(config.storage),
      payments,
      jobsQueued: jobsQueued ?? (() => undefined),
      vault: vault ?? vaultFor(config),
      readiness: traffic,
    };
    api.get('/openapi.json', { schema: { hide: true } }, async () => instance.swagger());
    registerHealthRoutes(api, context);
    registerAuthRoutes(api, context);
    registerPasswordResetRoutes(api, context);
    registerSecondStepRoutes(api, context);
    registerNotificationRoutes(api, context);
    registerListingRoutes(api, context);
    registerListingUpdateRoute(api, context);
    registerBuildingRoutes(api, context);
    registerReservationRoutes(api, context);
    registerCalendarRoutes(api, context);
    registerReservationEditRoutes(api, context);
    registerProtectRoutes(api, context);
    registerImageRoutes(api, context);
    registerReportRoutes(api, context);
    registerTaskRoutes(api, context);
    registerStargateRoutes(api, context);
    registerFlagsmithRoutes(api, context);
    registerAdminFlagRoutes(api, context);
    registerAdminUserRoutes(api, context);
    registerViewingRoutes(api, context);
    registerJobAdminRoutes(api, context);
    registerPlatformRoutes(api, context);
    registerBillingRoutes(api, context);
    registerTeamRoutes(api, context);
    registerOnboardingRoutes(api, context);
    registerWebhookSetupRoute(api, context);
    registerPmsWebhookRoutes(api, context);
    registerStripeWebhookRoutes(api, context);
    registerSettingsRoutes(api, context);
    registerScreensRoutes(api, context);
    registerGuestRoutes(api, context);
    registerGuestInviteRoutes(api, context);
    registerGuestInviteSettingsRoutes(api, context);
    registerTelemetryRoutes(api, context, apiRoutes);
    registerTraceRoutes(api, context);
  });
  return app;
}
