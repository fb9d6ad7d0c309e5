// The app factory: every route, validation, error answers and logging, over a given database.
// server.ts runs it on a port; tests drive it with app.inject().
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerAdminUserRoutes } from './admin/adminUserRoutes';
import { registerAuthRoutes } from './auth/authRoutes';
import { registerPasswordResetRoutes } from './auth/passwordResetRoutes';
import type { ApiConfig } from './config';
import type { Database } from './db/database';
import { registerAdminFlagRoutes } from './flags/adminFlagRoutes';
import { registerFlagsmithRoutes } from './flags/flagsmithRoutes';
import { registerHealthRoutes } from './health/healthRoutes';
import { registerErrorHandling } from './http/errors';
import { registerBuildingRoutes } from './listings/buildingRoutes';
import { registerListingRoutes } from './listings/listingRoutes';
import { registerListingUpdateRoute } from './listings/listingUpdate';
import { registerImageRoutes } from './images/identityImages';
import { registerNotificationRoutes } from './notifications/notificationRoutes';
import { registerProtectRoutes } from './protect/protectRoutes';
import { registerReportRoutes } from './reports/reportRoutes';
import { registerReservationEditRoutes } from './reservations/reservationEdit';
import { registerReservationRoutes } from './reservations/reservationRoutes';
import { registerTaskRoutes } from './tasks/taskRoutes';

export interface BuildAppOptions {
  db: Database;
  config: ApiConfig;
  /**
   * false silences logging (tests); otherwise pino at config.logLevel, written to `stream` when
   * given (stdout by default).
   */
  logger?: false | { stream?: { write(line: string): void } };
}

// Secrets never reach the logs (Fastify logs no headers or bodies by default; this is the guard
// for anything that logs them explicitly).
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'body.password',
  'password',
  '*.password',
  'sessionId',
  '*.sessionId',
  'challengeToken',
  '*.challengeToken',
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

export function buildApp({ db, config, logger }: BuildAppOptions): FastifyInstance {
  const app = Fastify({
    logger: loggerOptions(config, logger),
    // `/flags/` and `/flags`, `/listing/load/` and `/listing/load` are the same route.
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 256 * 1024,
    // Flagsmith trait values are string | number | boolean | null.
    ajv: { customOptions: { allowUnionTypes: true } },
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
  const context = { db, config };
  registerHealthRoutes(app, context);
  registerAuthRoutes(app, context);
  registerPasswordResetRoutes(app, context);
  registerNotificationRoutes(app, context);
  registerListingRoutes(app, context);
  registerListingUpdateRoute(app, context);
  registerBuildingRoutes(app, context);
  registerReservationRoutes(app, context);
  registerReservationEditRoutes(app, context);
  registerProtectRoutes(app, context);
  registerImageRoutes(app, context);
  registerReportRoutes(app, context);
  registerTaskRoutes(app, context);
  registerFlagsmithRoutes(app, context);
  registerAdminFlagRoutes(app, context);
  registerAdminUserRoutes(app, context);
  return app;
}
