/** @jest-environment node */
// Issue 30, finding 6: a browser that closes its connection before its answer has gone out (a tab
// closed right after its telemetry beacon) was logged as two errors with a 500. It is one info line.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildShellServer } from './app';
import { CLIENT_CLOSED } from './clientAborts';
import { capturedLog, startUpstream, testConfig, type Upstream } from './testSupport';

/** What a browser leaving a page sends (compression accepted, as Chromium does). */
const beacon = (body: string) =>
  [
    'POST /api/telemetry HTTP/1.1',
    'Host: localhost',
    'Sec-Fetch-Site: same-origin',
    'Content-Type: application/json',
    'Accept-Encoding: gzip, deflate, br',
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ].join('\r\n');

const download = [
  'GET /api/download/big HTTP/1.1',
  'Host: localhost',
  'Sec-Fetch-Site: same-origin',
  'Accept-Encoding: gzip, deflate, br',
  '',
  '',
].join('\r\n');

// Random bytes: the compressed answer is as large as the answer, so it is still going out when the
// client leaves.
const INCOMPRESSIBLE = randomBytes(4 * 1024 * 1024).toString('base64');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a client that leaves before its answer', () => {
  let upstream: Upstream;
  let app: FastifyInstance;
  let log: ReturnType<typeof capturedLog>;
  let port: number;

  beforeEach(async () => {
    upstream = await startUpstream((request) =>
      request.url === '/download/big'
        ? { json: { rows: INCOMPRESSIBLE } }
        : { status: 202, json: { accepted: 1 }, delayMs: 300 },
    );
    log = capturedLog();
    app = buildShellServer(testConfig({ API_URL: upstream.url, LOG_LEVEL: 'info' }), {
      logStream: log.stream,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });

  afterEach(async () => {
    await app.close();
    await upstream.close();
  });

  /** What the server logged about requests (not its start-up notes). */
  const requestLog = () =>
    log.lines
      .map((line) => JSON.parse(line) as { level: number; msg: string; reqId?: string })
      .filter((entry) => entry.reqId !== undefined);

  /** Opens a connection, writes `request`, and closes it once `closeWhen` says so. */
  async function leave(request: string, closeWhen: (socket: net.Socket) => Promise<void>) {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(request);
    await closeWhen(socket);
    socket.destroy();
    // Long enough for the API's answer (300 ms) to reach the proxy, and the proxy to give up.
    await sleep(800);
  }

  it('gets its answer when it stays, over a real connection', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/telemetry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: '{"session":"staying-tab-00000001"}',
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 1 });
    expect(requestLog().filter((entry) => entry.msg === CLIENT_CLOSED)).toEqual([]);
  });

  it('is logged once at info, without an error or a 500, when it left while the API answered', async () => {
    await leave(beacon('{"session":"closing-tab-00000001"}'), async () => {
      await sleep(50);
    });
    expect(upstream.requests.map((request) => request.url)).toEqual(['/telemetry']);
    expect(requestLog().filter((entry) => entry.level >= 40)).toEqual([]);
    expect(log.lines.join('')).not.toMatch(/"statusCode":500|[Pp]remature close/);
    expect(requestLog().filter((entry) => entry.msg === CLIENT_CLOSED)).toEqual([
      expect.objectContaining({ level: 30 }),
    ]);
  });

  it('is logged at info, without an error, when it left during a compressed answer', async () => {
    await leave(download, async (socket) => {
      // The answer has begun: its headers and some compressed bytes arrived.
      await new Promise((resolve) => socket.once('data', resolve));
    });
    expect(requestLog().filter((entry) => entry.level >= 40)).toEqual([]);
    expect(log.lines.join('')).not.toMatch(/"statusCode":500/);
  });
});
