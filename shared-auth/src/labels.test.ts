// Every enum of the API contract a person can read has its words in LABELS: a new value in the
// API without a label fails here, naming it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LABELS, labelOf, roleInSentence, signInRefusalOf, type LabelKind } from './labels';

/**
 * Enums of the contract no page shows: machine values (a redirect target, an error code, where a
 * refused value was …).
 */
const NOT_SHOWN = new Set(
  [
    ['/login/challenge'],
    ['ok', 'unavailable'],
    // The API's liveness and readiness (issue 18): read by an orchestrator or a load balancer.
    ['ok'],
    ['draining', 'database_unavailable', 'migrations_pending'],
    ['STANDARD'],
    ['stale_write'],
    ['body', 'query', 'path', 'headers'],
    // Which kind of link or task an answer is, what a request asks: read by code, not shown.
    ['invite'],
    ['signup'],
    ['import'],
    ['sync', 'disconnect'],
    // The keys a closed body accepts (`closedBody`): the API's field names.
    ['name', 'email', 'current_password'],
    ['name', 'email', 'company', 'pms'],
    ['current_password', 'new_password'],
    [
      'mail_on_red_reservation',
      'mail_on_import_finished',
      'in_app_on_verification_change',
      'in_app_on_risky_booking',
    ],
    ['order'],
    ['title', 'text'],
    ['language'],
    ['title', 'text', 'required_fields'],
    ['listing_id', 'reservation_id', 'kind', 'title', 'body', 'translations'],
    ['note'],
    // The guest invites' bodies (issue 31): the bulk send's stays, the account's setting.
    ['ids'],
    ['enabled', 'days_before'],
    // The guest portal's screen body: `{ values }`.
    ['values'],
    // The span summary's kinds of operation (GET /admin/traces): read by code.
    ['server', 'db'],
    // Browser telemetry (issue 17): a batch's and an event's keys, API methods and Web Vitals'
    // names, read by code (the event types have words: LABELS.telemetryEvent).
    ['session', 'shell', 'events'],
    [
      'type',
      'at',
      'route',
      'remote',
      'remoteVersion',
      'inRollout',
      'user',
      'message',
      'apiMethod',
      'apiPath',
      'apiStatus',
      'durationMs',
      'vital',
      'value',
    ],
    ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    ['LCP', 'INP', 'CLS', 'TTFB', 'FCP'],
    // The answer to Stripe's webhook (issue 32): read by Stripe, never shown.
    ['queued', 'ignored', 'duplicate'],
  ].map((values) => values.join('|')),
);

function contractEnums(): string[][] {
  const document: unknown = JSON.parse(
    readFileSync(path.join(__dirname, '../../api/openapi.json'), 'utf8'),
  );
  const found = new Map<string, string[]>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      if (Array.isArray(record.enum) && record.enum.every((value) => typeof value === 'string')) {
        const values = record.enum as string[];
        found.set(values.join('|'), values);
      }
      Object.values(record).forEach(walk);
    }
  };
  walk(document);
  return [...found.values()];
}

describe('labels', () => {
  it('has words for every value of every enum of the API contract a person can read', () => {
    const enums = contractEnums().filter((values) => !NOT_SHOWN.has(values.join('|')));
    expect(enums.length).toBeGreaterThan(10);
    const unlabelled = enums.flatMap((values) => {
      // The kind whose labels cover this enum's values.
      const kind = (Object.keys(LABELS) as LabelKind[]).find((candidate) =>
        values.every((value) => value in LABELS[candidate]),
      );
      return kind ? [] : [values.join(', ')];
    });
    expect(unlabelled).toEqual([]);
  });

  it('reads as words, never as the raw value', () => {
    expect(labelOf('tolerance', 'balanced')).toBe('Balanced');
    expect(labelOf('tolerance', 'low')).toBe('Strict');
    expect(labelOf('bookingSource', 'vrbo')).toBe('Vrbo');
    expect(labelOf('reportType', 'guest-portal')).toBe('Guest portal report');
    expect(labelOf('protectEvent', 'tolerance_changed')).toBe('Risk tolerance changed');
    // A value from a newer API than this dashboard.
    expect(labelOf('protectEvent', 'deposit_charged')).toBe('Deposit charged');
    expect(labelOf('bookingSource', 'expedia')).toBe('Expedia');
  });

  it('says a role inside a sentence with its article, and staff without one', () => {
    expect(roleInSentence('manager')).toBe('a manager');
    expect(roleInSentence('owner')).toBe('an owner');
    expect(roleInSentence('admin')).toBe('an account admin');
    expect(roleInSentence('vendor')).toBe('building staff');
  });
});

describe('signInRefusalOf', () => {
  it('says a refused sign-in in the shared words, which name a deactivated account without telling', () => {
    const refusal = signInRefusalOf({
      error: 'invalid_credentials',
      message: 'The email or password is incorrect.',
      status: 401,
    });
    expect(refusal).toBe(LABELS.authAnswer.invalid_credentials);
    expect(refusal).toMatch(
      /^The email or password is incorrect\. If your account has been deactivated/,
    );
  });

  it('says any other refusal as the API does', () => {
    expect(
      signInRefusalOf({
        error: 'too_many_attempts',
        message: 'Too many failed sign-in attempts. Try again in 1 minute.',
        status: 429,
      }),
    ).toBe('Too many failed sign-in attempts. Try again in 1 minute.');
  });
});
