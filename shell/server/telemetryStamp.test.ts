/** @jest-environment node */
// The shell server's stamp on telemetry (issue 30, finding 2): the proxy vouches for a signed-in
// user's batch (who, and the versions it serves them), the API's own check accepts it, and nothing
// a browser sends is passed on as a stamp.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { stampKey as apiStampKey, verifyStamp } from '../../api/src/telemetry/telemetryStamp';
import { hashUserId } from '../src/telemetry/shape';
import { buildShellServer } from './app';
import { servedRemotes } from './registry';
import { signStamp, stampKey, TELEMETRY_STAMP_HEADER, telemetryUserHash } from './telemetryStamp';
import { startUpstream, temporaryDir, testConfig, type Upstream } from './testSupport';
import { DEMO_MANAGER, DEMO_OWNER } from '@hostdash/testing/demoUsers';

const TOKEN = 'shell-test-delivery-token-0123456789abcdef';
const LIVE = '0.1.0+aaaaaaaa';
const CANDIDATE = '0.2.0+bbbbbbbb';

const registry = {
  remotes: [
    {
      name: 'listings',
      version: LIVE,
      manifest: `listings/${LIVE}/mf-manifest.json`,
      // The owner is named on the candidate; nobody else is in its share.
      canary: {
        version: CANDIDATE,
        manifest: `listings/${CANDIDATE}/mf-manifest.json`,
        percent: 0,
        users: [DEMO_OWNER.id],
      },
    },
    { name: 'billing', version: '0.3.0+cccccccc', manifest: 'billing/0.3.0/mf-manifest.json' },
    // Registered, never deployed: no version anyone runs.
    { name: 'admin', manifest: 'admin/mf-manifest.json' },
  ],
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('servedRemotes', () => {
  it('names the candidate first and the rollout for a user on it, the live version otherwise', () => {
    expect(servedRemotes(registry, DEMO_OWNER.id)).toEqual({
      listings: { versions: [CANDIDATE, LIVE], inRollout: true },
      billing: { versions: ['0.3.0+cccccccc'], inRollout: false },
    });
    expect(servedRemotes(registry, DEMO_MANAGER.id).listings).toEqual({
      versions: [LIVE],
      inRollout: false,
    });
  });
});

describe('the stamp', () => {
  it('names the user by the hash the browser’s telemetry gives them', async () => {
    expect(telemetryUserHash('42')).toBe(await hashUserId('42'));
  });

  it('is what the API checks: its claims for this body, not for another, not with another key', () => {
    const key = stampKey(TOKEN);
    expect(apiStampKey(TOKEN).equals(key)).toBe(true);
    const body = Buffer.from('{"session":"tab-0000000000000001"}');
    const claims = { user: telemetryUserHash('7'), remotes: servedRemotes(registry, '7') };
    const stamp = signStamp(key, claims, body);
    expect(verifyStamp(stamp, sha256(body.toString()), key)).toEqual(claims);
    expect(verifyStamp(stamp, sha256('{"session":"tab-0000000000000002"}'), key)).toBeNull();
    expect(verifyStamp(stamp, sha256(body.toString()), stampKey(`${TOKEN}x`))).toBeNull();
  });
});

describe('the proxy', () => {
  let upstream: Upstream;
  let app: FastifyInstance;
  const dir = temporaryDir('shell-stamp');
  const registryFile = path.join(dir, 'remotes.json');
  writeFileSync(registryFile, JSON.stringify(registry));
  const body = '{"session":"tab-0000000000000001","shell":"s","events":[]}';

  const start = async (overrides: Record<string, string> = {}) => {
    upstream = await startUpstream((request) =>
      request.url === '/loadAuth'
        ? request.headers.authorization === 'owner-session'
          ? { json: DEMO_OWNER }
          : { status: 401, json: { error: 'unauthorized', message: 'Sign in to continue.' } }
        : { status: 202, json: { accepted: 1 } },
    );
    app = buildShellServer(
      testConfig({
        API_URL: upstream.url,
        REMOTES_FILE: registryFile,
        DELIVERY_TOKEN: TOKEN,
        ...overrides,
      }),
      { logger: false },
    );
  };

  afterEach(async () => {
    await app.close();
    await upstream.close();
  });

  /** A beacon from this origin, with the session cookie when given, and what the API received. */
  async function beacon(session?: string, headers: Record<string, string> = {}) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/telemetry',
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        ...(session ? { cookie: `hd_session=${session}` } : {}),
        ...headers,
      },
      payload: body,
    });
    expect(response.statusCode).toBe(202);
    const forwarded = upstream.requests.find((request) => request.url === '/telemetry');
    expect(forwarded?.body).toBe(body);
    return forwarded?.headers[TELEMETRY_STAMP_HEADER];
  }

  it('stamps a signed-in user’s batch with who they are and what they are served', async () => {
    await start();
    const stamp = await beacon('owner-session');
    expect(typeof stamp).toBe('string');
    expect(verifyStamp(String(stamp), sha256(body), stampKey(TOKEN))).toEqual({
      user: telemetryUserHash(DEMO_OWNER.id),
      remotes: {
        listings: { versions: [CANDIDATE, LIVE], inRollout: true },
        billing: { versions: ['0.3.0+cccccccc'], inRollout: false },
      },
    });
  });

  it('passes on no stamp a browser made, signed in or not', async () => {
    await start();
    const forged = signStamp(
      stampKey(TOKEN),
      { user: telemetryUserHash('99'), remotes: {} },
      Buffer.from(body),
    );
    expect(await beacon(undefined, { [TELEMETRY_STAMP_HEADER]: forged })).toBeUndefined();
    upstream.requests.length = 0;
    const stamp = await beacon('owner-session', { [TELEMETRY_STAMP_HEADER]: forged });
    expect(stamp).not.toBe(forged);
    expect(verifyStamp(String(stamp), sha256(body), stampKey(TOKEN))?.user).toBe(
      telemetryUserHash(DEMO_OWNER.id),
    );
  });

  it('stamps nothing for a session the API refuses, or without DELIVERY_TOKEN', async () => {
    await start();
    expect(await beacon('expired-session')).toBeUndefined();
    await app.close();
    await upstream.close();
    await start({ DELIVERY_TOKEN: '' });
    expect(await beacon('owner-session')).toBeUndefined();
  });
});
