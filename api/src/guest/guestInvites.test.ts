// Guests are invited automatically (issue 31), on the real database: the scan invites a stay once
// its invite is due and only once; stays booked before invites were switched on are left to the
// host; a late booking is invited at once; one reminder the day before while the portal is not
// finished; cancelled stays and guests without an email get nothing; the host's Send again and
// bulk send; and what the reservation page reads of each mail.
import type { JobServices } from '../jobs/jobs';
import { registerSchedules } from '../jobs/schedules';
import { runDueJobs } from '../jobs/jobWorker';
import { recordingLog } from '../testing/logs';
import { startTestApi, type TestApi } from '../testing/testApi';
import { testJobServices } from '../testing/jobServices';
import type { BulkInviteResult, GuestMailLog } from './guestInviteSchemas';
import {
  GUEST_INVITE_JOBS,
  GUEST_INVITE_QUEUE,
  guestInviteSchedule,
  scanGuestInvites,
} from './guestInvites';

let api: TestApi;
let owner: string;
let services: JobServices;
const logged = recordingLog();
/** A listing of account 1 whose clock the tests set (UTC, check-in at a chosen time). */
let listingId: string;
/** Another, for the reminders (its check-in time is moved to put stays within 24 hours). */
let reminderListingId: string;

beforeAll(async () => {
  api = await startTestApi();
  owner = await api.signIn('owner@hostdash.test');
  services = testJobServices(api, { log: logged.log });
  const listings = await api.db.query<{ id: string }>(
    `select id::text as id from listings where account_id = 1 and status = 'active' order by id limit 2`,
  );
  listingId = listings[0]!.id;
  reminderListingId = listings[1]!.id;
  await api.db.query(
    `update listings set timezone = 'UTC', check_in_time = '15:00', check_out_time = '11:00',
       nickname = 'Harbour Loft', city = 'Lisbon'
     where id = $1::bigint`,
    [listingId],
  );
});
afterAll(() => api.close());

const runJobs = () => runDueJobs(services, GUEST_INVITE_JOBS);

const day = (offset: number): string =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let guests = 0;
/** A stay as an import or a webhook writes it (not through the dashboard's routes). */
async function importedStay({
  checkIn,
  nights = 2,
  email = 'auto',
  status = 'CONFIRMED',
  listing = listingId,
  accountId = '1',
}: {
  checkIn: string;
  nights?: number;
  email?: string | null;
  status?: string;
  listing?: string;
  accountId?: string;
}): Promise<{ id: string; email: string | null }> {
  guests += 1;
  const address = email === 'auto' ? `invite.guest.${guests}@example.com` : email;
  const [row] = await api.db.query<{ id: string }>(
    `insert into reservations (account_id, listing_id, guest_name, guest_email, guests_count,
                               check_in_date, check_out_date, status, source)
     values ($1::bigint, $2::bigint, $3, $4, 2, $5::date, $5::date + $6::int, $7, 'airbnb')
     returning id::text as id`,
    [accountId, listing, `Ana Guest${guests}`, address, checkIn, nights, status],
  );
  return { id: row!.id, email: address };
}

interface MailRow {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  body: string | null;
  html_body: string | null;
  account_id: string | null;
}
const mailsOf = (reservationId: string, kind?: string) =>
  api.db.query<MailRow>(
    `select id::text as id, kind, to_address, subject, body, html_body, account_id::text as account_id
     from mail_outbox where reservation_id = $1::bigint and ($2::text is null or kind = $2)
     order by id`,
    [reservationId, kind ?? null],
  );

test('the scan invites a stay once its invite is due, once, with a link that opens the guest page', async () => {
  const due = await importedStay({ checkIn: day(2) });
  const later = await importedStay({ checkIn: day(10) });

  // Through the schedule, as the worker runs it: the scan, then the invite it queued.
  await registerSchedules(api.db, [guestInviteSchedule], new Date(Date.now() - 120_000));
  const results = await runDueJobs(services, GUEST_INVITE_JOBS, {
    schedules: [guestInviteSchedule],
  });
  expect(results.every((result) => result.outcome === 'succeeded')).toBe(true);

  const [mail, ...more] = await mailsOf(due.id);
  expect(more).toEqual([]);
  expect(mail).toMatchObject({ kind: 'guest_invite', to_address: due.email, account_id: '1' });
  expect(mail!.subject).toBe('Your stay at Harbour Loft: check in online before you arrive');
  // In the guest's words: the listing, the dates in words, the host, one button; HTML and text.
  const checkIn = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day(2)}T00:00:00Z`));
  expect(mail!.body).toContain(`Hello Ana,`);
  expect(mail!.body).toContain(
    'Hart Stays is looking forward to welcoming you at Harbour Loft in Lisbon.',
  );
  expect(mail!.body).toContain(`Check-in: ${checkIn}, from 15:00.`);
  expect(mail!.body).toMatch(/\nHart Stays\n/);
  expect(mail!.html_body).toContain('>Check in online</a>');
  const link = new RegExp(`${api.config.guestPortalUrl}([A-Za-z0-9_-]{43})`).exec(mail!.body!);
  expect(link).not.toBeNull();
  const portal = await api.get<{ stay: { listingName: string } }>('/guest/portal', undefined, {
    'x-guest-token': link![1]!,
  });
  expect(portal.status).toBe(200);
  expect(portal.body.stay.listingName).toBe('Harbour Loft');
  // The page's link is the mailed one (the host's "copy link" and the mail agree).
  const hostLink = await api.get<{ url: string }>(`/guestportal/link/${due.id}`, owner);
  expect(hostLink.body.url).toBe(link![0]);

  expect(await mailsOf(later.id)).toEqual([]);

  // Scanned again (every minute): nothing more.
  await scanGuestInvites(api.db, api.config);
  await runJobs();
  expect(await mailsOf(due.id)).toHaveLength(1);

  // Neither the guest's address nor their link went to the log.
  const text = JSON.stringify(logged.lines);
  expect(text).not.toContain(due.email!);
  expect(text).not.toContain(link![1]!);
});

test('stays booked before invites were switched on are not mailed; the seed’s neither', async () => {
  const before = await importedStay({ checkIn: day(1) });
  expect((await api.post('/user/guestInvites', { enabled: false }, owner)).status).toBe(200);
  const whileOff = await importedStay({ checkIn: day(1) });
  await scanGuestInvites(api.db, api.config);
  await runJobs();
  expect(await mailsOf(whileOff.id)).toEqual([]);

  const on = await api.post<{ enabled: boolean; since: string }>(
    '/user/guestInvites',
    { enabled: true },
    owner,
  );
  expect(on.body.enabled).toBe(true);
  const after = await importedStay({ checkIn: day(1) });
  await scanGuestInvites(api.db, api.config);
  await runJobs();
  // `before` was queued by nobody while invites were off; once on again, only `after` counts.
  expect(await mailsOf(before.id)).toEqual([]);
  expect(await mailsOf(whileOff.id)).toEqual([]);
  expect(await mailsOf(after.id, 'guest_invite')).toHaveLength(1);

  const log = await api.get<GuestMailLog>(`/reservation/guestMails/${whileOff.id}`, owner);
  expect(log.body).toMatchObject({
    sendable: true,
    automatic: { on: true, covered: false, due_at: null },
    mails: [],
  });
  // The demo's coming stays were booked before the migration: none was mailed.
  const [seedMails] = await api.db.query<{ count: number }>(
    `select count(*)::int as count from mail_outbox m join reservations r on r.id = m.reservation_id
     where m.kind = 'guest_invite' and r.created_at < (select min(guest_invites_since) from accounts)`,
  );
  expect(seedMails!.count).toBe(0);
});

test('a booking made inside the window on the dashboard is invited at once', async () => {
  const created = await api.post<{ id: string }>(
    '/reservation/create',
    {
      listing_id: listingId,
      guest_name: 'Late Booker',
      guest_email: 'late.booker@example.com',
      guests: 1,
      check_in_date: day(1),
      check_out_date: day(3),
      source: 'direct',
    },
    owner,
  );
  expect(created.status).toBe(201);
  // Queued by the route itself, no scan needed.
  const [job] = await api.db.query<{ state: string }>(
    `select state from jobs where queue = $1 and key = $2`,
    [GUEST_INVITE_QUEUE, created.body.id],
  );
  expect(job?.state).toBe('queued');
  await runJobs();
  expect(await mailsOf(created.body.id, 'guest_invite')).toHaveLength(1);

  const log = await api.get<GuestMailLog>(`/reservation/guestMails/${created.body.id}`, owner);
  expect(log.body).toMatchObject({
    guest_email: 'late.booker@example.com',
    sendable: true,
    not_sendable_reason: null,
    automatic: { on: true, days_before: 3, covered: true },
    mails: [{ kind: 'guest_invite', to: 'late.booker@example.com', state: 'queued', error: null }],
  });
});

/** Puts the reminder listing's check-in `hours` from now, on the day that makes it so (UTC). */
async function checkInWithin(hours: number): Promise<string> {
  const moment = new Date(Date.now() + hours * 3_600_000);
  await api.db.query(
    `update listings set timezone = 'UTC', check_in_time = $2::time where id = $1::bigint`,
    [reminderListingId, moment.toISOString().slice(11, 16)],
  );
  return moment.toISOString().slice(0, 10);
}

/** An invite mailed two days ago (before the reminder's time). */
async function invitedEarlier(reservationId: string): Promise<void> {
  expect((await api.post(`/reservation/guestInvite/${reservationId}`, {}, owner)).status).toBe(200);
  await api.db.query(
    `update mail_outbox set created_at = now() - interval '2 days'
     where reservation_id = $1::bigint and kind = 'guest_invite'`,
    [reservationId],
  );
}

test('one reminder the day before while the portal is not finished; none once it is', async () => {
  const checkIn = await checkInWithin(12);
  const unfinished = await importedStay({ checkIn, listing: reminderListingId });
  const finished = await importedStay({ checkIn, listing: reminderListingId });
  const neverInvited = await importedStay({ checkIn, listing: reminderListingId });
  const cancelledLater = await importedStay({ checkIn, listing: reminderListingId });
  await invitedEarlier(unfinished.id);
  await invitedEarlier(finished.id);
  await invitedEarlier(cancelledLater.id);
  await api.db.query(
    `update guest_links set completed_at = now() where reservation_id = $1::bigint`,
    [finished.id],
  );
  await api.db.query(`update reservations set status = 'CANCELLED' where id = $1::bigint`, [
    cancelledLater.id,
  ]);
  // A stay the scan would otherwise invite now: not the point here.
  await api.db.query(
    `insert into guest_invites (reservation_id, invite_queued_at) values ($1::bigint, now())`,
    [neverInvited.id],
  );

  await scanGuestInvites(api.db, api.config);
  await runJobs();
  await scanGuestInvites(api.db, api.config);
  await runJobs();

  const [reminder, ...more] = await mailsOf(unfinished.id, 'guest_reminder');
  expect(more).toEqual([]);
  expect(reminder!.subject).toContain('Reminder: please check in online');
  expect(reminder!.body).toContain('Your online check-in is not finished yet.');
  expect(await mailsOf(finished.id, 'guest_reminder')).toEqual([]);
  expect(await mailsOf(neverInvited.id)).toEqual([]);
  expect(await mailsOf(cancelledLater.id, 'guest_reminder')).toEqual([]);
});

test('a cancelled stay gets nothing, and cannot be sent', async () => {
  const cancelled = await importedStay({ checkIn: day(1), status: 'CANCELLED' });
  await scanGuestInvites(api.db, api.config);
  await runJobs();
  expect(await mailsOf(cancelled.id)).toEqual([]);
  const refused = await api.post(`/reservation/guestInvite/${cancelled.id}`, {}, owner);
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({ error: 'reservation_cancelled' });
  const log = await api.get<GuestMailLog>(`/reservation/guestMails/${cancelled.id}`, owner);
  expect(log.body).toMatchObject({ sendable: false, not_sendable_reason: 'cancelled' });

  // Cancelled after its invite was queued, before the job ran: the job sends nothing.
  const late = await importedStay({ checkIn: day(1) });
  await scanGuestInvites(api.db, api.config);
  await api.db.query(`update reservations set status = 'CANCELLED' where id = $1::bigint`, [
    late.id,
  ]);
  await runJobs();
  expect(await mailsOf(late.id)).toEqual([]);
});

test('a guest without an email address is shown as such and mailed nothing', async () => {
  const noEmail = await importedStay({ checkIn: day(1), email: null });
  await scanGuestInvites(api.db, api.config);
  await runJobs();
  expect(await mailsOf(noEmail.id)).toEqual([]);
  const log = await api.get<GuestMailLog>(`/reservation/guestMails/${noEmail.id}`, owner);
  expect(log.body).toMatchObject({
    guest_email: null,
    sendable: false,
    not_sendable_reason: 'no_email',
    automatic: { covered: false },
  });
  const refused = await api.post(`/reservation/guestInvite/${noEmail.id}`, {}, owner);
  expect(refused.status).toBe(422);
  expect(refused.body).toMatchObject({ error: 'no_guest_email' });
});

test('Send again queues another invite; each mail says what became of it', async () => {
  const stay = await importedStay({ checkIn: day(12) });
  const first = await api.post<GuestMailLog>(`/reservation/guestInvite/${stay.id}`, {}, owner);
  expect(first.status).toBe(200);
  expect(first.body.mails).toHaveLength(1);
  const again = await api.post<GuestMailLog>(`/reservation/guestInvite/${stay.id}`, {}, owner);
  expect(again.body.mails).toHaveLength(2);
  const [newest, oldest] = again.body.mails;
  // The mail server accepted the first; the second was refused for good.
  await api.db.query(
    `update mail_outbox set delivered_at = now(), body = null, html_body = null, message_id = '<m1@test>'
     where id = $1::bigint`,
    [oldest!.id],
  );
  await api.db.query(
    `update mail_outbox set failed_at = now(), last_error = '550 5.1.1 mailbox unavailable'
     where id = $1::bigint`,
    [newest!.id],
  );
  const log = await api.get<GuestMailLog>(`/reservation/guestMails/${stay.id}`, owner);
  expect(log.body.mails).toMatchObject([
    { id: newest!.id, state: 'failed', error: '550 5.1.1 mailbox unavailable' },
    { id: oldest!.id, state: 'delivered', error: null },
  ]);
  expect(log.body.mails[1]!.delivered_at).toEqual(expect.any(String));

  // A stay sent by hand is not invited again automatically when its day comes.
  await api.db.query(
    `update reservations set check_in_date = $2::date, check_out_date = $2::date + 2 where id = $1::bigint`,
    [stay.id, day(1)],
  );
  await scanGuestInvites(api.db, api.config);
  await runJobs();
  expect(await mailsOf(stay.id, 'guest_invite')).toHaveLength(2);
});

test('the guests of several stays at once, each with its outcome', async () => {
  const ready = await importedStay({ checkIn: day(15) });
  const noEmail = await importedStay({ checkIn: day(15), email: null });
  const cancelled = await importedStay({ checkIn: day(15), status: 'CANCELLED' });
  const [otherListing] = await api.db.query<{ id: string; account_id: string }>(
    `select id::text as id, account_id::text as account_id from listings where account_id <> 1 order by id limit 1`,
  );
  const elsewhere = await importedStay({
    checkIn: day(15),
    listing: otherListing!.id,
    accountId: otherListing!.account_id,
  });
  const ids = [ready.id, noEmail.id, cancelled.id, elsewhere.id];
  const sent = await api.post<BulkInviteResult>('/reservation/guestInvites', { ids }, owner);
  expect(sent.status).toBe(200);
  expect(sent.body.sent).toBe(1);
  expect(sent.body.results.map((result) => [result.id, result.outcome])).toEqual([
    [ready.id, 'sent'],
    [noEmail.id, 'no_email'],
    [cancelled.id, 'cancelled'],
    [elsewhere.id, 'not_found'],
  ]);
  expect(await mailsOf(ready.id, 'guest_invite')).toHaveLength(1);
  expect(await mailsOf(elsewhere.id)).toEqual([]);

  const vendor = await api.signIn('vendor@hostdash.test');
  expect((await api.post('/reservation/guestInvites', { ids }, vendor)).status).toBe(403);
  expect((await api.post('/reservation/guestInvites', { ids: [] }, owner)).status).toBe(400);
});

test('the account’s days before check-in decide when the invite goes', async () => {
  const inFive = await importedStay({ checkIn: day(5) });
  await scanGuestInvites(api.db, api.config);
  await runJobs();
  expect(await mailsOf(inFive.id)).toEqual([]);
  const changed = await api.post<{ days_before: number }>(
    '/user/guestInvites',
    { days_before: 7 },
    owner,
  );
  expect(changed.body.days_before).toBe(7);
  await scanGuestInvites(api.db, api.config);
  await runJobs();
  expect(await mailsOf(inFive.id, 'guest_invite')).toHaveLength(1);
  await api.post('/user/guestInvites', { days_before: 3 }, owner);
});
