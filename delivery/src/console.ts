// The delivery console's server side (/admin-api/remotes): what `npm run remotes -- status` shows,
// with each release's health, and promote, abort, rollback and canary for a signed-in admin. The
// changes run through the same operations as the CLI (./operations), through the same registry
// store (a change made meanwhile is a 409, never overwritten), and each is recorded with the
// admin's id and email in the registry's history and as one structured line in the server's log.
// Who is signed in, the cross-site rule and the manifests' health are the mounting server's (the
// shell server passes them in): this package knows no session cookie and no shell build.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DELIVERY_CONSOLE_ACTIONS,
  DELIVERY_CONSOLE_PREFIX,
  parseCookies,
  type ConsolePreviewStopped,
  type ConsoleChangeAnswer,
  type ConsoleRemote,
  type ConsoleRemotes,
  type DeliveryConsoleAction,
  type HistoryEntry,
  type ReleaseHealth,
  type ReleaseStatus,
} from '@hostdash/shared-auth';
import { absoluteAddress } from './frontendDiscovery';
import {
  abort,
  DeliveryError,
  previewTarget,
  promote,
  recordPreview,
  rollback,
  rollbackTarget,
  startCanary,
  UnhealthyCandidateError,
  UnknownRemoteError,
  VersionChangedError,
  type DeliveryContext,
  type Outcome,
} from './operations';
import { RegistryLockedError } from './registryFile';
import { REMOTE_NAME, VERSION, type RegistryRemote } from './model';
import type { RegistryFile } from './model';
import {
  RegistryConflictError,
  RegistryUnavailableError,
  type RegistryStore,
} from './registryStore';
import type { RemoteStore } from './store';
import { nextStepAt, STRATEGIES } from './strategies';
import {
  previewEnds,
  PREVIEW_COOKIE,
  PREVIEW_TTL_MS,
  previewUser,
  readPreview,
  signPreview,
  type Preview,
} from './preview';

/** Who makes a change through the console: recorded in the history and the audit line. */
export interface ConsoleAdmin {
  id: string;
  email: string;
}

/** One remote's health as the shell checked it: live and canary releases, and what to act on. */
export interface ConsoleRemoteHealth {
  live: ReleaseHealth;
  canary: ReleaseHealth | null;
  /** One line per thing an operator should act on (as /health's `problems`). */
  problems: string[];
}

/** What the console needs from the server that mounts it (the shell server). */
export interface DeliveryConsoleOptions {
  registry: RegistryStore;
  store: RemoteStore;
  /** Where relative manifests are served from (REMOTES_ORIGIN). */
  remotesOrigin: string;
  /** A strategy's minute in milliseconds (ROLLOUT_MINUTE_MS), for the next step's time. */
  rolloutMinuteMs: number;
  /**
   * The mounting server's session check: the signed-in admin, or null once it has replied why not
   * (401, 403, 503). Asked first on every route: an anonymous caller learns nothing.
   */
  signedInAdmin(request: FastifyRequest, reply: FastifyReply): Promise<ConsoleAdmin | null>;
  /** The mounting server's cross-site rule: such a request is refused, reads too. */
  isCrossSite(request: FastifyRequest): boolean;
  /**
   * Checks each remote's releases (within `timeoutMs`): one answer per remote, in the registry's
   * order, and the contract the dashboard provides.
   */
  checkHealth(
    live: RegistryFile,
    timeoutMs: number,
  ): Promise<{ contract: string; remotes: ConsoleRemoteHealth[] }>;
  preview: PreviewOptions;
}

/** Preview before canary (./preview.ts): who may, how the cookie is signed and sent. */
export interface PreviewOptions {
  /** Signs and checks the preview cookie (`previewKey(secret)`). */
  key: Buffer;
  /**
   * Who may preview: an admin, or on a stage other than production any signed-in user; null once
   * it has replied why not (401, 403, 503).
   */
  previewer(request: FastifyRequest, reply: FastifyReply): Promise<ConsoleAdmin | null>;
  /** The cookie is sent with Secure (the request came over HTTPS, or COOKIE_SECURE). */
  secure(request: FastifyRequest): boolean;
  /** Checks one release against this dashboard (manifest, contract, shared singletons). */
  checkRelease(version: string, manifest: string, timeoutMs: number): Promise<ReleaseHealth>;
}

/** A manifest that has not answered in this long is reported failing: the console stays quick. */
export const HEALTH_TIMEOUT_MS = 2000;

function refusal(reply: FastifyReply, status: number, error: string, message: string) {
  return reply.code(status).send({ error, message });
}

function releaseStatus(release: ReleaseHealth): ReleaseStatus {
  return {
    ...release,
    ok:
      release.manifestAnswers &&
      release.compatible !== false &&
      (release.sharedMismatches ?? []).length === 0,
  };
}

/** The history entry that made `version` live (deploy, promote or rollback), newest first. */
function madeLive(history: HistoryEntry[], version: string | undefined): HistoryEntry | undefined {
  if (!version) return undefined;
  return history.findLast(
    (entry) =>
      entry.version === version && ['deploy', 'promote', 'rollback'].includes(entry.action),
  );
}

async function publishedVersions(store: RemoteStore, remote: RegistryRemote): Promise<string[]> {
  if (store.versions) return store.versions(remote.name);
  // An adapter that cannot list: the versions the history names whose files are still there.
  const named = [...new Set((remote.history ?? []).map((entry) => entry.version))].reverse();
  const present = await Promise.all(named.map((version) => store.has(remote.name, version)));
  return named.filter((_version, index) => present[index]);
}

async function describeRemote(
  remote: RegistryRemote,
  health: ConsoleRemoteHealth,
  store: RemoteStore,
  config: Pick<DeliveryConsoleOptions, 'remotesOrigin' | 'rolloutMinuteMs'>,
): Promise<ConsoleRemote> {
  const { remotesOrigin } = config;
  const history = remote.history ?? [];
  const live = madeLive(history, remote.version);
  const { canary } = remote;
  const candidate = canary
    ? history.findLast((entry) => entry.action === 'canary' && entry.version === canary.version)
    : undefined;
  const commitOf = (version: string) =>
    history.findLast((entry) => entry.version === version && entry.commit)?.commit ?? null;
  const published = await publishedVersions(store, remote).catch(() => []);
  const { problems } = health;
  return {
    name: remote.name,
    live: {
      version: remote.version ?? null,
      manifest: absoluteAddress(remote.manifest, remotesOrigin),
      deployedAt: live?.at || null,
      by: live?.by || null,
      actor: live?.actor ?? null,
      commit: live?.commit ?? null,
    },
    canary: canary
      ? {
          version: canary.version,
          manifest: absoluteAddress(canary.manifest, remotesOrigin),
          percent: canary.percent,
          users: canary.users,
          since: canary.since ?? null,
          by: canary.by ?? null,
          actor: canary.actor ?? candidate?.actor ?? null,
          commit: candidate?.commit ?? commitOf(canary.version),
          rollout: canary.rollout
            ? {
                ...canary.rollout,
                steps: STRATEGIES[canary.rollout.strategy].length,
                nextStepAt: nextStepAt(canary, config.rolloutMinuteMs)?.toISOString() ?? null,
              }
            : null,
          health: canary.health ?? null,
        }
      : null,
    history: [...history].reverse(),
    rollbackTo: rollbackTarget(remote),
    available: published
      .filter((version) => version !== remote.version && version !== canary?.version)
      .map((version) => ({
        version,
        // A preview is no deploy: rollback cannot go to a version only ever previewed.
        deployedBefore: history.some(
          (entry) => entry.version === version && entry.action !== 'preview',
        ),
        commit: commitOf(version),
      })),
    health: {
      status: problems.length ? 'failing' : 'ok',
      problems,
      live: releaseStatus(health.live),
      canary: health.canary ? releaseStatus(health.canary) : null,
    },
  };
}

/** What a change did, for the audit line: the version everyone (or the canary's share) left and got. */
function fromTo(entry: HistoryEntry): { from: string | null; to: string | null } {
  if (entry.action === 'abort') return { from: entry.version, to: entry.previous };
  return { from: entry.previous, to: entry.version };
}

type Body = Record<string, unknown>;

class InvalidRequest extends Error {}

function versionField(body: Body, name: string, required: boolean): string | undefined {
  const value = body[name];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || !VERSION.test(value)) {
    throw new InvalidRequest(
      required
        ? `"${name}" must name the version you confirmed, e.g. "0.1.0+3f2a9c1d"`
        : `"${name}" must be a version, e.g. "0.1.0+3f2a9c1d"`,
    );
  }
  return value;
}

function canaryUsers(value: unknown): string[] {
  if (value === undefined) return [];
  const ids = Array.isArray(value) ? value : null;
  if (!ids || !ids.every((id) => (typeof id === 'string' && id.trim()) || Number.isInteger(id))) {
    throw new InvalidRequest('"users" must be a list of user ids');
  }
  return [...new Set(ids.map((id) => String(id).trim()))];
}

/** Runs one console action through the CLI's operation for it. */
function runAction(
  action: DeliveryConsoleAction,
  context: DeliveryContext,
  name: string,
  body: Body,
): Promise<Outcome> {
  const version = versionField(body, 'version', true) as string;
  // The live version the admin saw, when the page sends it: a change since then is refused.
  const from = versionField(body, 'from', false);
  const live = from === undefined ? {} : { live: from };
  switch (action) {
    case 'promote': {
      const { force } = body;
      if (force !== undefined && typeof force !== 'boolean')
        throw new InvalidRequest('"force" must be true or false');
      return promote(context, name, { expected: { ...live, canary: version }, force });
    }
    case 'abort':
      return abort(context, name, { expected: { ...live, canary: version } });
    case 'rollback':
      return rollback(context, name, { to: version, expected: live });
    case 'canary': {
      const { percent } = body;
      if (typeof percent !== 'number' || !Number.isInteger(percent) || percent < 0 || percent > 100)
        throw new InvalidRequest('"percent" must be a whole percentage from 0 to 100');
      const users = canaryUsers(body.users);
      if (percent === 0 && users.length === 0)
        throw new InvalidRequest('a canary needs a "percent" above 0 or named "users"');
      return startCanary(context, name, version, { percent, users }, { expected: live });
    }
  }
}

/** A change the operations refused, answered as the console says it; anything else is thrown. */
function refuseChange(reply: FastifyReply, error: unknown) {
  if (error instanceof InvalidRequest) return refusal(reply, 400, 'invalid_request', error.message);
  if (error instanceof UnknownRemoteError) return refusal(reply, 404, 'not_found', error.message);
  if (error instanceof VersionChangedError)
    return refusal(reply, 409, 'version_changed', error.message);
  // Another writer changed the remote while this change was made: to the admin it is what
  // version_changed is (the page reads the registry again), with who got there first.
  if (error instanceof RegistryConflictError)
    return refusal(reply, 409, 'version_changed', error.message);
  if (error instanceof RegistryUnavailableError)
    return refusal(reply, 503, 'registry_unavailable', error.message);
  if (error instanceof UnhealthyCandidateError)
    return refusal(reply, 409, 'candidate_unhealthy', error.message);
  if (error instanceof DeliveryError) return refusal(reply, 409, 'refused', error.message);
  if (error instanceof RegistryLockedError)
    return refusal(reply, 503, 'registry_busy', error.message);
  throw error;
}

/** Why a release cannot be previewed in this dashboard, in words; null when it can. */
function unfit(release: ReleaseHealth): string | null {
  if (!release.manifestAnswers)
    return `its manifest does not answer (${release.error ?? 'no answer'})`;
  if (release.compatible === false) return `it needs shell contract ${release.contract}`;
  const [mismatch] = release.sharedMismatches ?? [];
  return mismatch
    ? `it needs ${mismatch.name} ${mismatch.requiredVersion} (the dashboard has ${mismatch.provided})`
    : null;
}

/** The Set-Cookie value that keeps `preview` in this browser, or ends it (null). */
function previewCookie(preview: Preview | null, key: Buffer, secure: boolean, now: number): string {
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  if (!preview) return [`${PREVIEW_COOKIE}=`, 'Max-Age=0', ...attributes].join('; ');
  const seconds = Math.max(1, Math.ceil((previewEnds(preview) - now) / 1000));
  return [
    `${PREVIEW_COOKIE}=${signPreview(key, preview)}`,
    `Max-Age=${seconds}`,
    ...attributes,
  ].join('; ');
}

/** What this browser previews now for `user`, from its cookie. */
function currentPreview(request: FastifyRequest, key: Buffer, user: string | null, now: number) {
  return readPreview(key, parseCookies(request.headers.cookie)[PREVIEW_COOKIE], user, now);
}

/** Mounts the console's routes (`/admin-api/remotes…`) on `app`. */
export function registerDeliveryConsole(
  app: FastifyInstance,
  options: DeliveryConsoleOptions,
): void {
  const { registry, store, signedInAdmin, isCrossSite, preview } = options;

  app.register(async (api) => {
    api.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // The /api proxy's rule, for reads too: the console is used from the dashboard only.
      if (isCrossSite(request)) {
        return refusal(
          reply,
          403,
          'cross_site_request',
          'This request was refused because it did not come from the Hostdash dashboard.',
        );
      }
    });

    api.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'delivery console request failed');
        return refusal(reply, 500, 'internal', 'The delivery console failed; see the shell log.');
      }
      return refusal(
        reply,
        status,
        status === 415 ? 'unsupported_media_type' : 'invalid_request',
        error.message,
      );
    });

    api.get(`${DELIVERY_CONSOLE_PREFIX}/remotes`, async (request, reply) => {
      if (!(await signedInAdmin(request, reply))) return reply;
      let live;
      try {
        live = await registry.read({ missingIsEmpty: true });
      } catch (error) {
        request.log.error(
          { err: error, registry: registry.location },
          'the registry cannot be read',
        );
        return refusal(reply, 503, 'registry_unreadable', 'The remote registry cannot be read.');
      }
      const health = await options.checkHealth(live, HEALTH_TIMEOUT_MS);
      const remotes = await Promise.all(
        live.remotes.map((remote, index) =>
          describeRemote(remote, health.remotes[index] as ConsoleRemoteHealth, store, options),
        ),
      );
      const answer: ConsoleRemotes = {
        contract: health.contract,
        checkedAt: new Date().toISOString(),
        remotes,
      };
      return reply.send(answer);
    });

    api.post<{ Params: { name: string; action: string } }>(
      `${DELIVERY_CONSOLE_PREFIX}/remotes/:name/:action`,
      async (request, reply) => {
        // Who asks comes first: an anonymous caller learns nothing, not even which actions exist.
        const admin = await signedInAdmin(request, reply);
        if (!admin) return reply;
        const { name, action } = request.params;
        if (
          !REMOTE_NAME.test(name) ||
          !(DELIVERY_CONSOLE_ACTIONS as readonly string[]).includes(action)
        ) {
          return refusal(reply, 404, 'not_found', `Nothing at POST ${request.url.split('?')[0]}.`);
        }
        const body = request.body;
        if (!body || typeof body !== 'object' || Array.isArray(body)) {
          return refusal(reply, 400, 'invalid_request', 'Send a JSON object naming the version.');
        }
        const context: DeliveryContext = {
          registry,
          store,
          by: admin.email,
          actor: { id: admin.id, email: admin.email },
        };
        let outcome: Outcome;
        try {
          outcome = await runAction(action as DeliveryConsoleAction, context, name, body as Body);
        } catch (error) {
          return refuseChange(reply, error);
        }
        const change = outcome.recorded as HistoryEntry;
        // The audit line: who, what, when, from which version to which (never a session).
        request.log.info(
          {
            audit: {
              event: 'remote_delivery',
              remote: name,
              action: change.action,
              ...fromTo(change),
              at: change.at,
              userId: admin.id,
              email: admin.email,
            },
          },
          `delivery console: ${outcome.message}`,
        );
        const answer: ConsoleChangeAnswer = {
          remote: name,
          action: action as DeliveryConsoleAction,
          message: outcome.message,
          change,
        };
        return reply.send(answer);
      },
    );

    // Preview before canary: this browser, for this user, loads a published version (./preview.ts).
    api.post<{ Params: { name: string } }>(
      `${DELIVERY_CONSOLE_PREFIX}/remotes/:name/preview`,
      async (request, reply) => {
        const previewer = await preview.previewer(request, reply);
        if (!previewer) return reply;
        const { name } = request.params;
        if (!REMOTE_NAME.test(name)) {
          return refusal(reply, 404, 'not_found', `Nothing at POST ${request.url.split('?')[0]}.`);
        }
        const body = request.body;
        const now = Date.now();
        const context: DeliveryContext = {
          registry,
          store,
          by: previewer.email,
          actor: { id: previewer.id, email: previewer.email },
        };
        try {
          if (!body || typeof body !== 'object' || Array.isArray(body))
            throw new InvalidRequest('Send a JSON object naming the version.');
          const version = versionField(body as Body, 'version', true) as string;
          const target = await previewTarget(context, name, version);
          const manifest = absoluteAddress(target.manifest, options.remotesOrigin);
          const why = unfit(await preview.checkRelease(version, manifest, HEALTH_TIMEOUT_MS));
          if (why) {
            return refusal(
              reply,
              409,
              'incompatible',
              `${name} ${version} cannot be previewed in this dashboard: ${why}.`,
            );
          }
          const hours = PREVIEW_TTL_MS / 3_600_000;
          const outcome = await recordPreview(
            context,
            name,
            target,
            `in ${previewer.email}'s browser only, for ${hours} hour${hours === 1 ? '' : 's'} or until stopped`,
          );
          const before = currentPreview(request, preview.key, previewer.id, now);
          const next: Preview = {
            user: previewer.id,
            remotes: {
              ...before?.remotes,
              [name]: {
                version: target.version,
                manifest: target.manifest,
                until: now + PREVIEW_TTL_MS,
                ...(target.integrity ? { integrity: target.integrity } : {}),
                ...(target.contract ? { contract: target.contract } : {}),
              },
            },
          };
          const change = outcome.recorded as HistoryEntry;
          request.log.info(
            {
              audit: {
                event: 'remote_preview',
                remote: name,
                version,
                at: change.at,
                userId: previewer.id,
                email: previewer.email,
              },
            },
            `delivery console: ${outcome.message}`,
          );
          reply.header(
            'set-cookie',
            previewCookie(next, preview.key, preview.secure(request), now),
          );
          const answer: ConsoleChangeAnswer = {
            remote: name,
            action: 'preview',
            message: outcome.message,
            change,
          };
          return reply.send(answer);
        } catch (error) {
          return refuseChange(reply, error);
        }
      },
    );

    // Stopping a preview changes this browser only: no sign-in needed (a signed-out browser may
    // still hold the cookie), nothing recorded.
    api.delete<{ Params: { name: string } }>(
      `${DELIVERY_CONSOLE_PREFIX}/remotes/:name/preview`,
      async (request, reply) => {
        const { name } = request.params;
        if (!REMOTE_NAME.test(name)) {
          return refusal(
            reply,
            404,
            'not_found',
            `Nothing at DELETE ${request.url.split('?')[0]}.`,
          );
        }
        const now = Date.now();
        const cookie = parseCookies(request.headers.cookie)[PREVIEW_COOKIE];
        // The cookie names its user; read it for that user (the signature is still checked).
        const user = cookie ? previewUser(cookie) : null;
        const before = readPreview(preview.key, cookie, user, now);
        const { [name]: stopped, ...rest } = before?.remotes ?? {};
        const next = before && Object.keys(rest).length > 0 ? { ...before, remotes: rest } : null;
        reply.header('set-cookie', previewCookie(next, preview.key, preview.secure(request), now));
        const answer: ConsolePreviewStopped = {
          remote: name,
          message: stopped
            ? `${name} ${stopped.version} is no longer previewed in this browser`
            : `${name} was not previewed in this browser`,
        };
        return reply.send(answer);
      },
    );

    // Anything else under the prefix is JSON's not found, never the dashboard's page.
    const notFound = async (request: FastifyRequest, reply: FastifyReply) =>
      refusal(
        reply,
        404,
        'not_found',
        `Nothing at ${request.method} ${request.url.split('?')[0]}.`,
      );
    api.all(DELIVERY_CONSOLE_PREFIX, notFound);
    api.all(`${DELIVERY_CONSOLE_PREFIX}/*`, notFound);
  });
}
