// The `guestportal` slice: the account's screens as /guestportal lists them (a switch shows at
// once and goes back if the API refuses it; a reorder likewise), the screen being edited, and
// Stargate's deliveries (the account's page with its filters, or one reservation's). One status
// per call, each shown where it was asked.
import { createAction, createReducer } from '@reduxjs/toolkit';
import { defineRemoteCall, idleStatus, type RemoteStatus } from '@hostdash/shared-auth';
import {
  guestportalApi,
  type ContentChange,
  type DeliveryFilters,
  type GuestScreenContent,
  type GuestScreens,
  type NewMessage,
  type ScreenName,
  type ScreenState,
  type StargateDelivery,
  type StargateDeliveryPage,
  type StargateMessage,
  type StargateReservationMessages,
  type TranslationChange,
} from './guestportalApi';

export interface GuestportalState {
  screens: GuestScreens | null;
  /** The screens whose switch is being saved. */
  switching: ScreenName[];
  /** The content of the screen being edited. */
  content: GuestScreenContent | null;
  /** Stargate: the account's deliveries as filtered, or one reservation's messages. */
  deliveries: StargateDeliveryPage | null;
  filters: DeliveryFilters;
  reservation: StargateReservationMessages | null;
  status: {
    screens: RemoteStatus;
    switchScreen: RemoteStatus;
    reorder: RemoteStatus;
    content: RemoteStatus;
    saveContent: RemoteStatus;
    saveTranslation: RemoteStatus;
    deliveries: RemoteStatus;
    reservation: RemoteStatus;
    writeMessage: RemoteStatus;
    release: RemoteStatus;
    withdraw: RemoteStatus;
  };
}

export const initialGuestportalState = (): GuestportalState => ({
  screens: null,
  switching: [],
  content: null,
  deliveries: null,
  filters: {},
  reservation: null,
  status: {
    screens: idleStatus(),
    switchScreen: idleStatus(),
    reorder: idleStatus(),
    content: idleStatus(),
    saveContent: idleStatus(),
    saveTranslation: idleStatus(),
    deliveries: idleStatus(),
    reservation: idleStatus(),
    writeMessage: idleStatus(),
    release: idleStatus(),
    withdraw: idleStatus(),
  },
});

export interface SwitchRequest {
  screen: ScreenName;
  state: ScreenState;
}

// Each refusal is shown where it was asked (on the list, in the editor, in the dialog), so the
// calls are silent.
export const guestportalActions = {
  loadScreens: defineRemoteCall<GuestportalState, void, GuestScreens>(
    'guestportal/loadScreens',
    (_request, { signal }) => guestportalApi.screens(undefined, { signal }),
    { status: (state) => state.status.screens, silent: true },
  ),
  // Each switch on its own: switching one does not wait for another.
  switchScreen: defineRemoteCall<GuestportalState, SwitchRequest, GuestScreens>(
    'guestportal/switchScreen',
    guestportalApi.switchScreen,
    { status: (state) => state.status.switchScreen, strategy: 'every', silent: true },
  ),
  reorder: defineRemoteCall<GuestportalState, ScreenName[], GuestScreens>(
    'guestportal/reorder',
    guestportalApi.reorder,
    { status: (state) => state.status.reorder, silent: true },
  ),
  loadContent: defineRemoteCall<GuestportalState, string, GuestScreenContent>(
    'guestportal/loadContent',
    (name, { signal }) => guestportalApi.content(name, { signal }),
    { status: (state) => state.status.content, silent: true },
  ),
  saveContent: defineRemoteCall<
    GuestportalState,
    { name: ScreenName; change: ContentChange },
    GuestScreenContent
  >('guestportal/saveContent', guestportalApi.saveContent, {
    status: (state) => state.status.saveContent,
    strategy: 'leading',
    silent: true,
  }),
  /** A screen's title and text in another language than English, saved or removed. */
  saveTranslation: defineRemoteCall<GuestportalState, TranslationChange, GuestScreenContent>(
    'guestportal/saveTranslation',
    guestportalApi.saveTranslation,
    {
      status: (state) => state.status.saveTranslation,
      strategy: 'leading',
      silent: true,
    },
  ),
  loadDeliveries: defineRemoteCall<GuestportalState, DeliveryFilters, StargateDeliveryPage>(
    'guestportal/loadDeliveries',
    (filters, { signal }) => guestportalApi.deliveries(filters, { signal }),
    { status: (state) => state.status.deliveries, silent: true },
  ),
  loadReservation: defineRemoteCall<GuestportalState, string, StargateReservationMessages>(
    'guestportal/loadReservation',
    (id, { signal }) => guestportalApi.reservationMessages(id, { signal }),
    { status: (state) => state.status.reservation, silent: true },
  ),
  writeMessage: defineRemoteCall<GuestportalState, NewMessage, StargateMessage>(
    'guestportal/writeMessage',
    guestportalApi.writeMessage,
    { status: (state) => state.status.writeMessage, strategy: 'leading', silent: true },
  ),
  release: defineRemoteCall<GuestportalState, { id: string; note: string }, StargateDelivery>(
    'guestportal/release',
    guestportalApi.release,
    { status: (state) => state.status.release, strategy: 'leading', silent: true },
  ),
  withdraw: defineRemoteCall<GuestportalState, { id: string }, StargateDelivery>(
    'guestportal/withdraw',
    guestportalApi.withdraw,
    { status: (state) => state.status.withdraw, strategy: 'leading', silent: true },
  ),
  /** A page closed: what it showed is not kept for the next one. */
  left: createAction('guestportal/left'),
};

/** The screens in `order`, each with its new position (shown at once, before the API answers). */
function reordered(screens: GuestScreens, order: ScreenName[]): GuestScreens {
  const byName = new Map(screens.items.map((screen) => [screen.name, screen]));
  return {
    items: order.flatMap((name, index) => {
      const screen = byName.get(name);
      return screen ? [{ ...screen, position: index + 1 }] : [];
    }),
  };
}

/** One delivery replaced wherever it is shown (the account's page, the reservation's list). */
function patchDelivery(state: GuestportalState, delivery: StargateDelivery) {
  const replace = (items: StargateDelivery[]) =>
    items.map((item) => (item.id === delivery.id ? delivery : item));
  if (state.deliveries) state.deliveries.items = replace(state.deliveries.items);
  if (state.reservation) {
    // A withdrawn message leaves the reservation's list (the API leaves it out there too).
    state.reservation.items =
      delivery.state === 'withdrawn'
        ? state.reservation.items.filter((item) => item.id !== delivery.id)
        : replace(state.reservation.items);
  }
}

export const guestportalReducer = createReducer(initialGuestportalState, (builder) => {
  builder
    .addCase(guestportalActions.loadScreens.succeeded, (state, { payload }) => {
      state.screens = payload;
    })
    .addCase(guestportalActions.switchScreen.requested, (state, { payload }) => {
      state.switching.push(payload.screen);
      const screen = state.screens?.items.find((item) => item.name === payload.screen);
      if (screen) {
        screen.state = payload.state;
        screen.source = 'account';
      }
    })
    .addCase(guestportalActions.switchScreen.succeeded, (state, { payload, meta }) => {
      state.switching = state.switching.filter((name) => name !== meta.request.screen);
      // Another switch still under way keeps what it shows until its own answer.
      const pending = new Set(state.switching);
      state.screens = {
        items: payload.items.map(
          (item) =>
            state.screens?.items.find(
              (shown) => shown.name === item.name && pending.has(item.name),
            ) ?? item,
        ),
      };
    })
    .addCase(guestportalActions.switchScreen.failed, (state, { meta }) => {
      const request = meta.request;
      if (!request) return;
      state.switching = state.switching.filter((name) => name !== request.screen);
      const screen = state.screens?.items.find((item) => item.name === request.screen);
      if (screen) screen.state = request.state === 'on' ? 'off' : 'on';
    })
    .addCase(guestportalActions.reorder.requested, (state, { payload }) => {
      if (state.screens) state.screens = reordered(state.screens, payload);
    })
    .addCase(guestportalActions.reorder.succeeded, (state, { payload }) => {
      state.screens = payload;
    })
    .addCase(guestportalActions.loadContent.requested, (state, { payload }) => {
      if (state.content?.name !== payload) state.content = null;
    })
    .addCase(guestportalActions.loadContent.succeeded, (state, { payload }) => {
      state.content = payload;
    })
    .addCase(guestportalActions.saveContent.succeeded, (state, { payload }) => {
      state.content = payload;
      // The list shows the new title next time it is asked; drop what it would show stale.
      state.screens = null;
    })
    .addCase(guestportalActions.saveTranslation.succeeded, (state, { payload }) => {
      state.content = payload;
    })
    .addCase(guestportalActions.loadDeliveries.requested, (state, { payload }) => {
      state.filters = payload;
    })
    .addCase(guestportalActions.loadDeliveries.succeeded, (state, { payload }) => {
      state.deliveries = payload;
    })
    .addCase(guestportalActions.loadReservation.requested, (state, { payload }) => {
      if (state.reservation?.reservation.id !== payload) state.reservation = null;
    })
    .addCase(guestportalActions.loadReservation.succeeded, (state, { payload }) => {
      state.reservation = payload;
    })
    .addCase(guestportalActions.release.succeeded, (state, { payload }) => {
      patchDelivery(state, payload);
    })
    .addCase(guestportalActions.withdraw.succeeded, (state, { payload }) => {
      patchDelivery(state, payload);
    })
    .addCase(guestportalActions.left, (state) => {
      state.content = null;
      state.reservation = null;
    });
  guestportalActions.loadScreens.addStatusCases(builder);
  guestportalActions.switchScreen.addStatusCases(builder);
  guestportalActions.reorder.addStatusCases(builder);
  guestportalActions.loadContent.addStatusCases(builder);
  guestportalActions.saveContent.addStatusCases(builder);
  guestportalActions.saveTranslation.addStatusCases(builder);
  guestportalActions.loadDeliveries.addStatusCases(builder);
  guestportalActions.loadReservation.addStatusCases(builder);
  guestportalActions.writeMessage.addStatusCases(builder);
  guestportalActions.release.addStatusCases(builder);
  guestportalActions.withdraw.addStatusCases(builder);
});

interface WithGuestportal {
  guestportal: GuestportalState;
}
export const selectGuestportal = (state: WithGuestportal): GuestportalState => state.guestportal;
