// A small stand-in for the shell server's delivery console (`/admin-api`) over real HTTP, so the
// page, the saga and the shared client run for real in component tests. What the real console does
// (the registry, its lock, who may change it, the audit) is tested against the real operations in
// shell/server/deliveryConsole.test.ts; the answers here are typed with the same shared-auth types.
import {
  DELIVERY_CONSOLE_PREFIX,
  type ConsoleChangeAnswer,
  type ConsoleChangeRequest,
  type ConsoleRemote,
  type ConsoleRemotes,
  type HistoryAction,
  type HistoryEntry,
} from '@hostdash/shared-auth';
import {
  startUpstream,
  type RecordedRequest,
  type Upstream,
  type UpstreamAnswer,
} from '@hostdash/testing/upstream';

export const VERSIONS = {
  older: '1.4.1+0a1b2c3d',
  live: '1.4.2+4e5f6a7b',
  aborted: '1.5.0+8c9d0e1f',
  reservations: '2.0.0+11112222',
  reservationsCanary: '2.1.0+33334444',
  billing: '0.9.0+55556666',
  /** Published with `deploy --preview`, previewed once, never deployed. */
  unreleased: '1.6.0+9a9b9c9d',
} as const;

const ADA = { id: '5', email: 'admin@hostdash.test' };

function entry(
  action: HistoryAction,
  version: string,
  previous: string | null,
  at: string,
  extra: Partial<HistoryEntry> = {},
): HistoryEntry {
  return {
    action,
    version,
    manifest: `/listings/${version}/mf-manifest.json`,
    previous,
    at,
    by: 'dana',
    commit: `c0ffee${version.slice(-8)}`,
    ...extra,
  };
}

const healthy = (version: string | null) => ({
  version,
  manifest: `http://remotes.test/${version}/mf-manifest.json`,
  manifestAnswers: true,
  compatible: true,
  ok: true,
});

/**
 * listings: 1.4.1 then 1.4.2 deployed, a canary of 1.5.0 aborted, 1.6.0 published and previewed;
 * nothing failing.
 */
export function listingsRemote(): ConsoleRemote {
  const { older, live, aborted, unreleased } = VERSIONS;
  return {
    name: 'listings',
    live: {
      version: live,
      manifest: `http://remotes.test/listings/${live}/mf-manifest.json`,
      deployedAt: '2026-11-20T10:00:00.000Z',
      by: ADA.email,
      actor: ADA,
      commit: `c0ffee${live.slice(-8)}`,
    },
    canary: null,
    history: [
      entry('preview', unreleased, live, '2026-11-22T08:00:00.000Z', {
        by: ADA.email,
        actor: ADA,
        reason: "in admin@hostdash.test's browser only, for 2 hours or until stopped",
      }),
      entry('abort', aborted, live, '2026-11-21T09:30:00.000Z'),
      entry('canary', aborted, live, '2026-11-21T09:00:00.000Z'),
      entry('deploy', live, older, '2026-11-20T10:00:00.000Z', { by: ADA.email, actor: ADA }),
      entry('deploy', older, null, '2026-11-18T08:00:00.000Z'),
    ],
    rollbackTo: older,
    available: [
      { version: unreleased, deployedBefore: false, commit: null },
      { version: aborted, deployedBefore: true, commit: null },
      { version: older, deployedBefore: true, commit: null },
    ],
    health: { status: 'ok', problems: [], live: healthy(live), canary: null },
  };
}

const ROLLOUT_FIGURES = {
  sessions: 120,
  errorRate: 0.003,
  loadFailureRate: 0,
  apiFailureRate: 0.01,
  apiRefusalRate: 0.04,
  lcpP75: 1800,
  inpP75: 120,
};

/** reservations: a canary of 2.1.0 for 25% and users 4 and 7, rolling out linearly, healthy. */
export function reservationsRemote(): ConsoleRemote {
  const { reservations, reservationsCanary } = VERSIONS;
  return {
    name: 'reservations',
    live: {
      version: reservations,
      manifest: `http://remotes.test/reservations/${reservations}/mf-manifest.json`,
      deployedAt: '2026-11-19T12:00:00.000Z',
      by: 'dana',
      actor: null,
      commit: null,
    },
    canary: {
      version: reservationsCanary,
      manifest: `http://remotes.test/reservations/${reservationsCanary}/mf-manifest.json`,
      percent: 25,
      users: ['4', '7'],
      since: '2026-11-22T15:00:00.000Z',
      by: ADA.email,
      actor: ADA,
      commit: 'feedbeef1234',
      rollout: {
        strategy: 'linear10-every-5m',
        step: 2,
        steps: 9,
        stepSince: '2026-11-22T15:10:00.000Z',
        nextStepAt: '2026-11-22T15:15:00.000Z',
      },
      health: {
        verdict: 'healthy',
        reason: 'error rate 0.3 % vs 0.4 %, 120 sessions',
        at: '2026-11-22T15:12:00.000Z',
        candidate: ROLLOUT_FIGURES,
        live: ROLLOUT_FIGURES,
      },
    },
    history: [
      entry('canary', reservationsCanary, reservations, '2026-11-22T15:00:00.000Z'),
      entry('deploy', reservations, null, '2026-11-19T12:00:00.000Z'),
    ],
    rollbackTo: null,
    available: [],
    health: {
      status: 'ok',
      problems: [],
      live: healthy(reservations),
      canary: healthy(reservationsCanary),
    },
  };
}

/** billing: its live manifest does not answer. */
export function billingRemote(): ConsoleRemote {
  const { billing } = VERSIONS;
  return {
    name: 'billing',
    live: {
      version: billing,
      manifest: `http://remotes.test/billing/${billing}/mf-manifest.json`,
      deployedAt: '2026-11-17T07:00:00.000Z',
      by: 'dana',
      actor: null,
      commit: null,
    },
    canary: null,
    history: [entry('deploy', billing, null, '2026-11-17T07:00:00.000Z')],
    rollbackTo: null,
    available: [],
    health: {
      status: 'failing',
      problems: [`billing ${billing}: manifest does not answer (the manifest answered 404)`],
      live: {
        ...healthy(billing),
        manifestAnswers: false,
        ok: false,
        error: 'the manifest answered 404',
      },
      canary: null,
    },
  };
}

export interface ConsoleServer extends Upstream {
  remotes: ConsoleRemote[];
  /** The next change answers this instead (e.g. a 409, as if someone else changed it). */
  failNextChange: UpstreamAnswer | null;
  /** The changes posted: remote, action and the body sent. */
  changes: () => { name: string; action: string; body: ConsoleChangeRequest }[];
  requestsTo: (pathname: string) => RecordedRequest[];
}

/** What the real console does with a change, as far as the page can see it. */
function applyChange(
  remote: ConsoleRemote,
  action: string,
  body: ConsoleChangeRequest,
): UpstreamAnswer {
  const live = remote.live.version;
  if (body.from !== undefined && body.from !== live) {
    return {
      status: 409,
      json: {
        error: 'version_changed',
        message: `${remote.name} is now live on ${live}, not ${body.from}: look again before you confirm`,
      },
    };
  }
  const { canary } = remote;
  if (action === 'promote' && canary?.health?.verdict === 'unhealthy' && !body.force) {
    return {
      status: 409,
      json: {
        error: 'candidate_unhealthy',
        message: `${remote.name} ${canary.version} is unhealthy (${canary.health.reason}): promote it anyway with --force`,
      },
    };
  }
  const at = new Date().toISOString();
  const change = entry(action as HistoryAction, body.version, live, at, {
    by: ADA.email,
    actor: ADA,
  });
  let message: string;
  if (action === 'rollback' || action === 'promote') {
    remote.live = { ...remote.live, version: body.version, deployedAt: at, by: ADA.email };
    remote.canary = null;
    remote.rollbackTo = action === 'promote' ? live : null;
    message =
      action === 'rollback'
        ? `${remote.name} is back on ${body.version} (was ${live})`
        : `${remote.name} ${body.version} is live for everyone (was ${live})`;
  } else if (action === 'abort') {
    remote.canary = null;
    message = `${remote.name} canary ${body.version} aborted; everyone is on ${live}`;
  } else {
    remote.canary = {
      version: body.version,
      manifest: change.manifest,
      percent: body.percent ?? 0,
      users: (body.users ?? []).map(String),
      since: at,
      by: ADA.email,
      actor: ADA,
      commit: change.commit ?? null,
      rollout: null,
      health: null,
    };
    message = `${remote.name} ${body.version} is the candidate; everyone else stays on ${live}`;
  }
  remote.history = [change, ...remote.history];
  remote.available = remote.available.filter(
    (item) => item.version !== remote.live.version && item.version !== remote.canary?.version,
  );
  const answer: ConsoleChangeAnswer = {
    remote: remote.name,
    action: action as ConsoleChangeAnswer['action'],
    message,
    change,
  };
  return { json: answer };
}

export async function startConsoleServer(
  remotes: ConsoleRemote[] = [listingsRemote(), reservationsRemote(), billingRemote()],
): Promise<ConsoleServer> {
  let state: Pick<ConsoleServer, 'remotes' | 'failNextChange'> = { remotes, failNextChange: null };
  const pathOf = (request: RecordedRequest) => new URL(request.url, 'http://shell').pathname;

  const upstream = await startUpstream((request) => {
    const path = pathOf(request);
    if (path === `${DELIVERY_CONSOLE_PREFIX}/remotes` && request.method === 'GET') {
      const answer: ConsoleRemotes = {
        contract: '1.6.0',
        checkedAt: new Date().toISOString(),
        remotes: state.remotes,
      };
      return { json: answer };
    }
    const change = new RegExp(`^${DELIVERY_CONSOLE_PREFIX}/remotes/([a-z-]+)/([a-z]+)$`).exec(path);
    if (change && request.method === 'POST') {
      if (state.failNextChange) {
        const failure = state.failNextChange;
        state.failNextChange = null;
        return failure;
      }
      const remote = state.remotes.find((candidate) => candidate.name === change[1]);
      if (!remote) return { status: 404, json: { error: 'not_found', message: 'no such remote' } };
      return applyChange(remote, change[2]!, JSON.parse(request.body) as ConsoleChangeRequest);
    }
    return { status: 404, json: { error: 'not_found', message: `Nothing at ${path}` } };
  });
  const requests = upstream.requests;
  const server: ConsoleServer = Object.assign(upstream, state, {
    changes: () =>
      requests.flatMap((request) => {
        const match = /\/remotes\/([a-z-]+)\/([a-z]+)$/.exec(pathOf(request));
        if (request.method !== 'POST' || !match) return [];
        return [
          {
            name: match[1]!,
            action: match[2]!,
            body: JSON.parse(request.body) as ConsoleChangeRequest,
          },
        ];
      }),
    requestsTo: (pathname: string) => requests.filter((request) => pathOf(request) === pathname),
  });
  state = server;
  return server;
}
