// A small stand-in for the guest-portal remote's API over real HTTP, so pages, sagas, the widget
// and the shared client run for real in component tests. What the API really does (precedence of
// the levels, who may, holding and releasing) is tested against the real database in
// api/src/guestportal/screens.test.ts and api/src/stargate/stargate.test.ts; every answer here is
// checked against the API contract (api/openapi.json).
import type { User } from '@hostdash/api-contract';
import { keepsContract } from '@hostdash/testing/contract';
import { DEMO_OWNER } from '@hostdash/testing/demoUsers';
import {
  startUpstream,
  type RecordedRequest,
  type Upstream,
  type UpstreamAnswer,
} from '@hostdash/testing/upstream';
import type {
  EffectiveGuestScreens,
  GuestLink,
  GuestScreenContent,
  GuestScreenSummary,
  ScreenField,
  ScreenName,
  StargateDelivery,
  StargateReservation,
} from '../guestportalApi';

type Level = 'listing' | 'reservation';

export const LISTING_ID = '11';
export const RESERVATION_ID = '501';

const CATALOGUE: [ScreenName, boolean, string][] = [
  ['contact', true, 'The guest’s email and phone number.'],
  ['id_upload', true, 'Photos of the front and back of a government ID.'],
  ['selfie', true, 'A photo of the guest’s face, compared with their ID.'],
  ['address', false, 'The guest’s home address.'],
  ['house_rules', true, 'The house rules, which the guest reads and accepts.'],
  ['usage_agreement', true, 'A rental agreement the guest accepts and signs.'],
  ['arrival_time', true, 'When the guest expects to arrive.'],
  ['security_deposit', false, 'A card hold for the security deposit.'],
];

export function makeScreen(name: ScreenName, position: number): GuestScreenSummary {
  const [, on, description] = CATALOGUE.find(([screen]) => screen === name)!;
  return {
    name,
    position,
    state: on ? 'on' : 'off',
    source: 'default',
    default_state: on ? 'on' : 'off',
    description,
    title: `Title of ${name}`,
    text_preview: `Text of ${name}`,
    required_fields: name === 'contact' ? ['email', 'phone'] : [],
    allowed_fields: name === 'contact' ? ['email', 'phone'] : ['accept'],
    customised: false,
    overrides: { listings: 0, reservations: 0 },
  };
}

export const STAY: StargateReservation = {
  id: RESERVATION_ID,
  guest_first_name: 'Maria',
  check_in_date: '2026-12-03',
  listing_id: LISTING_ID,
  listing_nickname: 'Harbour Loft',
  verification_status: 'pending',
};

export function makeDelivery(
  id: string,
  overrides: Partial<StargateDelivery> = {},
): StargateDelivery {
  return {
    id,
    message_id: `9${id}`,
    kind: 'door_code',
    title: 'Your door code',
    body: 'The code is 4821.',
    for_listing: false,
    author_name: DEMO_OWNER.name,
    state: 'held',
    created_at: '2026-11-24T09:00:00Z',
    released_at: null,
    released_automatically: false,
    released_by_name: null,
    note: null,
    withdrawn_at: null,
    reservation: STAY,
    ...overrides,
  };
}

export function makeContent(name: ScreenName): GuestScreenContent {
  const screen = makeScreen(name, 1);
  const original = {
    title: 'House rules',
    text: 'Please read the house rules.\n\n- No parties\n- No smoking inside',
    required_fields: ['accept'] as ScreenField[],
  };
  return {
    name,
    description: screen.description,
    state: screen.state,
    ...original,
    allowed_fields: ['accept', 'signature'],
    customised: false,
    default: original,
    translations: {},
    default_translations: {
      fr: { title: 'Règlement intérieur', text: 'Pas de fêtes.' },
      de: { title: 'Hausordnung', text: 'Keine Partys.' },
    },
  };
}

export interface GuestportalServerState {
  screens: GuestScreenSummary[];
  /** Own settings of the listing and the reservation. */
  own: Record<Level, Partial<Record<ScreenName, 'on' | 'off'>>>;
  deliveries: StargateDelivery[];
  /** The content of the screens asked for, as saved. */
  content: Partial<Record<ScreenName, GuestScreenContent>>;
  /** The reservation's guest link as the host sees it. */
  link: GuestLink;
  /** The next change (not a load) answers this instead. */
  refuseNext: UpstreamAnswer | null;
  /** Effective screens answer this instead (e.g. a 503). */
  effectiveRefusal: UpstreamAnswer | null;
}

export interface GuestportalServer extends Upstream, GuestportalServerState {
  requestsTo: (pathname: string, method?: string) => RecordedRequest[];
}

const refusal = (status: number, error: string, message: string): UpstreamAnswer => ({
  status,
  json: { error, message },
});

export async function startGuestportalServer(
  initial: Partial<GuestportalServerState> = {},
): Promise<GuestportalServer> {
  const state: GuestportalServerState = {
    screens: CATALOGUE.map(([name], index) => makeScreen(name, index + 1)),
    own: { listing: {}, reservation: {} },
    deliveries: [],
    content: {},
    link: {
      url: 'http://localhost:3000/guest/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      expiresAt: '2026-12-07T23:59:59Z',
      expired: false,
      completedAt: null,
      screensDone: 2,
      screensTotal: 6,
    },
    refuseNext: null,
    effectiveRefusal: null,
    ...initial,
  };
  const currentUser = (): User & { sessionId: string } => ({
    ...DEMO_OWNER,
    sessionId: 'test-session',
  });

  function effective(level: Level, id: string): EffectiveGuestScreens {
    return {
      listing_id: LISTING_ID,
      reservation_id: level === 'reservation' ? id : null,
      items: state.screens.map((screen) => {
        const account = { state: screen.state, source: screen.source };
        const listing = state.own.listing[screen.name];
        const fromListing = listing ? { state: listing, source: 'listing' as const } : account;
        const reservation =
          level === 'reservation' ? state.own.reservation[screen.name] : undefined;
        const inherited = level === 'reservation' ? fromListing : account;
        const decided =
          level === 'reservation'
            ? reservation
              ? { state: reservation, source: 'reservation' as const }
              : fromListing
            : fromListing;
        return { name: screen.name, title: screen.title, ...decided, inherited };
      }),
    };
  }

  function change(
    path: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
  ): UpstreamAnswer {
    let match = /^\/guestportal\/controlScreen\/account\/(\w+)$/.exec(path);
    if (match) {
      const screen = state.screens.find((item) => item.name === match![1]);
      if (!screen) return refusal(404, 'screen_not_found', 'There is no such screen.');
      screen.state = query.get('state') as 'on' | 'off';
      screen.source = 'account';
      return { json: { items: state.screens } };
    }
    match = /^\/guestportal\/controlScreen\/(listing|reservation)\/(\d+)\/(\w+)$/.exec(path);
    if (match) {
      const [, level, id, name] = match as unknown as [string, Level, string, ScreenName];
      const value = query.get('state');
      if (value === 'inherit') delete state.own[level][name];
      else state.own[level][name] = value as 'on' | 'off';
      return { json: effective(level, id) };
    }
    match = /^\/guestportal\/screen\/(\w+)$/.exec(path);
    if (match) {
      const name = match[1] as ScreenName;
      const saved = state.content[name] ?? makeContent(name);
      const change = body as Pick<GuestScreenContent, 'title' | 'text' | 'required_fields'>;
      state.content[name] = { ...saved, ...change, customised: true };
      return { json: state.content[name] };
    }
    if (path === `/guestportal/link/${RESERVATION_ID}/renew`) {
      state.link = {
        ...state.link,
        url: 'http://localhost:3000/guest/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
      };
      return { json: state.link };
    }
    if (path === '/guestportal/screens/order') {
      const order = body.order as ScreenName[];
      state.screens = order.map((name, index) => ({
        ...state.screens.find((screen) => screen.name === name)!,
        position: index + 1,
      }));
      return { json: { items: state.screens } };
    }
    match = /^\/stargate\/deliveries\/(\w+)\/(release|withdraw)$/.exec(path);
    if (match) {
      const delivery = state.deliveries.find((item) => item.id === match![1]);
      if (!delivery) return refusal(404, 'delivery_not_found', 'There is no such message.');
      if (delivery.state !== 'held')
        return refusal(409, 'delivery_not_held', 'This message is no longer held.');
      Object.assign(
        delivery,
        match[2] === 'release'
          ? {
              state: 'released',
              released_at: '2026-11-25T10:00:00Z',
              released_by_name: DEMO_OWNER.name,
              note: body.note,
            }
          : { state: 'withdrawn', withdrawn_at: '2026-11-25T10:00:00Z' },
      );
      return { json: delivery };
    }
    if (path === '/stargate/messages') {
      const delivery = makeDelivery(String(state.deliveries.length + 1), {
        kind: body.kind as StargateDelivery['kind'],
        title: String(body.title),
        body: String(body.body),
        for_listing: body.listing_id !== undefined,
      });
      state.deliveries.unshift(delivery);
      return {
        status: 201,
        json: {
          id: delivery.message_id,
          kind: delivery.kind,
          title: delivery.title,
          body: delivery.body,
          listing_id: (body.listing_id as string | undefined) ?? null,
          reservation_id: (body.reservation_id as string | undefined) ?? null,
          author_name: delivery.author_name,
          created_at: delivery.created_at,
          deliveries: [delivery],
        },
      };
    }
    return refusal(404, 'not_found', `No route POST ${path}`);
  }

  const upstream = await startUpstream(
    (request) => {
      const url = new URL(request.url, 'http://api');
      const path = url.pathname;
      if (request.method === 'GET') {
        if (path === '/loadAuth') return { json: currentUser() };
        if (path === '/guestportal/screens') return { json: { items: state.screens } };
        if (path === `/guestportal/link/${RESERVATION_ID}`) return { json: state.link };
        const contentMatch = /^\/guestportal\/screen\/(\w+)$/.exec(path);
        if (contentMatch) {
          const name = contentMatch[1] as ScreenName;
          if (!CATALOGUE.some(([screen]) => screen === name))
            return refusal(404, 'screen_not_found', 'There is no such screen.');
          return { json: state.content[name] ?? makeContent(name) };
        }
        const effectiveMatch = /^\/guestportal\/effective\/(listing|reservation)\/(\d+)$/.exec(
          path,
        );
        if (effectiveMatch)
          return (
            state.effectiveRefusal ?? {
              json: effective(effectiveMatch[1] as Level, effectiveMatch[2]!),
            }
          );
        if (path === '/stargate/messages') {
          const wanted = url.searchParams.get('state');
          const items = state.deliveries.filter((item) => !wanted || item.state === wanted);
          return {
            json: {
              items,
              total: items.length,
              from: Number(url.searchParams.get('from') ?? 0),
              size: Number(url.searchParams.get('size') ?? 25),
            },
          };
        }
        if (path === `/stargate/reservation/${RESERVATION_ID}`)
          return {
            json: {
              reservation: STAY,
              items: state.deliveries.filter((item) => item.state !== 'withdrawn'),
            },
          };
        return refusal(404, 'not_found', `No route GET ${path}`);
      }
      const refused = state.refuseNext;
      state.refuseNext = null;
      if (refused) return refused;
      const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
      return change(path, url.searchParams, body);
    },
    { check: keepsContract },
  );
  return Object.assign(state, upstream, {
    requestsTo: (pathname: string, method = 'POST') =>
      upstream.requests.filter(
        (request) =>
          request.method === method && new URL(request.url, 'http://api').pathname === pathname,
      ),
  });
}
