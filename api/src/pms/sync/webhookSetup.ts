// The webhook of a connection as its owner copies it into the system (/settings → Connected
// systems → "Set up webhooks"): the address and, for Hostaway, a login and password, for Guesty a
// signing secret — made on the first read and the same on every read after (the owner may come
// back to paste them again). The owner's alone, never cached, never logged.
import type { AppContext } from '../../context';
import { isAccountOwner, requireUser } from '../../auth/caller';
import { ApiError, forbidden } from '../../http/errors';
import { errors, ref, SESSION, type Api } from '../../http/schemas';
import { PmsParam } from '../../onboarding/onboardingSchemas';
import { pmsDescriptor } from '../descriptors';
import { isPmsName } from '../pms';
import { ensureWebhookSecret, hasWebhooks, type WebhookSystem } from './webhookCredentials';
import { WebhookSetupSchema, type WebhookSetupView } from './webhookSchemas';

/** The address a system sends a connection's webhooks to (through the dashboard's `/api`). */
export const webhookUrl = (shellOrigin: string, pms: WebhookSystem, webhookId: string) =>
  `${shellOrigin}/api/webhooks/${pms}/${webhookId}`;

const INSTRUCTIONS: Record<WebhookSystem, { events: string[]; instructions: string }> = {
  hostaway: {
    events: ['reservation.created', 'reservation.updated'],
    instructions:
      'In Hostaway: Settings → Webhooks → Unified webhooks → Create. Paste the URL, turn on "Basic authentication" and paste the login and password, then save.',
  },
  guesty: {
    events: ['reservation.new', 'reservation.updated'],
    instructions:
      'In Guesty: Integrations → API & Webhooks → Webhooks → Add webhook. Paste the URL, choose the reservation events, and use this secret as the signing secret.',
  },
};

export function registerWebhookSetupRoute(app: Api, { db, config, vault }: AppContext): void {
  app.get(
    '/user/integrations/:pms/webhook',
    {
      logSerializers: {
        req: (request) => ({ method: request.method, url: request.routeOptions.url }),
      },
      schema: {
        summary: 'A connection’s webhook, to paste into the system (account owner)',
        description:
          'The address and credentials Hostaway (basic auth) or Guesty (a signing secret) sends its webhooks with; made on the first read, the same after. 404 for a system that is not connected or sends no webhooks Hostdash reads.',
        tags: ['onboarding'],
        security: SESSION,
        params: PmsParam,
        response: { 200: ref(WebhookSetupSchema), ...errors(401, 403, 404) },
      },
    },
    async (request, reply): Promise<WebhookSetupView> => {
      const caller = await requireUser(db, request);
      if (!isAccountOwner(caller)) throw forbidden('Webhooks are set up by the account owner.');
      const { pms } = request.params;
      const none = () =>
        new ApiError(
          404,
          'not_found',
          isPmsName(pms) && !hasWebhooks(pms)
            ? `${pmsDescriptor(pms).label} sends no webhooks Hostdash reads: its bookings come in with the scheduled sync.`
            : 'This system is not connected to your account.',
        );
      if (!isPmsName(pms) || !hasWebhooks(pms)) throw none();
      const [row] = await db.query<{ id: string }>(
        'select id::text as id from pms_connections where account_id = $1::bigint and pms = $2',
        [caller.account_id, pms],
      );
      const made = row ? await ensureWebhookSecret(db, vault, row.id) : null;
      if (!made) throw none();
      reply.header('cache-control', 'no-store');
      const { secret } = made;
      return {
        pms: made.pms,
        url: webhookUrl(config.shellOrigin, made.pms, made.webhookId),
        login: secret.kind === 'basic' ? secret.login : null,
        password: secret.kind === 'basic' ? secret.password : null,
        secret: secret.kind === 'svix' ? secret.secret : null,
        ...INSTRUCTIONS[made.pms],
      };
    },
  );
}
