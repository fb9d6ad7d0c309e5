import { startTestApi, type TestApi } from '../testing/testApi';
import { monthBounds } from './calendar';

let api: TestApi;
let owner: string;

beforeAll(async () => {
  api = await startTestApi();
  owner = await api.signIn('owner@hostdash.test');
});
afterAll(() => api.close());

describe('GET /reservation/calendar', () => {
  it('answers every listing that is not archived, with each confirmed stay overlapping the month', async () => {
    const [busiest] = await api.db.query<{ month: string }>(
      `select to_char(check_in_date, 'YYYY-MM') as month from reservations r
       join users u on u.account_id = r.account_id and u.email = 'owner@hostdash.test'
       where r.status = 'CONFIRMED' group by 1 order by count(*) desc limit 1`,
    );
    const month = busiest!.month;
    const { firstDay, lastDay } = monthBounds(month);
    const answer = await api.get(`/reservation/calendar?month=${month}`, owner);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      month,
      first_day: firstDay,
      last_day: lastDay,
      truncated: false,
    });

    const [expected] = await api.db.query<{ listings: number; stays: number }>(
      `select (select count(*)::int from listings l join users u on u.account_id = l.account_id
                where u.email = 'owner@hostdash.test' and l.status <> 'archived') as listings,
              (select count(*)::int from reservations r join listings l on l.id = r.listing_id
                join users u on u.account_id = r.account_id
                where u.email = 'owner@hostdash.test' and l.status <> 'archived'
                  and r.status = 'CONFIRMED'
                  and r.check_in_date <= $2::date and r.check_out_date > $1::date) as stays`,
      [firstDay, lastDay],
    );
    const listings = answer.body.listings as {
      stays: { check_in_date: string; check_out_date: string; colour: string }[];
    }[];
    expect(listings).toHaveLength(expected!.listings);
    const stays = listings.flatMap((listing) => listing.stays);
    expect(stays).toHaveLength(expected!.stays);
    expect(stays.length).toBeGreaterThan(0);
    for (const stay of stays) {
      expect(stay.check_in_date <= lastDay && stay.check_out_date > firstDay).toBe(true);
      expect(['green', 'yellow', 'orange', 'red']).toContain(stay.colour);
    }
  });

  it('refuses a month that is not YYYY-MM, in words, naming the field', async () => {
    for (const month of ['2026-13', '2026-1', 'november', ''])
      expect(await api.get(`/reservation/calendar?month=${month}`, owner)).toMatchObject({
        status: 400,
        body: { error: 'invalid_request', field: 'month', in: 'query' },
      });
    expect(await api.get('/reservation/calendar?month=1999-12', owner)).toMatchObject({
      status: 400,
      body: { message: 'Choose a month between 2000 and 2100.' },
    });
  });

  it('knows how long each month is', () => {
    expect(monthBounds('2028-02')).toEqual({ firstDay: '2028-02-01', lastDay: '2028-02-29' });
    expect(monthBounds('2026-11')).toEqual({ firstDay: '2026-11-01', lastDay: '2026-11-30' });
  });
});
