// A small stand-in for the reservations API over real HTTP, so pages, sagas and the shared client
// run for real in component tests. The API's own behaviour is tested against its real database in
// api/; every answer here is checked against the API contract (api/openapi.json), so the stand-in
// cannot promise the remote anything the real API would not answer.
import type { Listing } from '@hostdash/api-contract';
import { keepsContract } from '@hostdash/testing/contract';
import { startUpstream, type Upstream, type UpstreamAnswer } from '@hostdash/testing/upstream';
import type {
  BulkInviteResult,
  GuestMail,
  GuestMailLog,
  ProtectLogEntry,
  Reservation,
  ReservationStats,
  ReservationSummary,
  RiskTolerance,
} from '../reservations/reservationsApi';

/** The `protect` object the API derives from a reservation's screening fields. */
export function protectOf(reservation: Omit<Reservation, 'protect'>): Reservation['protect'] {
  return {
    verification_status: reservation.verification_status,
    score: reservation.risk.score,
    colour: reservation.risk.colour,
    factors: reservation.risk.factors,
    screened_at: reservation.risk.screened_at,
    tolerance: reservation.risk.tolerance,
    thresholds: reservation.risk.thresholds,
    card_check: reservation.card_check,
  };
}

export function makeReservation(
  index: number,
  overrides: Partial<Omit<Reservation, 'protect'>> = {},
): Reservation {
  const red = index === 1;
  const reservation: Omit<Reservation, 'protect'> = {
    id: String(index),
    account_id: '1',
    listing_id: '5',
    listing_nickname: `Marina Lofts ${index}A`,
    building: 'Marina Lofts',
    building_slug: 'marina-lofts',
    guest_name: ['Amara Okafor', 'Lukas Brandt', 'Mei Tanaka', 'Diego Ruiz'][index % 4] ?? 'Guest',
    guest_email: `guest${index}@example.com`,
    guest_phone: '+1 305 555 0100',
    guests: red ? 8 : 2,
    check_in_date: '2026-12-04',
    check_out_date: '2026-12-05',
    nights: 1,
    status: 'CONFIRMED',
    source: 'airbnb',
    verification_status: red ? 'review' : 'verified',
    message: red ? 'Coming for a birthday party!' : null,
    guest_city: 'Miami Beach',
    guest_country: 'US',
    card_check: 'passed',
    risk: {
      score: red ? 70 : 10,
      colour: red ? 'red' : 'green',
      factors: red
        ? [
            {
              code: 'party_words',
              label: 'Party words in the message',
              points: 20,
              detail: '“birthday party”',
            },
            {
              code: 'large_party',
              label: 'Large party',
              points: 15,
              detail: '8 guests for 2 bedrooms',
            },
            {
              code: 'id_review',
              label: 'ID in review',
              points: 15,
              detail: 'The ID is waiting for a person to look at it.',
            },
          ]
        : [],
      screened_at: '2026-11-20T10:00:00Z',
      tolerance: 'balanced',
      thresholds: { yellow: 25, orange: 45, red: 65 },
    },
    listing: {
      id: '5',
      nickname: `Marina Lofts ${index}A`,
      address: '1800 Bay Road',
      city: 'Miami Beach',
      country: 'US',
      building: 'Marina Lofts',
      building_slug: 'marina-lofts',
      timezone: 'America/New_York',
      check_in_time: '16:00',
      check_out_time: '11:00',
      bedrooms: 2,
    },
    images: [
      {
        kind: 'id_front',
        rotation: 90,
        width: 480,
        height: 300,
        updated_at: '2026-11-20T10:00:00Z',
      },
      { kind: 'selfie', rotation: 0, width: 320, height: 400, updated_at: '2026-11-20T10:00:00Z' },
    ],
    reports: [],
    version: 1,
    created_at: '2026-11-19T08:00:00Z',
    ...overrides,
  };
  return { ...reservation, protect: protectOf(reservation) };
}

export function summaryOf(reservation: Reservation): ReservationSummary {
  const {
    message: _m,
    guest_city: _c,
    guest_country: _g,
    card_check: _k,
    listing: _l,
    images: _i,
    reports: _r,
    protect,
    risk,
    ...rest
  } = reservation;
  const topFactors = risk.factors.slice(0, 3);
  return {
    ...rest,
    protect: {
      verification_status: protect.verification_status,
      score: protect.score,
      colour: protect.colour,
      top_factors: topFactors,
    },
    risk: { score: risk.score, colour: risk.colour, top_factors: topFactors },
  };
}

/** The listing the form offers, as /listing/load answers it. */
const MARINA_LOFTS_1A: Listing = {
  id: '5',
  account_id: '1',
  nickname: 'Marina Lofts 1A',
  address: '1800 Bay Road',
  city: 'Miami Beach',
  country: 'US',
  building_id: '3',
  building: 'Marina Lofts',
  building_slug: 'marina-lofts',
  status: 'active',
  pms: 'guesty',
  timezone: 'America/New_York',
  bedrooms: 2,
  check_in_time: '16:00',
  check_out_time: '11:00',
  guest_language: 'en',
  custom_fields: {},
  version: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

/**
 * The list's filters as the stand-in reads them: status (default CONFIRMED on the list, every
 * status on the stats), colour, verification, and a search in the guest's name or email. The
 * check-in window is left out, so that the fixed stays do not drop out of the tests as days pass.
 */
function listFilter(url: URL, defaultStatus = 'CONFIRMED') {
  const param = (name: string) => url.searchParams.get(name)?.split(',');
  const status =
    url.searchParams.get('status') ?? (url.searchParams.has('search') ? 'all' : defaultStatus);
  const statuses = status === 'all' ? null : status.split(',');
  const colours = param('colour');
  const verifications = param('verification');
  const search = url.searchParams.get('search')?.trim().toLowerCase();
  return (reservation: Reservation): boolean =>
    (!statuses || statuses.includes(reservation.status)) &&
    (!colours || colours.includes(reservation.risk.colour)) &&
    (!verifications || verifications.includes(reservation.verification_status)) &&
    (!search ||
      `${reservation.guest_name} ${reservation.guest_email ?? ''}`.toLowerCase().includes(search));
}

/** GET /reservation/stats over the stays the list's filters select. */
function statsOf(reservations: Reservation[], url: URL): ReservationStats {
  const matching = reservations.filter(listFilter(url, 'all'));
  const confirmed = matching.filter((reservation) => reservation.status === 'CONFIRMED');
  const count = (items: Reservation[], test: (reservation: Reservation) => boolean) =>
    items.filter(test).length;
  const today = new Date().toISOString().slice(0, 10);
  const week = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const arriving = matching.filter((reservation) => reservation.status !== 'CANCELLED');
  return {
    total: matching.length,
    by_status: {
      CONFIRMED: confirmed.length,
      CANCELLED: count(matching, (reservation) => reservation.status === 'CANCELLED'),
      INQUIRY: count(matching, (reservation) => reservation.status === 'INQUIRY'),
    },
    by_colour: {
      green: count(confirmed, (reservation) => reservation.risk.colour === 'green'),
      yellow: count(confirmed, (reservation) => reservation.risk.colour === 'yellow'),
      orange: count(confirmed, (reservation) => reservation.risk.colour === 'orange'),
      red: count(confirmed, (reservation) => reservation.risk.colour === 'red'),
    },
    by_verification: {
      pending: count(confirmed, (reservation) => reservation.verification_status === 'pending'),
      incomplete: count(
        confirmed,
        (reservation) => reservation.verification_status === 'incomplete',
      ),
      review: count(confirmed, (reservation) => reservation.verification_status === 'review'),
      verified: count(confirmed, (reservation) => reservation.verification_status === 'verified'),
      declined: count(confirmed, (reservation) => reservation.verification_status === 'declined'),
    },
    arrivals_today: count(arriving, (reservation) => reservation.check_in_date === today),
    arrivals_next_7_days: count(
      arriving,
      (reservation) => reservation.check_in_date >= today && reservation.check_in_date <= week,
    ),
    needs_attention: count(
      confirmed,
      (reservation) =>
        ['red', 'orange'].includes(reservation.risk.colour) ||
        reservation.verification_status === 'review',
    ),
  };
}

/** The guest mails page of a stay (issue 31), as the API derives it from the stay and its mails. */
function guestMailLogOf(reservation: Reservation, mails: GuestMail[]): GuestMailLog {
  const reason =
    reservation.status === 'CANCELLED' ? 'cancelled' : !reservation.guest_email ? 'no_email' : null;
  const covered = reason === null && reservation.id !== '3';
  return {
    reservation_id: reservation.id,
    guest_email: reservation.guest_email,
    sendable: reason === null,
    not_sendable_reason: reason,
    automatic: {
      on: true,
      days_before: 3,
      covered,
      due_at: covered ? `${reservation.check_in_date}T15:00:00.000Z` : null,
    },
    mails: [...mails].reverse(),
  };
}

export interface ReservationsServer extends Upstream {
  reservations: Reservation[];
  /** The mails to each stay's guest, oldest first. */
  guestMails: Record<string, GuestMail[]>;
  log: ProtectLogEntry[];
  tolerance: RiskTolerance;
  failNext: Map<string, UpstreamAnswer>;
  requestsTo: (pathname: string) => URL[];
}

const levels = [
  {
    level: 'low',
    label: 'Strict',
    meaning: 'Strict: more stays turn orange and red.',
    thresholds: { yellow: 15, orange: 30, red: 50 },
  },
  {
    level: 'balanced',
    label: 'Balanced',
    meaning: 'The default.',
    thresholds: { yellow: 25, orange: 45, red: 65 },
  },
  {
    level: 'high',
    label: 'Lenient',
    meaning: 'Lenient: only clear risks turn red.',
    thresholds: { yellow: 35, orange: 55, red: 75 },
  },
];

export async function startReservationsServer(count = 3): Promise<ReservationsServer> {
  let state: Pick<
    ReservationsServer,
    'reservations' | 'guestMails' | 'log' | 'tolerance' | 'failNext'
  > = {
    reservations: Array.from({ length: count }, (_, index) => makeReservation(index + 1)),
    guestMails: {},
    log: [],
    tolerance: 'balanced',
    failNext: new Map(),
  };
  const urls: URL[] = [];
  const find = (id: string | undefined) =>
    state.reservations.find((reservation) => reservation.id === id);
  const notFound = {
    status: 404,
    json: {
      error: 'not_found',
      message: 'This reservation does not exist or is not shared with you.',
    },
  };

  const upstream = await startUpstream(
    (request) => {
      const url = new URL(request.url, 'http://api');
      urls.push(url);
      const path = url.pathname.replace(/\/$/, '');
      const failure = state.failNext.get(path);
      if (failure) {
        state.failNext.delete(path);
        return failure;
      }
      const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
      if (path === '/reservation/search') {
        const from = Number(url.searchParams.get('from') ?? 0);
        const size = Number(url.searchParams.get('size') ?? 10);
        const rows = state.reservations.filter(listFilter(url)).map(summaryOf);
        return { json: { items: rows.slice(from, from + size), total: rows.length, from, size } };
      }
      if (path === '/reservation/stats') return { json: statsOf(state.reservations, url) };
      const get = /^\/reservation\/get\/(\w+)$/.exec(path);
      if (get) return find(get[1]) ? { json: find(get[1]) } : notFound;
      const verify = /^\/reservation\/changeVerification\/(\w+)$/.exec(path);
      if (verify) {
        const reservation = find(verify[1]);
        if (!reservation) return notFound;
        state.log.unshift({
          id: String(state.log.length + 1),
          at: new Date().toISOString(),
          event: 'verification_changed',
          actor_name: 'Olivia Hart',
          supervised: url.searchParams.get('supervised') === '1',
          note: (body.note as string) ?? null,
          details: { from: reservation.verification_status, to: body.status },
        });
        Object.assign(reservation, {
          verification_status: body.status,
          version: reservation.version + 1,
        });
        reservation.protect = protectOf(reservation);
        return { json: reservation };
      }
      const mailsOf = /^\/reservation\/guestMails\/(\w+)$/.exec(path);
      if (mailsOf) {
        const reservation = find(mailsOf[1]);
        if (!reservation) return notFound;
        return { json: guestMailLogOf(reservation, state.guestMails[reservation.id] ?? []) };
      }
      const invite = (reservation: Reservation): GuestMail | null => {
        if (reservation.status === 'CANCELLED' || !reservation.guest_email) return null;
        const mail: GuestMail = {
          id: String(Object.values(state.guestMails).flat().length + 1),
          kind: 'guest_invite',
          to: reservation.guest_email,
          subject: `Your stay at ${reservation.listing_nickname}: check in online before you arrive`,
          created_at: new Date().toISOString(),
          state: 'queued',
          delivered_at: null,
          failed_at: null,
          error: null,
        };
        state.guestMails[reservation.id] = [...(state.guestMails[reservation.id] ?? []), mail];
        return mail;
      };
      const sendOne = /^\/reservation\/guestInvite\/(\w+)$/.exec(path);
      if (sendOne) {
        const reservation = find(sendOne[1]);
        if (!reservation) return notFound;
        if (!invite(reservation))
          return reservation.status === 'CANCELLED'
            ? {
                status: 409,
                json: {
                  error: 'reservation_cancelled',
                  message: 'This stay is cancelled: its guest gets no check-in link.',
                },
              }
            : {
                status: 422,
                json: {
                  error: 'no_guest_email',
                  message:
                    'This guest has no email address, so the check-in link cannot be mailed.',
                },
              };
        return { json: guestMailLogOf(reservation, state.guestMails[reservation.id] ?? []) };
      }
      if (path === '/reservation/guestInvites') {
        const results: BulkInviteResult['results'] = ((body.ids as string[]) ?? []).map((id) => {
          const reservation = find(id);
          if (!reservation) return { id, outcome: 'not_found', message: 'Not found.' };
          if (invite(reservation)) return { id, outcome: 'sent', message: 'Sent.' };
          return reservation.status === 'CANCELLED'
            ? { id, outcome: 'cancelled', message: 'The stay is cancelled.' }
            : { id, outcome: 'no_email', message: 'The guest has no email address.' };
        });
        const result: BulkInviteResult = {
          sent: results.filter((item) => item.outcome === 'sent').length,
          results,
        };
        return { json: result };
      }
      const log = /^\/reservation\/protectLog\/(\w+)$/.exec(path);
      if (log) return { json: { items: state.log, total: state.log.length, from: 0, size: 100 } };
      const rotate = /^\/reservation\/rotateImage\/(\w+)$/.exec(path);
      if (rotate) {
        const image = find(rotate[1])?.images.find(
          (candidate) => candidate.kind === url.searchParams.get('image'),
        );
        if (!image) return notFound;
        Object.assign(image, {
          rotation: (image.rotation + 90) % 360,
          width: image.height,
          height: image.width,
          updated_at: new Date(Date.now() + 1000).toISOString(),
        });
        return { json: image };
      }
      const report = /^\/user\/reports\/generate\/([\w-]+)\/(\w+)$/.exec(path);
      if (report) {
        if (url.searchParams.get('download') === '1')
          return { body: '%PDF-1.7 sample', headers: { 'content-type': 'application/pdf' } };
        return {
          json: {
            reservation_id: report[2],
            type: report[1],
            format: url.searchParams.get('format') ?? 'pdf',
            status: 'done',
            generated_at: new Date().toISOString(),
            error: null,
            file_name: 'report.pdf',
            content_type: 'application/pdf',
            size: 1234,
          },
        };
      }
      if (path === '/protect/settings')
        return { json: { risk_tolerance: state.tolerance, levels } };
      if (path === '/protect/tolerancePreview') {
        // Enough to word the question: Strict puts 32 more stays in front of the host.
        const risk = url.searchParams.get('risk') as RiskTolerance;
        const now = { green: 60, yellow: 20, orange: 12, red: 8, needs_attention: 25 };
        const after =
          risk === state.tolerance
            ? now
            : risk === 'low'
              ? { green: 40, yellow: 18, orange: 24, red: 18, needs_attention: 57 }
              : { green: 75, yellow: 15, orange: 6, red: 4, needs_attention: 13 };
        return {
          json: {
            risk_tolerance: state.tolerance,
            risk,
            stays: 100,
            now,
            after,
            changed: risk === state.tolerance ? 0 : 34,
          },
        };
      }
      if (path === '/protect/actions/setRiskTolerance') {
        state.tolerance = url.searchParams.get('risk') as RiskTolerance;
        return { json: { risk_tolerance: state.tolerance, levels } };
      }
      if (path === '/protect/log')
        return { json: { items: state.log, total: state.log.length, from: 0, size: 25 } };
      if (path === '/task/address') {
        return {
          json: {
            formatted: '12 Ocean Drive, Apt 4B, Miami Beach, FL 33139, US',
            components: {
              line1: '12 Ocean Drive',
              line2: 'Apt 4B',
              city: 'Miami Beach',
              region: 'FL',
              postal_code: '33139',
              country: 'US',
            },
            changed: true,
          },
        };
      }
      if (path === '/listing/load')
        return {
          json: {
            items: [MARINA_LOFTS_1A],
            total: 1,
            from: 0,
            size: 10,
          },
        };
      if (path === '/reservation/create') {
        const { card_check: _card, ...input } = body as Partial<Reservation>;
        const created = makeReservation(state.reservations.length + 1, { ...input, id: '99' });
        state.reservations.push(created);
        return { status: 201, json: created };
      }
      return { status: 404, json: { error: 'not_found', message: `No route ${path}` } };
    },
    { check: keepsContract },
  );

  const server: ReservationsServer = Object.assign(upstream, state, {
    requestsTo: (pathname: string) =>
      urls.filter((url) => url.pathname.replace(/\/$/, '') === pathname),
  });
  state = server;
  return server;
}
