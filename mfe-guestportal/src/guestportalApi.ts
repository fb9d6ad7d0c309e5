// The guest-portal remote's calls, typed with the API contract: the account's screens, a screen's
// content, the effective screens of a listing or a reservation, and Stargate's messages.
import type {
  Body,
  EffectiveGuestScreens,
  GuestLink,
  GuestScreenContent,
  GuestScreens,
  GuestScreenSummary,
  Query,
  StargateDelivery,
  StargateDeliveryPage,
  StargateMessage,
  StargateReservation,
  StargateReservationMessages,
} from '@hostdash/api-contract';
import { api } from '@hostdash/shared-auth';

export type {
  EffectiveGuestScreens,
  GuestLink,
  GuestScreenContent,
  GuestScreens,
  GuestScreenSummary,
  StargateDelivery,
  StargateDeliveryPage,
  StargateMessage,
  StargateReservation,
  StargateReservationMessages,
};

export type ScreenName = GuestScreenSummary['name'];
export type ScreenField = GuestScreenSummary['allowed_fields'][number];
export type ScreenState = GuestScreenSummary['state'];
export type OverrideState = Query<
  '/guestportal/controlScreen/listing/{id}/{screen}',
  'post'
>['state'];
export type ContentChange = Body<'/guestportal/screen/{name}', 'post'>;
/** A language beside English, in which the host writes a screen's title and text. */
export type TranslatedLanguage = keyof GuestScreenContent['translations'];
/** A screen's title and text in a language, or null to remove them. */
export interface TranslationChange {
  name: ScreenName;
  language: TranslatedLanguage;
  text: Body<'/guestportal/screen/{name}/translation/{language}', 'post'> | null;
}
export type NewMessage = Body<'/stargate/messages', 'post'>;
export type DeliveryFilters = Query<'/stargate/messages', 'get'>;
export type MessageKind = StargateDelivery['kind'];
export type DeliveryState = StargateDelivery['state'];

/** What a widget shows the screens of: a listing, or one reservation of it. */
export type ScreensTarget = { kind: 'listing'; id: string } | { kind: 'reservation'; id: string };

type Signal = { signal?: AbortSignal };
const segment = encodeURIComponent;

export const guestportalApi = {
  screens: (_request: void, { signal }: Signal = {}) =>
    api.get<GuestScreens>('/guestportal/screens', { signal }),
  switchScreen: ({ screen, state }: { screen: ScreenName; state: ScreenState }) =>
    api.post<GuestScreens>(`/guestportal/controlScreen/account/${segment(screen)}`, {
      params: { state },
    }),
  reorder: (order: ScreenName[]) =>
    api.post<GuestScreens>('/guestportal/screens/order', { data: { order } }),
  content: (name: string, { signal }: Signal = {}) =>
    api.get<GuestScreenContent>(`/guestportal/screen/${segment(name)}`, { signal }),
  saveContent: ({ name, change }: { name: ScreenName; change: ContentChange }) =>
    api.post<GuestScreenContent>(`/guestportal/screen/${segment(name)}`, { data: change }),
  saveTranslation: ({ name, language, text }: TranslationChange) => {
    const path = `/guestportal/screen/${segment(name)}/translation/${segment(language)}`;
    return text === null
      ? api.delete<GuestScreenContent>(path)
      : api.post<GuestScreenContent>(path, { data: text });
  },
  effective: (target: ScreensTarget, { signal }: Signal = {}) =>
    api.get<EffectiveGuestScreens>(`/guestportal/effective/${target.kind}/${segment(target.id)}`, {
      signal,
    }),
  switchFor: ({
    target,
    screen,
    state,
  }: {
    target: ScreensTarget;
    screen: ScreenName;
    state: OverrideState;
  }) =>
    api.post<EffectiveGuestScreens>(
      `/guestportal/controlScreen/${target.kind}/${segment(target.id)}/${segment(screen)}`,
      { params: { state } },
    ),
  guestLink: (reservationId: string, { signal }: Signal = {}) =>
    api.get<GuestLink>(`/guestportal/link/${segment(reservationId)}`, { signal }),
  renewGuestLink: (reservationId: string) =>
    api.post<GuestLink>(`/guestportal/link/${segment(reservationId)}/renew`),
  deliveries: (filters: DeliveryFilters, { signal }: Signal = {}) =>
    api.get<StargateDeliveryPage>('/stargate/messages', { params: filters, signal }),
  reservationMessages: (id: string, { signal }: Signal = {}) =>
    api.get<StargateReservationMessages>(`/stargate/reservation/${segment(id)}`, { signal }),
  writeMessage: (message: NewMessage) =>
    api.post<StargateMessage>('/stargate/messages', { data: message }),
  release: ({ id, note }: { id: string; note: string }) =>
    api.post<StargateDelivery>(`/stargate/deliveries/${segment(id)}/release`, { data: { note } }),
  withdraw: ({ id }: { id: string }) =>
    api.post<StargateDelivery>(`/stargate/deliveries/${segment(id)}/withdraw`),
};
