// The counts and search fields the triggers of migration 0005 keep: after every kind of change
// (one row, a bulk statement, a move between accounts' buildings, a rename, a tolerance change,
// new colour thresholds) they equal what counting the rows and reading the joined tables gives.
import { signInRoles, type Role } from '../testing/roles';
import { startTestApi, type TestApi } from '../testing/testApi';
import { migrate } from './migrate';

let api: TestApi;
let sessions: Record<Role, string>;

beforeAll(async () => {
  api = await startTestApi();
  sessions = await signInRoles(api);
});
afterAll(() => api.close());

/** Rows where listing_counts and a count of the listings disagree (none when they agree). */
function listingCountDrift() {
  return api.db.query(
    `with kept as (
       select account_id, coalesce(building_id, 0) as building, status, pms, sum(listings)::int as n
       from listing_counts group by 1, 2, 3, 4 having sum(listings) <> 0
     ),
     actual as (
       select account_id, coalesce(building_id, 0) as building, status, pms, count(*)::int as n
       from listings group by 1, 2, 3, 4
     )
     select * from kept full join actual using (account_id, building, status, pms)
     where kept.n is distinct from actual.n`,
  );
}

/** Days where reservation_day_counts and a count of the reservations disagree. */
function dayCountDrift() {
  return api.db.query(
    `with actual as (
       select r.account_id, r.check_in_date,
              count(*) filter (where r.status = 'CONFIRMED')::int as confirmed,
              count(*) filter (where r.status = 'CANCELLED')::int as cancelled,
              count(*) filter (where r.status = 'INQUIRY')::int as inquiry,
              count(*) filter (where r.status = 'CONFIRMED' and r.verification_status = 'pending')::int as pending,
              count(*) filter (where r.status = 'CONFIRMED' and r.verification_status = 'incomplete')::int as incomplete,
              count(*) filter (where r.status = 'CONFIRMED' and r.verification_status = 'review')::int as review,
              count(*) filter (where r.status = 'CONFIRMED' and r.verification_status = 'verified')::int as verified,
              count(*) filter (where r.status = 'CONFIRMED' and r.verification_status = 'declined')::int as declined,
              count(*) filter (where r.status = 'CONFIRMED' and c.colour = 'green')::int as green,
              count(*) filter (where r.status = 'CONFIRMED' and c.colour = 'yellow')::int as yellow,
              count(*) filter (where r.status = 'CONFIRMED' and c.colour = 'orange')::int as orange,
              count(*) filter (where r.status = 'CONFIRMED' and c.colour = 'red')::int as red,
              count(*) filter (where r.status = 'CONFIRMED' and r.verification_status = 'review' and c.colour = 'green')::int as review_green,
              count(*) filter (where r.status = 'CONFIRMED' and r.verification_status = 'review' and c.colour = 'yellow')::int as review_yellow
       from reservations r join accounts a on a.id = r.account_id
       cross join lateral (select risk_colour(r.risk_score, a.risk_tolerance) as colour) c
       group by 1, 2
     ),
     kept as (
       select * from reservation_day_counts
       where confirmed <> 0 or cancelled <> 0 or inquiry <> 0
     )
     select actual.account_id as actual_account, kept.account_id as kept_account, actual.check_in_date
     from actual full join kept using (account_id, check_in_date)
     where (actual.confirmed, actual.cancelled, actual.inquiry, actual.pending, actual.incomplete,
            actual.review, actual.verified, actual.declined, actual.green, actual.yellow, actual.orange,
            actual.red, actual.review_green, actual.review_yellow)
           is distinct from
           (kept.confirmed, kept.cancelled, kept.inquiry, kept.pending, kept.incomplete, kept.review,
            kept.verified, kept.declined, kept.green, kept.yellow, kept.orange, kept.red,
            kept.review_green, kept.review_yellow)`,
  );
}

async function expectCountsAgree(): Promise<void> {
  expect(await listingCountDrift()).toEqual([]);
  expect(await dayCountDrift()).toEqual([]);
}

describe('the kept counts', () => {
  it('agree with the seeded data, and the totals they give are the rows’ totals', async () => {
    await expectCountsAgree();
    const [kept] = await api.db.query<{ n: number }>(
      'select sum(confirmed)::int as n from reservation_day_counts where account_id = 1',
    );
    expect(kept?.n).toBeGreaterThan(0);
  });

  it('follow single changes, bulk statements and deletes', async () => {
    await api.db.transaction(async (tx) => {
      // Bulk: every listing of a building inactive, a PMS moved, a listing out of its building.
      await tx.query(
        `update listings set status = 'inactive' where building_id = (select min(id) from buildings where account_id = 1)`,
      );
      await tx.query(
        `update listings set pms = 'beds24' where id in (select id from listings where account_id = 1 order by id limit 3)`,
      );
      await tx.query(
        `update listings set building_id = null where id = (select max(id) from listings where building_id is not null)`,
      );
      // Reservations: statuses, verifications, scores (colours) and dates change, some in one go.
      await tx.query(
        `update reservations set status = 'CANCELLED' where id in (select id from reservations where account_id = 1 and status = 'CONFIRMED' order by id limit 5)`,
      );
      await tx.query(
        `update reservations set verification_status = 'review', risk_score = 10 where id in (select id from reservations where account_id = 1 order by id desc limit 7)`,
      );
      await tx.query(
        `update reservations set risk_score = 90, check_in_date = check_in_date + 1, check_out_date = check_out_date + 1 where id = (select min(id) from reservations where account_id = 1)`,
      );
      // A change that moves nothing counted.
      await tx.query(
        `update reservations set guest_phone = '+351 900 000 000' where account_id = 1`,
      );
    });
    await expectCountsAgree();

    const [stay] = await api.db.query<{ id: string }>(
      `select id::text as id from reservations r where not exists (select 1 from reservation_images i where i.reservation_id = r.id)
         and not exists (select 1 from reservation_reports p where p.reservation_id = r.id)
         and not exists (select 1 from protect_log g where g.reservation_id = r.id)
       order by id desc limit 1`,
    );
    if (stay) {
      await api.db.query('delete from reservations where id = $1::bigint', [stay.id]);
      await expectCountsAgree();
    }
  });

  it('follow a reservation created, edited and re-screened through the API', async () => {
    const [listing] = await api.db.query<{ id: string }>(
      `select id::text as id from listings where account_id = 1 and status = 'active' order by id limit 1`,
    );
    const created = await api.post<{ id: string }>(
      '/reservation/create',
      {
        listing_id: listing?.id,
        guest_name: 'Counted Guest',
        guest_email: 'counted@example.com',
        guests: 2,
        check_in_date: '2031-05-04',
        check_out_date: '2031-05-06',
        source: 'direct',
      },
      sessions.owner,
    );
    expect(created.status).toBe(201);
    await expectCountsAgree();
    const changed = await api.post(
      `/reservation/changeVerification/${created.body.id}`,
      { status: 'declined', note: 'Counted.' },
      sessions.owner,
    );
    expect(changed.status).toBe(200);
    await expectCountsAgree();
  });

  it('move every colour of an account when its tolerance changes', async () => {
    const strict = await api.post('/protect/actions/setRiskTolerance?risk=low', {}, sessions.owner);
    expect(strict.status).toBe(200);
    await expectCountsAgree();
    await api.post('/protect/actions/setRiskTolerance?risk=balanced', {}, sessions.owner);
    await expectCountsAgree();
  });

  it('are taken again when the colour thresholds are not the ones the database last had', async () => {
    // As after a release with other thresholds: the stored definition differs, the counts are off.
    await api.db.query(
      `update derived_sql set definition = 'an older definition' where name = 'risk_colour'`,
    );
    await api.db.query('update reservation_day_counts set red = red + 100');
    expect((await dayCountDrift()).length).toBeGreaterThan(0);
    await migrate(api.db);
    await expectCountsAgree();
    const [stored] = await api.db.query<{ definition: string }>(
      `select definition from derived_sql where name = 'risk_colour'`,
    );
    expect(stored?.definition).toContain('create or replace function risk_colour');
  });
});

describe('the kept search fields', () => {
  it('follow a listing’s rename into its reservations, and a building’s rename into its listings', async () => {
    const [listing] = await api.db.query<{ id: string; building_id: string }>(
      `select l.id::text as id, l.building_id::text as building_id from listings l
       where l.account_id = 1 and l.building_id is not null
         and exists (select 1 from reservations r where r.listing_id = l.id)
       order by l.id limit 1`,
    );
    if (!listing) throw new Error('the demo data has no listing in a building with stays');
    await api.db.query(`update listings set nickname = 'Quokka Hideaway' where id = $1::bigint`, [
      listing.id,
    ]);
    await api.db.query(`update buildings set name = 'Pelican Court' where id = $1::bigint`, [
      listing.building_id,
    ]);

    const reservations = await api.get<{ total: number; items: Array<{ listing_id: string }> }>(
      '/reservation/search?search=quokka&status=all&size=100',
      sessions.owner,
    );
    const [stays] = await api.db.query<{ n: number }>(
      'select count(*)::int as n from reservations where listing_id = $1::bigint',
      [listing.id],
    );
    expect(reservations.body.total).toBe(stays?.n);
    expect(reservations.body.items.every((item) => item.listing_id === listing.id)).toBe(true);
    // Substrings too (pg_trgm), through the same kept text.
    const partial = await api.get<{ total: number }>(
      '/reservation/search?search=okka%20hide&status=all&size=1',
      sessions.owner,
    );
    expect(partial.body.total).toBe(stays?.n);

    const listings = await api.get<{ total: number; items: Array<{ building_id: string }> }>(
      '/listing/load?search=pelican&size=100',
      sessions.owner,
    );
    const [inBuilding] = await api.db.query<{ n: number }>(
      'select count(*)::int as n from listings where building_id = $1::bigint',
      [listing.building_id],
    );
    expect(listings.body.total).toBe(inBuilding?.n);
    expect(listings.body.items.every((item) => item.building_id === listing.building_id)).toBe(
      true,
    );
    await expectCountsAgree();
  });
});
