// The delivery console (@hostdash/delivery's HTTP API, /admin-api/remotes) mounted on the shell
// server with the shell's own checks: who is signed in (the request's session, asked of the API)
// and is an admin, the /api proxy's cross-site rule, and each remote's health against this shell's
// build. The routes, the changes and the audit line are the package's. A preview (docs/adr/0042)
// is for admins, and on a stage other than production (STAGE) for any signed-in developer.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  registerDeliveryConsole,
  type ConsoleAdmin,
  type RegistryStore,
  type RemoteStore,
} from '@hostdash/delivery';
import { isAdmin, NO_RESPONSE_MESSAGE, type User } from '@hostdash/shared-auth';
import type { ShellConfig } from './config';
import { cameOverHttps } from './cookies';
import { checkRelease, checkRemotes, readShellBuildInfo, remoteProblems } from './health';
import type { UserLoader } from './page';
import { isCrossSite } from './proxy';

function refusal(reply: FastifyReply, status: number, error: string, message: string) {
  return reply.code(status).send({ error, message });
}

export function mountDeliveryConsole(
  app: FastifyInstance,
  config: ShellConfig,
  users: UserLoader,
  store: RemoteStore,
  registry: RegistryStore,
): void {
  /**
   * The signed-in user when `allowed` lets them in, or null once the reply says why not (401, 403
   * with `forbidden`, 503).
   */
  function signedIn(allowed: (user: User) => boolean, forbidden: string) {
    return async (request: FastifyRequest, reply: FastifyReply): Promise<ConsoleAdmin | null> => {
      const state = await users.loadSession(request.session.id, request);
      if (state.state === 'unreachable') {
        await refusal(reply, 503, 'no_response', NO_RESPONSE_MESSAGE);
        return null;
      }
      if (state.state === 'signed-out') {
        await refusal(reply, 401, 'unauthorized', 'Sign in to continue.');
        return null;
      }
      if (!allowed(state.user)) {
        await refusal(reply, 403, 'forbidden', forbidden);
        return null;
      }
      return state.user;
    };
  }
  const signedInAdmin = signedIn(isAdmin, 'Only Hostdash admins can see and change deliveries.');
  const production = config.stage === 'prod';
  const previewer = signedIn(
    (user) => isAdmin(user) || !production,
    'Only Hostdash admins can preview a version on this stage.',
  );

  registerDeliveryConsole(app, {
    registry,
    store,
    remotesOrigin: config.remotesOrigin,
    rolloutMinuteMs: config.rolloutMinuteMs,
    signedInAdmin,
    isCrossSite,
    preview: {
      key: config.previewKey,
      previewer,
      secure: (request) => config.secureCookies || cameOverHttps(request),
      async checkRelease(version, manifest, timeoutMs) {
        const shell = await readShellBuildInfo(config.distDir);
        return checkRelease(version, manifest, shell, timeoutMs);
      },
    },
    async checkHealth(live, timeoutMs) {
      const shell = await readShellBuildInfo(config.distDir);
      const health = await checkRemotes(live, config.remotesOrigin, shell, timeoutMs);
      return {
        contract: shell.contract,
        remotes: health.map((remote) => ({
          live: remote,
          canary: remote.canary ?? null,
          problems: remoteProblems([remote], shell),
        })),
      };
    },
  });
}
