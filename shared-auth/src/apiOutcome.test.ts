import { apiOutcome, type AnsweredCall } from './apiOutcome';

const call = (overrides: Partial<AnsweredCall>): AnsweredCall => ({
  method: 'POST',
  path: '/listing/update/12',
  status: 500,
  error: { error: 'internal' },
  ...overrides,
});

describe('apiOutcome', () => {
  it.each<[string, Partial<AnsweredCall>]>([
    [
      'a 400 naming a body field (a refused credential)',
      {
        status: 400,
        error: { error: 'credentials_refused', field: 'credentials.apiKey', in: 'body' },
      },
    ],
    [
      'a 400 naming a query field',
      { status: 400, error: { error: 'invalid_request', field: 'search', in: 'query' } },
    ],
    [
      'a 401 to the sign-in',
      { path: '/login', status: 401, error: { error: 'invalid_credentials' } },
    ],
    [
      'a 401 to the second step',
      { path: '/user/auth/challenge', status: 401, error: { error: 'invalid_code' } },
    ],
    [
      'a declined card',
      { path: '/user/billing/updateCard/1', status: 402, error: { error: 'card_declined' } },
    ],
    [
      'a 404 of a "nothing yet" lookup',
      { method: 'GET', status: 404, error: { error: 'image_not_found' } },
    ],
    ['a stale write', { status: 409, error: { error: 'stale_write' } }],
  ])('%s is a refusal the page expects', (_name, overrides) => {
    expect(apiOutcome(call(overrides))).toBe('refusal');
  });

  it.each<[string, Partial<AnsweredCall>]>([
    ['no answer (down, a time-out)', { status: null, error: { error: 'no_response' } }],
    ['a 500', { status: 500, error: { error: 'internal' } }],
    ['a proxy’s 502', { status: 502, error: { error: 'http_502' } }],
    ['a 400 without a field', { status: 400, error: { error: 'bad_request' } }],
    [
      'a 400 naming a path parameter (the page built the address)',
      { status: 400, error: { error: 'invalid_request', field: 'id', in: 'path' } },
    ],
    [
      'a 401 off the sign-in (the session is over)',
      { status: 401, error: { error: 'unauthorized' } },
    ],
    ['a 401 to a GET of the sign-in path', { method: 'GET', path: '/login', status: 401 }],
    ['a 403', { status: 403, error: { error: 'forbidden' } }],
    ['a 404 of a record', { method: 'GET', status: 404, error: { error: 'not_found' } }],
    ['a 429', { status: 429, error: { error: 'too_many_requests' } }],
  ])('%s is a failure', (_name, overrides) => {
    expect(apiOutcome(call(overrides))).toBe('failure');
  });

  it('reads the sign-in call without its query or a trailing slash, whatever the method’s case', () => {
    expect(
      apiOutcome(
        call({ method: 'post', path: '/login/?next=%2F', status: 401, error: { error: 'x' } }),
      ),
    ).toBe('refusal');
  });
});
