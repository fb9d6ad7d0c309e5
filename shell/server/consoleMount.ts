// The delivery console (@hostdash/delivery's HTTP API, /admin-api/remotes) mounted on the shell
// server with the shell's own checks: who is signed in (the request's session, asked of the API)
// and is an admin, the /api proxy's cross-site rule, and each remote's health against this shell's
// build. The routes, the changes and the audit line are the package's.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  registerDeliveryConsole,
  type ConsoleAdmin,
  type RegistryStore,
  type RemoteStore,
} from '@hostdash/delivery';
import { isAdmin, NO_RESPONSE_MESSAGE } from '@hostdash/shared-auth';
import type { ShellConfig } from './config';
import { checkRemotes, readShellBuildInfo, remoteProblems } from './health';
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
  /** The signed-in admin, or null once the reply says why not (401, 403, 503). */
  async function signedInAdmin(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<ConsoleAdmin | null> {
    const state = await users.loadSession(request.session.id, request);
    if (state.state === 'unreachable') {
      await refusal(reply, 503, 'no_response', NO_RESPONSE_MESSAGE);
      return null;
    }
    if (state.state === 'signed-out') {
      await refusal(reply, 401, 'unauthorized', 'Sign in to continue.');
      return null;
    }
    if (!isAdmin(state.user)) {
      await refusal(reply, 403, 'forbidden', 'Only Hostdash admins can see and change deliveries.');
      return null;
    }
    return state.user;
  }

  registerDeliveryConsole(app, {
    registry,
    store,
    remotesOrigin: config.remotesOrigin,
    rolloutMinuteMs: config.rolloutMinuteMs,
    signedInAdmin,
    isCrossSite,
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
