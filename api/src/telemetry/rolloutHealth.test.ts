// The health analysis that decides a rollout (issue 17): the verdict on fixed figures, and on
// telemetry stored through the real collector — a candidate against the live version's users not
// on the rollout, over the same minutes, only what the shell server vouched for, one session per
// user (issue 30) — behind the shell server's delivery token.
import { signStamp, stampKey, telemetryUserHash } from '../testing/telemetryStamps';
import { startTestApi, type TestApi } from '../testing/testApi';
import { judge, rolloutHealth, type Figures, type Thresholds } from './rolloutHealth';
import { storeBatch } from './telemetryStore';

const TOKEN = 'test-delivery-token-0123456789abcdef';
const THRESHOLDS: Thresholds = { minSessions: 10, errorMargin: 2, vitalsMargin: 25 };

const figures = (overrides: Partial<Figures> = {}): Figures => ({
  sessions: 100,
  errorRate: 0.01,
  loadFailureRate: 0,
  apiFailureRate: 0.05,
  apiRefusalRate: 0.1,
  lcpP75: 1800,
  inpP75: 120,
  ...overrides,
});

describe('judge', () => {
  it('is not enough data below the minimum sample on either side, and says which', () => {
    expect(judge(figures({ sessions: 4 }), figures(), THRESHOLDS)).toMatchObject({
      verdict: 'not_enough_data',
      reason: '4 of 10 sessions on the candidate',
    });
    expect(judge(figures(), figures({ sessions: 9 }), THRESHOLDS)).toMatchObject({
      verdict: 'not_enough_data',
      reason: '9 of 10 sessions on the live version',
    });
  });

  it('is healthy within the margins, and gives the error rates', () => {
    const verdict = judge(
      figures({ errorRate: 0.025, sessions: 312, lcpP75: 2100 }),
      figures({ errorRate: 0.01 }),
      THRESHOLDS,
    );
    expect(verdict).toMatchObject({
      verdict: 'healthy',
      reason: 'error rate 2.5 % vs 1.0 %, 312 sessions',
    });
  });

  it('is unhealthy on errors, load failures, failed calls or slower vitals beyond the margins', () => {
    const cases: [Partial<Figures>, string][] = [
      [{ errorRate: 0.041, sessions: 312 }, 'error rate 4.1 % vs 1.0 %, 312 sessions'],
      [{ loadFailureRate: 0.12 }, 'remote load failures 12.0 % vs 0.0 %, 100 sessions'],
      [{ apiFailureRate: 0.4 }, 'API failure rate 40.0 % vs 5.0 %, 100 sessions'],
      [{ lcpP75: 3400 }, 'LCP p75 3.4 s vs 1.8 s, 100 sessions'],
      [{ inpP75: 400 }, 'INP p75 400 ms vs 120 ms, 100 sessions'],
    ];
    for (const [candidate, reason] of cases) {
      const verdict = judge(figures(candidate), figures(), THRESHOLDS);
      expect(verdict.verdict).toBe('unhealthy');
      expect(verdict.reason).toContain(reason);
    }
  });

  it('never judges refusals the pages expect, however many more the candidate meets', () => {
    const verdict = judge(
      figures({ apiRefusalRate: 0.9, apiFailureRate: 0.05 }),
      figures({ apiRefusalRate: 0, apiFailureRate: 0.05 }),
      THRESHOLDS,
    );
    expect(verdict).toMatchObject({
      verdict: 'healthy',
      candidate: { apiRefusalRate: 0.9 },
      live: { apiRefusalRate: 0 },
    });
  });

  it('does not call a few milliseconds slower unhealthy, however large the percentage', () => {
    expect(judge(figures({ inpP75: 60 }), figures({ inpP75: 24 }), THRESHOLDS).verdict).toBe(
      'healthy',
    );
  });
});

describe('on stored telemetry', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ config: { deliveryToken: TOKEN, rolloutMinSessions: 10 } });
  });
  afterAll(() => api.close());
  afterEach(async () => {
    for (const table of [
      'throttles',
      'telemetry_events',
      'telemetry_minutes',
      'telemetry_minute_sessions',
      'telemetry_minute_users',
    ])
      await api.db.query(`delete from ${table}`);
  });

  let tabs = 0;
  const newTab = () => `rollout-tab-${String((tabs += 1)).padStart(8, '0')}`;
  let users = 0;

  /** A tab's events on a listings version: a page view, LCP, and what `options` adds. */
  function tabEvents(
    version: string,
    options: {
      inRollout: boolean;
      withError?: boolean;
      lcp?: number;
      apiCalls?: number;
      apiFailures?: number;
      apiRefusals?: number;
    },
  ) {
    const base = {
      at: new Date().toISOString(),
      route: '/listings',
      remote: 'listings',
      remoteVersion: version,
      inRollout: options.inRollout,
      user: 'b'.repeat(64),
    };
    return [
      { ...base, type: 'route_change' as const, durationMs: 300 },
      { ...base, type: 'vital' as const, vital: 'LCP' as const, value: options.lcp ?? 1500 },
      ...(options.withError
        ? [{ ...base, type: 'boundary_error' as const, message: 'Listings threw' }]
        : []),
      ...(options.apiCalls
        ? [{ ...base, type: 'api_calls' as const, value: options.apiCalls }]
        : []),
      ...Array.from({ length: options.apiFailures ?? 0 }, () => ({
        ...base,
        type: 'api_failure' as const,
        apiMethod: 'GET' as const,
        apiPath: '/listing/load',
        apiStatus: 500,
        message: 'internal',
      })),
      ...Array.from({ length: options.apiRefusals ?? 0 }, () => ({
        ...base,
        type: 'api_refusal' as const,
        apiMethod: 'POST' as const,
        apiPath: '/listing/update/{id}',
        apiStatus: 409,
        message: 'stale_write',
      })),
    ];
  }

  /**
   * `count` signed-in users on `version`, one tab each, as the shell server stamps them (the
   * candidate 0.2.0 for users on the rollout, the live 0.1.0 otherwise); `withError` of them with
   * an error.
   */
  async function sessions(
    version: string,
    count: number,
    options: {
      inRollout: boolean;
      withError?: number;
      lcp?: number;
      apiCalls?: number;
      apiFailures?: number;
      apiRefusals?: number;
      /** One user for every tab (a user with many tabs). */
      user?: string;
    },
  ) {
    for (let index = 0; index < count; index++) {
      const user = options.user ?? telemetryUserHash(`rollout-user-${(users += 1)}`);
      await storeBatch(
        api.db,
        {
          session: newTab(),
          shell: 'shell-0.1.0',
          events: tabEvents(version, { ...options, withError: index < (options.withError ?? 0) }),
        },
        {
          user,
          remotes: {
            listings: options.inRollout
              ? { versions: ['0.2.0', '0.1.0'], inRollout: true }
              : { versions: ['0.1.0'], inRollout: false },
          },
        },
      );
    }
  }

  /** listings 0.2.0 against 0.1.0 since `from`, as the route judges it. */
  const judgeListings = (from: Date) =>
    rolloutHealth(
      api.db,
      { remote: 'listings', candidate: '0.2.0', live: '0.1.0', from, now: new Date() },
      THRESHOLDS,
    );

  const query = (from: Date) =>
    `/telemetry/rollout-health?remote=listings&candidate=0.2.0&live=0.1.0&from=${from.toISOString()}`;

  it('judges the candidate against live users not on the rollout over the same window', async () => {
    const from = new Date(Date.now() - 5 * 60_000);
    await sessions('0.1.0', 20, { inRollout: false, withError: 0 });
    // Live-version events from users on the rollout (a fallback) are not the baseline.
    await sessions('0.1.0', 5, { inRollout: true, withError: 5 });
    await sessions('0.2.0', 12, { inRollout: true, withError: 6 });
    const verdict = await judgeListings(from);
    expect(verdict).toMatchObject({
      verdict: 'unhealthy',
      reason: 'error rate 50.0 % vs 0.0 %, 12 sessions',
      candidate: { sessions: 12, errorRate: 0.5 },
      live: { sessions: 20, errorRate: 0 },
    });
  });

  it('counts a user with many tabs as one session', async () => {
    const from = new Date(Date.now() - 60_000);
    await sessions('0.1.0', 10, { inRollout: false });
    const oneUser = telemetryUserHash('rollout-one-user');
    await sessions('0.2.0', 40, { inRollout: true, withError: 40, user: oneUser });
    expect(await judgeListings(from)).toMatchObject({
      verdict: 'not_enough_data',
      reason: '1 of 10 sessions on the candidate',
      candidate: { sessions: 1, errorRate: 1 },
    });
  });

  describe('the outside test’s forged batches (issue 30, finding 2)', () => {
    /**
     * What the outside test sent: 80 POST /telemetry from one client without a cookie — 40 invented
     * tab sessions claiming the candidate on the rollout, and 40 claiming the live version — each
     * with a stamp signed by a key someone guessed. `candidateErrors`: the candidate's claim an
     * error (to abort it) or clean (to hide a bad one).
     */
    async function forge(candidateErrors: boolean) {
      const guessed = stampKey('a-guess-at-the-delivery-token-0123456789');
      for (const [version, inRollout, withError] of [
        ['0.2.0', true, candidateErrors],
        ['0.1.0', false, false],
      ] as const) {
        for (let index = 0; index < 40; index++) {
          const body = JSON.stringify({
            session: newTab(),
            shell: 'shell-0.1.0',
            events: tabEvents(version, { inRollout, withError }),
          });
          const stamp = signStamp(
            guessed,
            {
              user: telemetryUserHash(`forged-${index}`),
              remotes: { listings: { versions: [version], inRollout } },
            },
            Buffer.from(body),
          );
          const response = await api.post('/telemetry', body, undefined, {
            'x-forwarded-for': '198.51.100.66',
            'x-telemetry-stamp': stamp,
          });
          expect(response.status).toBe(202);
        }
      }
    }

    it('decide nothing on their own', async () => {
      const from = new Date(Date.now() - 60_000);
      await forge(true);
      expect(await judgeListings(from)).toMatchObject({
        verdict: 'not_enough_data',
        reason: '0 of 10 sessions on the candidate',
        candidate: { sessions: 0 },
        live: { sessions: 0 },
      });
      // They are still there for the analytics.
      expect(await api.db.query('select distinct session from telemetry_events')).toHaveLength(80);
    });

    it('cannot abort a healthy candidate', async () => {
      const from = new Date(Date.now() - 60_000);
      await sessions('0.1.0', 10, { inRollout: false });
      await sessions('0.2.0', 10, { inRollout: true });
      await forge(true);
      expect(await judgeListings(from)).toMatchObject({
        verdict: 'healthy',
        reason: 'error rate 0.0 % vs 0.0 %, 10 sessions',
      });
    });

    it('cannot hide a broken candidate', async () => {
      const from = new Date(Date.now() - 60_000);
      await sessions('0.1.0', 10, { inRollout: false });
      await sessions('0.2.0', 10, { inRollout: true, withError: 10 });
      await forge(false);
      expect(await judgeListings(from)).toMatchObject({
        verdict: 'unhealthy',
        reason: 'error rate 100.0 % vs 0.0 %, 10 sessions',
      });
    });
  });

  it('rates failed API calls among the calls the pages made', async () => {
    const from = new Date(Date.now() - 60_000);
    await sessions('0.1.0', 10, { inRollout: false, apiCalls: 20, apiFailures: 0 });
    await sessions('0.2.0', 10, { inRollout: true, apiCalls: 10, apiFailures: 3 });
    const verdict = await judgeListings(from);
    expect(verdict).toMatchObject({
      verdict: 'unhealthy',
      reason: 'API failure rate 30.0 % vs 0.0 %, 10 sessions',
      candidate: { apiFailureRate: expect.closeTo(0.3, 10) },
      live: { apiFailureRate: 0 },
    });
  });

  it('does not judge a candidate whose pages meet the refusals they expect worse than live', async () => {
    const from = new Date(Date.now() - 60_000);
    await sessions('0.1.0', 10, { inRollout: false, apiCalls: 10, apiFailures: 1 });
    // Half of the candidate's calls refused as its pages expect (stale writes): not failures.
    await sessions('0.2.0', 10, { inRollout: true, apiCalls: 10, apiFailures: 1, apiRefusals: 5 });
    const verdict = await judgeListings(from);
    expect(verdict).toMatchObject({
      verdict: 'healthy',
      candidate: {
        apiFailureRate: expect.closeTo(0.1, 10),
        apiRefusalRate: expect.closeTo(0.5, 10),
      },
      live: { apiFailureRate: expect.closeTo(0.1, 10), apiRefusalRate: 0 },
    });
  });

  it('answers the driver with its token: healthy, not enough data; refuses a wrong token', async () => {
    const from = new Date(Date.now() - 60_000);
    await sessions('0.1.0', 10, { inRollout: false });
    await sessions('0.2.0', 3, { inRollout: true });
    const early = await api.get(query(from), undefined, { 'x-delivery-token': TOKEN });
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({
      verdict: 'not_enough_data',
      reason: '3 of 10 sessions on the candidate',
    });
    await sessions('0.2.0', 7, { inRollout: true });
    const later = await api.get(query(from), undefined, { 'x-delivery-token': TOKEN });
    expect(later.body).toMatchObject({
      verdict: 'healthy',
      candidate: { sessions: 10, errorRate: 0, lcpP75: 1500 },
      live: { sessions: 10 },
    });
    expect(Date.parse(String(later.body.at))).toBeGreaterThan(Date.now() - 60_000);

    expect((await api.get(query(from))).status).toBe(401);
    const wrong = await api.get(query(from), undefined, { 'x-delivery-token': `${TOKEN}x` });
    expect(wrong.status).toBe(401);
    const bad = await api.get(
      '/telemetry/rollout-health?remote=listings&candidate=../x&live=0.1.0&from=yesterday',
      undefined,
      { 'x-delivery-token': TOKEN },
    );
    expect(bad.status).toBe(400);
  });

  it('is not served without DELIVERY_TOKEN', async () => {
    const unconfigured = await startTestApi();
    try {
      const response = await unconfigured.get(query(new Date()), undefined, {
        'x-delivery-token': TOKEN,
      });
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ error: 'not_configured' });
    } finally {
      await unconfigured.close();
    }
  });
});
