// The authorization matrix: who may call each operation of the API contract. Every operation in
// the OpenAPI document needs a row here (a new route without one fails the first test), its row
// must agree with the `security` the contract publishes, and each row is tried for real: without
// credentials, and as a host where the call is for Hostdash staff only.
import { startTestApi, type TestApi } from './testing/testApi';

type Access = 'anyone' | 'flag key' | 'signed in' | 'staff';

const MATRIX: Record<string, Access> = {
  'GET /health': 'anyone',
  'POST /login': 'anyone',
  'POST /user/auth/challenge': 'anyone',
  'GET /logout': 'anyone',
  'POST /user/auth/password/reset': 'anyone',
  'POST /user/auth/password/confirm': 'anyone',
  'GET /loadAuth': 'signed in',
  'GET /user/notifications/load': 'signed in',
  'POST /user/notifications/remove/{id}': 'signed in',
  'GET /listing/load': 'signed in',
  'GET /listing/stats': 'signed in',
  'GET /listing/get/{id}': 'signed in',
  'POST /listing/update/{id}': 'signed in',
  'GET /listing/building/{accountId}/{slug}': 'signed in',
  'GET /reservation/search': 'signed in',
  'GET /reservation/stats': 'signed in',
  'GET /reservation/analytics': 'signed in',
  'GET /reservation/get/{id}': 'signed in',
  'POST /reservation/create': 'signed in',
  'POST /reservation/update/{id}': 'signed in',
  'GET /protect/settings': 'signed in',
  'POST /protect/actions/setRiskTolerance': 'signed in',
  'GET /protect/log': 'signed in',
  'GET /reservation/protectLog/{id}': 'signed in',
  'POST /reservation/changeVerification/{id}': 'signed in',
  'POST /protect/webhook': 'signed in',
  'GET /reservation/image/{id}': 'signed in',
  'GET /reservation/rotateImage/{id}': 'signed in',
  'GET /user/reports/generate/{type}/{id}': 'signed in',
  'GET /user/reports/generate/{id}': 'signed in',
  'POST /task/address': 'signed in',
  'GET /admin/flags': 'staff',
  'POST /admin/flags/{name}': 'staff',
  'GET /admin/user/load': 'staff',
  'POST /admin/user/update/{userId}/{action}': 'staff',
  'OPTIONS /flagsmith/api/v1/{*}': 'anyone',
  'GET /flagsmith/api/v1/flags/': 'flag key',
  'GET /flagsmith/api/v1/identities/': 'flag key',
  'POST /flagsmith/api/v1/identities/': 'flag key',
  'POST /flagsmith/api/v1/analytics/flags/': 'flag key',
};

/** A sample value for each path parameter. */
const PATH_VALUES: Record<string, string> = {
  id: '1',
  accountId: '1',
  slug: 'marina-lofts',
  type: 'screening',
  name: 'outage_banner_dashboard',
  userId: '2',
  action: 'activate',
  '*': 'flags/',
};
/** Valid bodies, so that what is checked is who calls, not what is sent. */
const BODIES: Record<string, unknown> = {
  'POST /admin/flags/{name}': { enabled: false },
};

const SECURITY: Record<Access, string | null> = {
  anyone: null,
  'flag key': 'environmentKey',
  'signed in': 'session',
  staff: 'session',
};

let api: TestApi;
let operations: Map<string, { security?: Array<Record<string, unknown>> }>;
let host: string;

beforeAll(async () => {
  api = await startTestApi();
  const document = (
    await api.get<{ paths: Record<string, Record<string, object>> }>('/openapi.json')
  ).body;
  operations = new Map(
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => [
        `${method.toUpperCase()} ${path}`,
        operation,
      ]),
    ),
  );
  host = await api.signIn('owner@hostdash.test');
});
afterAll(() => api.close());

function call(operation: string, session?: string) {
  const [method = 'GET', template = '/'] = operation.split(' ');
  const url = template.replace(/\{([^}]+)\}/g, (_, name: string) => PATH_VALUES[name] ?? 'x');
  return api.app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...(session ? { authorization: session } : {}),
      ...(BODIES[operation] ? { 'content-type': 'application/json' } : {}),
    },
    ...(BODIES[operation] ? { payload: JSON.stringify(BODIES[operation]) } : {}),
  });
}

test('every operation of the contract has a row, and every row an operation', () => {
  expect([...operations.keys()].sort()).toEqual(Object.keys(MATRIX).sort());
});

test.each(Object.entries(MATRIX))(
  '%s: the contract says who may call it (%s)',
  (operation, access) => {
    const schemes = (operations.get(operation)?.security ?? []).flatMap((entry) =>
      Object.keys(entry),
    );
    const expected = SECURITY[access];
    expect(schemes).toEqual(expected ? [expected] : []);
  },
);

test.each(Object.entries(MATRIX).filter(([, access]) => access !== 'anyone'))(
  '%s: refused without credentials (%s)',
  async (operation) => {
    const response = await call(operation);
    expect(response.statusCode).toBe(401);
  },
);

test.each(Object.entries(MATRIX).filter(([, access]) => access === 'anyone'))(
  '%s: open to anyone',
  async (operation) => {
    const response = await call(operation);
    expect(response.statusCode).not.toBe(401);
    expect(response.statusCode).not.toBe(403);
  },
);

test.each(Object.entries(MATRIX).filter(([, access]) => access === 'staff'))(
  '%s: refused to a host (Hostdash staff only)',
  async (operation) => {
    const response = await call(operation, host);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'forbidden' });
  },
);
