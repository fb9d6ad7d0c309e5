import type { ReservationDetail } from '../reservations/reservationQueries';
import { signInRoles, type Role } from '../testing/roles';
import { startTestApi, type TestApi } from '../testing/testApi';
import { SCREENING_ACTOR, type LogItem } from './protectLog';
import {
  FACTORS,
  PARTY_WORDS_PATTERN,
  screenReservations,
  screenUnscreened,
  type RiskFactor,
} from './screening';

let api: TestApi;
let sessions: Record<Role, string>;
/** A two-bedroom listing of account 1 in Lisbon, and a studio. */
let twoBedrooms = { id: '', city: '' };
let studio = { id: '', city: '' };
/** The first Tuesday at least 30 days ahead, and the Wednesday, Friday, Saturday, Sunday after it. */
const days: Record<'tuesday' | 'wednesday' | 'friday' | 'saturday' | 'sunday', string> = {
  tuesday: '',
  wednesday: '',
  friday: '',
  saturday: '',
  sunday: '',
};

beforeAll(async () => {
  api = await startTestApi();
  sessions = await signInRoles(api);
  const [two] = await api.db.query<{ id: string; city: string }>(
    `select id::text as id, city from listings where account_id = 1 and bedrooms = 2 and city = 'Lisbon' order by id limit 1`,
  );
  const [zero] = await api.db.query<{ id: string; city: string }>(
    `select id::text as id, city from listings where account_id = 1 and bedrooms = 0 order by id limit 1`,
  );
  twoBedrooms = two ?? twoBedrooms;
  studio = zero ?? studio;
  const [row] = await api.db.query<typeof days>(
    `with t as (select current_date + 30 + ((9 - extract(isodow from current_date + 30)::int) % 7) as tuesday)
     select tuesday, tuesday + 1 as wednesday, tuesday + 3 as friday, tuesday + 4 as saturday, tuesday + 5 as sunday from t`,
  );
  Object.assign(days, row);
});
afterAll(() => api.close());

interface Stay {
  listing_id: string;
  guests: number;
  check_in: string;
  nights: number;
  verification: string;
  card_check: string;
  guest_city: string | null;
  message: string | null;
  /** Booked this many days before check-in (0: on the day). */
  booked_days_before: number;
}

/** A reservation that triggers nothing, with some of it changed; screened by the real statement. */
async function screen(
  changes: Partial<Stay> = {},
): Promise<{ id: string; score: number; factors: RiskFactor[] }> {
  const stay: Stay = {
    listing_id: twoBedrooms.id,
    guests: 2,
    check_in: days.tuesday,
    nights: 3,
    verification: 'verified',
    card_check: 'passed',
    guest_city: 'Toronto',
    message: 'Looking forward to it!',
    booked_days_before: 20,
    ...changes,
  };
  const [row] = await api.db.query<{ id: string }>(
    `insert into reservations (account_id, listing_id, guest_name, guest_email, guests_count, check_in_date, check_out_date,
                               status, source, verification_status, card_check, guest_city, guest_message, created_at)
     values (1, $1::bigint, 'Test Guest', 'test.guest@example.com', $2, $3::date, $3::date + $4::int, 'CONFIRMED', 'direct',
             $5, $6, $7, $8, ($3::date - $9::int)::timestamptz + interval '9 hours')
     returning id::text as id`,
    [
      stay.listing_id,
      stay.guests,
      stay.check_in,
      stay.nights,
      stay.verification,
      stay.card_check,
      stay.guest_city,
      stay.message,
      stay.booked_days_before,
    ],
  );
  const id = row?.id ?? '';
  await screenReservations(api.db, [id], { log: 'none', actor: SCREENING_ACTOR, trigger: 'test' });
  const [screened] = await api.db.query<{ score: number; factors: RiskFactor[] }>(
    'select risk_score as score, risk_factors as factors from reservations where id = $1::bigint',
    [id],
  );
  return { id, score: screened?.score ?? -1, factors: screened?.factors ?? [] };
}

const codes = (factors: RiskFactor[]): string[] => factors.map((factor) => factor.code);

describe('screening, factor by factor', () => {
  it('gives 0 and no factor to a reservation with nothing wrong', async () => {
    expect(await screen()).toMatchObject({ score: 0, factors: [] });
  });

  it('ID not verified: pending and incomplete +20, review +15, declined +40', async () => {
    for (const [verification, code, points] of [
      ['pending', 'id_not_verified', 20],
      ['incomplete', 'id_not_verified', 20],
      ['review', 'id_review', 15],
      ['declined', 'id_declined', 40],
    ] as const) {
      const { score, factors } = await screen({ verification });
      expect(score).toBe(points);
      expect(factors).toEqual([
        { code, label: expect.any(String), points, detail: expect.any(String) },
      ]);
    }
  });

  it('booked the same day as check-in +15', async () => {
    const sameDay = await screen({ booked_days_before: 0 });
    expect(sameDay.score).toBe(15);
    expect(sameDay.factors[0]).toEqual({
      code: 'same_day_booking',
      label: 'Booked the same day as check-in',
      points: 15,
      detail: `Booked on ${days.tuesday}, the day of arrival.`,
    });
    expect((await screen({ booked_days_before: 1 })).score).toBe(0);
  });

  it('a one-night stay starting Friday or Saturday +15 (not Sunday, not two nights)', async () => {
    const friday = await screen({ check_in: days.friday, nights: 1 });
    expect(friday.score).toBe(15);
    expect(friday.factors[0]?.detail).toBe(`One night, checking in on Friday ${days.friday}.`);
    expect((await screen({ check_in: days.saturday, nights: 1 })).score).toBe(15);
    expect((await screen({ check_in: days.sunday, nights: 1 })).score).toBe(0);
    expect((await screen({ check_in: days.wednesday, nights: 1 })).score).toBe(0);
    expect((await screen({ check_in: days.friday, nights: 2 })).score).toBe(0);
  });

  it("a local guest (the listing's city, any case) +15", async () => {
    const local = await screen({ guest_city: `  ${twoBedrooms.city.toUpperCase()} ` });
    expect(local).toMatchObject({
      score: 15,
      factors: [
        {
          code: 'local_guest',
          detail: `The guest lives in ${twoBedrooms.city.toUpperCase()}, where the listing is.`,
        },
      ],
    });
    expect((await screen({ guest_city: null })).score).toBe(0);
  });

  it('a large party (more than bedrooms x 2 + 1; a studio counts as one bedroom) +15', async () => {
    expect((await screen({ guests: 5 })).score).toBe(0);
    const six = await screen({ guests: 6 });
    expect(six).toMatchObject({ score: 15, factors: [{ code: 'large_party' }] });
    expect(six.factors[0]?.detail).toBe('6 guests for 2 bedrooms (more than 5).');
    expect((await screen({ listing_id: studio.id, guests: 3 })).score).toBe(0);
    expect((await screen({ listing_id: studio.id, guests: 4 })).factors[0]?.detail).toBe(
      '4 guests for a studio (more than 3).',
    );
  });

  it('party words in the message +20, as whole words in any case', async () => {
    for (const message of [
      'Planning a BIRTHDAY dinner',
      "We're celebrating our anniversary",
      'Bachelorette weekend!',
      'my sister’s hen do',
      'Stag weekend with the lads',
      'a DJ friend is coming',
      'in town for an event',
      'going to a rave',
      'my 21st!',
      'my graduation ceremony',
      'the after-party',
      'two parties',
    ]) {
      const { score, factors } = await screen({ message });
      expect({ message, score }).toEqual({ message, score: 20 });
      expect(factors[0]?.code).toBe('party_words');
    }
    for (const message of [
      'We work on stage design',
      'eventually we will arrive late',
      'flying in from Djibouti',
      'the counterparty signed',
      'prevent any noise',
      null,
    ]) {
      expect({ message, score: (await screen({ message })).score }).toEqual({ message, score: 0 });
    }
    const listed = await screen({ message: 'Birthday PARTY, then a party and a DJ' });
    expect(listed.factors[0]?.detail).toBe("The guest's message mentions: birthday, dj, party.");
  });

  it('a failed card check +25', async () => {
    expect(await screen({ card_check: 'failed' })).toMatchObject({
      score: 25,
      factors: [{ code: 'card_check_failed', points: 25 }],
    });
    expect((await screen({ card_check: 'not_run' })).score).toBe(0);
  });

  it('adds the factors up, biggest first, to at most 100', async () => {
    const some = await screen({ verification: 'review', card_check: 'failed', guests: 7 });
    expect(some.score).toBe(55);
    expect(codes(some.factors)).toEqual(['card_check_failed', 'id_review', 'large_party']);
    const all = await screen({
      verification: 'declined',
      card_check: 'failed',
      message: 'party!',
      booked_days_before: 0,
      check_in: days.saturday,
      nights: 1,
      guest_city: twoBedrooms.city,
      guests: 9,
    });
    expect(all.score).toBe(100); // 40 + 25 + 20 + 15 x 4 = 145
    expect(codes(all.factors)).toEqual([
      'id_declined',
      'card_check_failed',
      'party_words',
      'same_day_booking',
      'one_night_weekend',
      'local_guest',
      'large_party',
    ]);
  });

  it('lists the factors in an order that is always by points, descending', () => {
    const points = FACTORS.map((factor) => factor.points);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    expect(PARTY_WORDS_PATTERN).toContain('graduation');
  });
});

describe('screening what never was (the start-up backfill)', () => {
  it('screens every unscreened reservation in one statement and logs it', async () => {
    const [row] = await api.db.query<{ id: string }>(
      `insert into reservations (account_id, listing_id, guest_name, guests_count, check_in_date, check_out_date, source,
                                 verification_status, card_check)
       values (1, $1::bigint, 'Imported Guest', 2, current_date + 40, current_date + 43, 'vrbo', 'declined', 'failed')
       returning id::text as id`,
      [twoBedrooms.id],
    );
    expect(
      await screenUnscreened(api.db, {
        log: 'screened',
        actor: SCREENING_ACTOR,
        trigger: 'backfill',
      }),
    ).toBe(1);
    const [screened] = await api.db.query<{ risk_score: number; logged: number }>(
      `select risk_score, (select count(*)::int from protect_log p where p.reservation_id = r.id and p.event = 'screened') as logged
       from reservations r where r.id = $1::bigint and r.screened_at is not null`,
      [row?.id],
    );
    expect(screened).toEqual({ risk_score: 65, logged: 1 });
    expect(
      await screenUnscreened(api.db, { log: 'screened', actor: SCREENING_ACTOR, trigger: 'x' }),
    ).toBe(0);
  });
});

describe('risk tolerance moves colours at once', () => {
  it('the same reservations are green/yellow when lenient and orange/red when strict', async () => {
    const thirty = await screen({ verification: 'review', guests: 6 }); // 15 + 15
    const fifty = await screen({
      verification: 'pending',
      guest_city: twoBedrooms.city,
      check_in: days.friday,
      nights: 1,
    }); // 20 + 15 + 15
    expect([thirty.score, fifty.score]).toEqual([30, 50]);
    const colours = async (): Promise<string[]> =>
      Promise.all(
        [thirty.id, fifty.id].map(async (id) => {
          const detail = (
            await api.get<ReservationDetail>(`/reservation/get/${id}`, sessions.owner)
          ).body;
          return detail.risk.colour;
        }),
      );
    const setTolerance = (risk: string) =>
      api.post(`/protect/actions/setRiskTolerance?risk=${risk}`, undefined, sessions.owner);

    expect((await setTolerance('high')).status).toBe(200);
    expect(await colours()).toEqual(['green', 'yellow']);
    await setTolerance('balanced');
    expect(await colours()).toEqual(['yellow', 'orange']);
    await setTolerance('low');
    expect(await colours()).toEqual(['orange', 'red']);
    const detail = (
      await api.get<ReservationDetail>(`/reservation/get/${fifty.id}`, sessions.owner)
    ).body;
    expect(detail.risk).toMatchObject({
      tolerance: 'low',
      thresholds: { yellow: 15, orange: 30, red: 50 },
    });
    // The list and its colour filter follow too.
    const red = await api.get<{ items: Array<{ id: string }> }>(
      `/reservation/search?colour=red&listing_id=${twoBedrooms.id}&size=100`,
      sessions.owner,
    );
    expect(red.body.items.map((item) => item.id)).toContain(fifty.id);
    await setTolerance('balanced');
  });
});

describe('POST /protect/webhook', () => {
  it('re-screens now and always logs risk_recalculated, with before and after', async () => {
    const { id } = await screen({ verification: 'pending' });
    const before = (await api.get<ReservationDetail>(`/reservation/get/${id}`, sessions.owner))
      .body;
    const unchanged = await api.post<{ reservation: ReservationDetail }>(
      '/protect/webhook',
      { reservation: id, riskType: 'identity', source: 'dashboard' },
      sessions.owner,
    );
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.reservation).toMatchObject({ id, version: before.version });
    expect(unchanged.body.reservation.risk.score).toBe(20);
    const log = async () =>
      (await api.get<{ items: LogItem[] }>(`/reservation/protectLog/${id}`, sessions.owner)).body
        .items;
    expect((await log())[0]).toMatchObject({
      event: 'risk_recalculated',
      actor_name: 'Olivia Hart',
      details: {
        before: { score: 20, colour: 'green' },
        after: { score: 20, colour: 'green' },
        changed: false,
        risk_type: 'identity',
        source: 'dashboard',
        trigger: 'webhook',
      },
    });

    // Something changed outside (a payment provider's card check): a number id is accepted too.
    await api.db.query(`update reservations set card_check = 'failed' where id = $1::bigint`, [id]);
    const changed = await api.post<{ reservation: ReservationDetail }>(
      '/protect/webhook',
      { reservation: Number(id), riskType: 'payment' },
      sessions.owner,
    );
    expect(changed.body.reservation).toMatchObject({
      version: before.version + 1,
      risk: { score: 45, colour: 'orange' },
    });
    expect((await log())[0]).toMatchObject({
      event: 'risk_recalculated',
      details: {
        before: { score: 20, colour: 'green' },
        after: { score: 45, colour: 'orange' },
        changed: true,
        added: ['card_check_failed'],
        removed: [],
        risk_type: 'payment',
        source: 'dashboard',
      },
    });
  });

  it('checks the request and the caller', async () => {
    expect((await api.post('/protect/webhook', {}, sessions.owner)).body).toMatchObject({
      error: 'invalid_request',
      message: '"reservation" is required.',
    });
    expect(
      (await api.post('/protect/webhook', { reservation: '1', riskType: 'vibes' }, sessions.owner))
        .body,
    ).toMatchObject({ error: 'invalid_request', message: expect.stringContaining('"riskType"') });
    expect((await api.post('/protect/webhook', { reservation: '1' }, sessions.vendor)).status).toBe(
      403,
    );
    expect(
      (await api.post('/protect/webhook', { reservation: '1' }, sessions.newhost)).status,
    ).toBe(404);
    expect((await api.post('/protect/webhook', { reservation: '1' }, sessions.admin)).status).toBe(
      200,
    );
  });
});
