import { createTelemetry, MAX_BATCH, SEND_AT, type PageContext } from './telemetry';

const context: PageContext = {
  route: '/reservation/:id',
  remote: 'reservations',
  remoteVersion: '0.1.0+abc',
  inRollout: false,
  user: null,
};

function setUp(options: { sampleRate?: number; random?: () => number; accept?: boolean } = {}) {
  const sent: { endpoint: string; body: { session: string; shell: string; events: unknown[] } }[] =
    [];
  let accept = options.accept ?? true;
  const telemetry = createTelemetry({
    endpoint: '/api/telemetry',
    sampleRate: options.sampleRate ?? 1,
    shell: 'shell@1.13.0',
    context: () => context,
    random: options.random ?? (() => 0.5),
    now: () => new Date('2026-11-25T10:00:00Z'),
    send: (endpoint, body) => {
      if (accept) sent.push({ endpoint, body: JSON.parse(body) });
      return accept;
    },
  });
  return { telemetry, sent, refuse: (value: boolean) => (accept = !value) };
}

describe('the shell’s telemetry', () => {
  it('keeps events until the page is hidden, then sends them in one batch with the page’s context', () => {
    const { telemetry, sent } = setUp();
    telemetry.record({ type: 'route_change', durationMs: 420 });
    telemetry.record({ type: 'vital', vital: 'LCP', value: 1800 });
    expect(sent).toHaveLength(0);
    telemetry.flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.endpoint).toBe('/api/telemetry');
    expect(sent[0]!.body).toEqual({
      session: telemetry.sessionId,
      shell: 'shell@1.13.0',
      events: [
        { ...context, type: 'route_change', durationMs: 420, at: '2026-11-25T10:00:00.000Z' },
        { ...context, type: 'vital', vital: 'LCP', value: 1800, at: '2026-11-25T10:00:00.000Z' },
      ],
    });
    expect(telemetry.sessionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    telemetry.flush();
    expect(sent).toHaveLength(1);
  });

  it('counts API calls per page context and sends each count as one event with the batch', () => {
    let page: PageContext = context;
    const sent: { events: Record<string, unknown>[] }[] = [];
    const telemetry = createTelemetry({
      endpoint: '/api/telemetry',
      sampleRate: 1,
      shell: 'shell@1.18.0',
      context: () => page,
      random: () => 0.5,
      now: () => new Date('2026-11-25T10:00:00Z'),
      send: (_endpoint, body) => Boolean(sent.push(JSON.parse(body))),
    });
    telemetry.countApiCall();
    telemetry.countApiCall();
    page = { ...context, route: '/listings', remote: 'listings', remoteVersion: '0.2.0+def' };
    telemetry.countApiCall();
    expect(telemetry.pending()).toBe(0);
    telemetry.flush();
    expect(sent[0]?.events).toEqual([
      { ...context, type: 'api_calls', value: 2, at: '2026-11-25T10:00:00.000Z' },
      { ...page, type: 'api_calls', value: 1, at: '2026-11-25T10:00:00.000Z' },
    ]);
    // Counted once: the next batch starts from nothing.
    telemetry.flush();
    expect(sent).toHaveLength(1);
  });

  it('sends a full batch at once, and never more than the collector takes in one', () => {
    const { telemetry, sent } = setUp();
    for (let index = 0; index < SEND_AT; index += 1) telemetry.record({ type: 'route_change' });
    expect(sent).toHaveLength(1);
    expect(telemetry.pending()).toBe(0);

    const { telemetry: offline, sent: later, refuse } = setUp({ accept: false });
    for (let index = 0; index < MAX_BATCH + 10; index += 1)
      offline.record({ type: 'route_change' });
    refuse(false);
    offline.flush();
    expect(later.map((batch) => batch.body.events.length)).toEqual([MAX_BATCH, 10]);
  });

  it('keeps what the browser would not take for the next try', () => {
    const { telemetry, sent, refuse } = setUp({ accept: false });
    telemetry.record({ type: 'error', message: 'boom' });
    telemetry.flush();
    expect(telemetry.pending()).toBe(1);
    refuse(false);
    telemetry.flush();
    expect(sent).toHaveLength(1);
    expect(telemetry.pending()).toBe(0);
  });

  it('reports from a sampled share of tab sessions only', () => {
    expect(setUp({ sampleRate: 1, random: () => 0.99 }).telemetry.sampled).toBe(true);
    const { telemetry, sent } = setUp({ sampleRate: 0.25, random: () => 0.5 });
    expect(telemetry.sampled).toBe(false);
    telemetry.record({ type: 'error', message: 'boom' });
    telemetry.flush();
    expect(sent).toHaveLength(0);
    expect(setUp({ sampleRate: 0, random: () => 0 }).telemetry.sampled).toBe(false);
  });

  it('never throws at the page when the collector or the context fails', () => {
    const telemetry = createTelemetry({
      endpoint: '/api/telemetry',
      sampleRate: 1,
      shell: 'shell',
      context: () => {
        throw new Error('no registry yet');
      },
      send: () => {
        throw new Error('beacon blew up');
      },
    });
    expect(() => telemetry.record({ type: 'error' })).not.toThrow();
    expect(() => telemetry.flush()).not.toThrow();
  });
});
