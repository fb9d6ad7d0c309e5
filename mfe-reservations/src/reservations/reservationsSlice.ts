// The `reservations` slice (spec sections 3 and 4): the reservations list and the risks list with
// their queries, stats, the open reservation with its protect log (reservationId, items,
// pagination), protect settings, analytics, and the report task with its error.
import { createAction, createSlice } from '@reduxjs/toolkit';
import {
  isStaleWrite,
  defineRemoteCall,
  DEFAULT_ROWS_PER_PAGE,
  idleStatus,
  PROTECT_LOG_PAGE_SIZE,
  toIsoDate,
  type ApiError,
  type ListResponse,
  type RemoteStatus,
  type VerificationStatus,
} from '@hostdash/shared-auth';
import {
  downloadReportFile,
  reservationsApi,
  type Analytics,
  type BulkInviteResult,
  type CalendarMonth,
  type GuestMailLog,
  type ImageKind,
  type ProtectLogEntry,
  type ProtectSettings,
  type TolerancePreview,
  type ReportTask,
  type ReportType,
  type Reservation,
  type ReservationImage,
  type ReservationInput,
  type ReservationFilter,
  type ReservationQuery,
  type ReservationStats,
  type ReservationSummary,
  type RiskTolerance,
} from './reservationsApi';

export const DEFAULT_RESERVATIONS_SORT = 'check_in_date:asc';
export const SEARCH_SORT = 'check_in_date:desc,_score';
export const ATTENTION_SORT = 'attention';
export const DEFAULT_STATUS = 'CONFIRMED';

export const defaultQuery = (overrides: Partial<ReservationQuery> = {}): ReservationQuery => ({
  from: 0,
  size: DEFAULT_ROWS_PER_PAGE,
  sort: DEFAULT_RESERVATIONS_SORT,
  search: '',
  status: DEFAULT_STATUS,
  startDate: toIsoDate(),
  colour: [],
  verification: [],
  ...overrides,
});

interface ListState {
  items: ReservationSummary[];
  total: number;
  query: ReservationQuery;
  status: RemoteStatus;
}

export interface ChangeVerification {
  id: string;
  status: VerificationStatus;
  note: string;
  supervised: boolean;
  /** The row of the reservations list to update; without it, the open reservation is updated. */
  index?: number;
}

export interface ReservationsState {
  list: ListState;
  risks: ListState;
  stats: { data: ReservationStats | null; status: RemoteStatus };
  detail: {
    reservation: Reservation | null;
    status: RemoteStatus;
    verification: RemoteStatus;
    rescreen: RemoteStatus;
    rotating: Partial<Record<ImageKind, boolean>>;
    save: RemoteStatus;
    conflict: Reservation | null;
  };
  logs: {
    reservationId: string | null;
    items: ProtectLogEntry[];
    pagination: { from: number; size: number; total: number };
    status: RemoteStatus;
  };
  protect: {
    settings: ProtectSettings | null;
    status: RemoteStatus;
    save: RemoteStatus;
    /** What the tolerance being considered would recolour, asked before it is set. */
    preview: { data: TolerancePreview | null; status: RemoteStatus };
    log: {
      items: ProtectLogEntry[];
      total: number;
      from: number;
      size: number;
      status: RemoteStatus;
    };
  };
  analytics: { data: Analytics | null; status: RemoteStatus };
  /** The calendar's months (one; two for a phone's week across a month's end): every listing's confirmed stays. */
  calendar: { data: CalendarMonth[] | null; status: RemoteStatus };
  /** The last report generated or downloaded, or its error (spec section 4). */
  task: {
    type: string | null;
    reservationId: string | null;
    result: ReportTask | null;
    error: ApiError | null;
    status: RemoteStatus;
  };
  /** What the last save of the reservation form created or changed. */
  saved: { id: string; version: number } | null;
  /** The open reservation's mails to its guest (issue 31), and "Send again". */
  guestMails: {
    reservationId: string | null;
    log: GuestMailLog | null;
    status: RemoteStatus;
    send: RemoteStatus;
  };
  /** The list's stays chosen for "Send check-in link", and what the last bulk send did. */
  invites: { ids: string[]; result: BulkInviteResult | null; status: RemoteStatus };
}

const emptyList = (query: ReservationQuery): ListState => ({
  items: [],
  total: 0,
  query,
  status: idleStatus(),
});

export const initialReservationsState: ReservationsState = {
  list: emptyList(defaultQuery()),
  risks: emptyList(defaultQuery({ sort: ATTENTION_SORT })),
  stats: { data: null, status: idleStatus() },
  detail: {
    reservation: null,
    status: idleStatus(),
    verification: idleStatus(),
    rescreen: idleStatus(),
    rotating: {},
    save: idleStatus(),
    conflict: null,
  },
  logs: {
    reservationId: null,
    items: [],
    pagination: { from: 0, size: PROTECT_LOG_PAGE_SIZE, total: 0 },
    status: idleStatus(),
  },
  protect: {
    settings: null,
    status: idleStatus(),
    save: idleStatus(),
    preview: { data: null, status: idleStatus() },
    log: { items: [], total: 0, from: 0, size: 25, status: idleStatus() },
  },
  analytics: { data: null, status: idleStatus() },
  calendar: { data: null, status: idleStatus() },
  task: { type: null, reservationId: null, result: null, error: null, status: idleStatus() },
  saved: null,
  guestMails: { reservationId: null, log: null, status: idleStatus(), send: idleStatus() },
  invites: { ids: [], result: null, status: idleStatus() },
};

// Loads are takeLatest (a newer query drops the older request). A write whose failure its own
// dialog, form or card shows is silent, so the shell's snackbar does not say it a second time.
export const reservationsActions = {
  search: defineRemoteCall<ReservationsState, ReservationQuery, ListResponse<ReservationSummary>>(
    'reservations/search',
    (query, { signal }) => reservationsApi.search(query, signal),
    { status: (state) => state.list.status },
  ),
  loadRisks: defineRemoteCall<
    ReservationsState,
    ReservationQuery,
    ListResponse<ReservationSummary>
  >('reservations/loadRisks', (query, { signal }) => reservationsApi.search(query, signal), {
    status: (state) => state.risks.status,
  }),
  loadStats: defineRemoteCall<ReservationsState, ReservationFilter, ReservationStats>(
    'reservations/loadStats',
    (filter, { signal }) => reservationsApi.stats(filter, signal),
    { status: (state) => state.stats.status },
  ),
  loadReservation: defineRemoteCall<ReservationsState, { id: string }, Reservation>(
    'reservations/loadReservation',
    ({ id }, { signal }) => reservationsApi.get(id, signal),
    { status: (state) => state.detail.status },
  ),
  changeVerification: defineRemoteCall<ReservationsState, ChangeVerification, Reservation>(
    'reservations/changeVerification',
    ({ id, status, note, supervised }) =>
      reservationsApi.changeVerification(id, status, note, supervised),
    { status: (state) => state.detail.verification, strategy: 'leading', silent: true },
  ),
  rescreen: defineRemoteCall<ReservationsState, { id: string }, { reservation: Reservation }>(
    'reservations/rescreen',
    ({ id }) => reservationsApi.rescreen(id),
    { status: (state) => state.detail.rescreen, strategy: 'leading' },
  ),
  rotateImage: defineRemoteCall<
    ReservationsState,
    { id: string; image: ImageKind },
    ReservationImage
  >('reservations/rotateImage', ({ id, image }) => reservationsApi.rotateImage(id, image), {
    strategy: 'every',
  }),
  loadLog: defineRemoteCall<
    ReservationsState,
    { reservationId: string; from: number },
    ListResponse<ProtectLogEntry>
  >(
    'reservations/loadLog',
    ({ reservationId, from }, { signal }) =>
      reservationsApi.protectLog(reservationId, from, PROTECT_LOG_PAGE_SIZE, signal),
    { status: (state) => state.logs.status },
  ),
  loadProtect: defineRemoteCall<ReservationsState, void, ProtectSettings>(
    'reservations/loadProtect',
    (_request, { signal }) => reservationsApi.protectSettings(signal),
    { status: (state) => state.protect.status },
  ),
  setRiskTolerance: defineRemoteCall<ReservationsState, { risk: RiskTolerance }, ProtectSettings>(
    'reservations/setRiskTolerance',
    ({ risk }) => reservationsApi.setRiskTolerance(risk),
    { status: (state) => state.protect.save, strategy: 'leading', silent: true },
  ),
  previewTolerance: defineRemoteCall<ReservationsState, { risk: RiskTolerance }, TolerancePreview>(
    'reservations/previewTolerance',
    ({ risk }, { signal }) => reservationsApi.tolerancePreview(risk, signal),
    { status: (state) => state.protect.preview.status },
  ),
  loadAccountLog: defineRemoteCall<
    ReservationsState,
    { from: number; size: number },
    ListResponse<ProtectLogEntry>
  >(
    'reservations/loadAccountLog',
    ({ from, size }, { signal }) => reservationsApi.accountLog(from, size, signal),
    { status: (state) => state.protect.log.status },
  ),
  loadAnalytics: defineRemoteCall<ReservationsState, { months: number }, Analytics>(
    'reservations/loadAnalytics',
    ({ months }, { signal }) => reservationsApi.analytics(months, signal),
    { status: (state) => state.analytics.status },
  ),
  loadCalendar: defineRemoteCall<ReservationsState, { months: string[] }, CalendarMonth[]>(
    'reservations/loadCalendar',
    ({ months }, { signal }) =>
      Promise.all(months.map((month) => reservationsApi.calendar(month, signal))),
    { status: (state) => state.calendar.status },
  ),
  generateReport: defineRemoteCall<
    ReservationsState,
    { type: ReportType; id: string; refresh: boolean },
    ReportTask
  >(
    'reservations/generateReport',
    ({ type, id, refresh }) => reservationsApi.generateReport(type, id, refresh),
    { status: (state) => state.task.status, strategy: 'leading', silent: true },
  ),
  downloadReport: defineRemoteCall<
    ReservationsState,
    { type: string; id: string; format: 'pdf' | 'csv' },
    { fileName: string }
  >('reservations/downloadReport', downloadReportFile, {
    status: (state) => state.task.status,
    strategy: 'leading',
  }),
  saveReservation: defineRemoteCall<
    ReservationsState,
    { id: string | null; version: number | null; input: Partial<ReservationInput> },
    Reservation
  >(
    'reservations/saveReservation',
    ({ id, version, input }): Promise<Reservation> =>
      id === null || version === null
        ? reservationsApi.create(input as Parameters<typeof reservationsApi.create>[0])
        : reservationsApi.update(id, version, input),
    { status: (state) => state.detail.save, strategy: 'leading', silent: true },
  ),
  loadGuestMails: defineRemoteCall<ReservationsState, { id: string }, GuestMailLog>(
    'reservations/loadGuestMails',
    ({ id }, { signal }) => reservationsApi.guestMails(id, signal),
    { status: (state) => state.guestMails.status },
  ),
  sendGuestInvite: defineRemoteCall<ReservationsState, { id: string }, GuestMailLog>(
    'reservations/sendGuestInvite',
    ({ id }) => reservationsApi.sendGuestInvite(id),
    { status: (state) => state.guestMails.send, strategy: 'leading', silent: true },
  ),
  sendGuestInvites: defineRemoteCall<ReservationsState, { ids: string[] }, BulkInviteResult>(
    'reservations/sendGuestInvites',
    ({ ids }) => reservationsApi.sendGuestInvites(ids),
    { status: (state) => state.invites.status, strategy: 'leading', silent: true },
  ),
  /** The list's selection for the bulk send. */
  inviteSelectionSet: createAction<string[]>('reservations/inviteSelectionSet'),
  clearSaved: createAction('reservations/clearSaved'),
  dismissTaskError: createAction('reservations/dismissTaskError'),
  /** After a stale write: take the latest version as the base of the next save. */
  adoptLatest: createAction('reservations/adoptLatest'),
};

function summaryOf(reservation: Reservation, row: ReservationSummary): ReservationSummary {
  return {
    ...row,
    verification_status: reservation.protect.verification_status,
    version: reservation.version,
    protect: {
      verification_status: reservation.protect.verification_status,
      score: reservation.protect.score,
      colour: reservation.protect.colour,
      top_factors: reservation.protect.factors.slice(0, 3),
    },
    risk: {
      score: reservation.protect.score,
      colour: reservation.protect.colour,
      top_factors: reservation.protect.factors.slice(0, 3),
    },
  };
}

/** A changed reservation, wherever it is shown. */
function patchEverywhere(state: ReservationsState, reservation: Reservation): void {
  for (const list of [state.list, state.risks]) {
    list.items = list.items.map((row) =>
      row.id === reservation.id ? summaryOf(reservation, row) : row,
    );
  }
  if (state.detail.reservation?.id === reservation.id) state.detail.reservation = reservation;
}

export const reservationsSlice = createSlice({
  name: 'reservations',
  initialState: initialReservationsState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(reservationsActions.search.requested, (state, { payload }) => {
        state.list.query = payload;
      })
      .addCase(reservationsActions.search.succeeded, (state, { payload }) => {
        state.list.items = payload.items;
        state.list.total = payload.total;
      })
      .addCase(reservationsActions.loadRisks.requested, (state, { payload }) => {
        state.risks.query = payload;
      })
      .addCase(reservationsActions.loadRisks.succeeded, (state, { payload }) => {
        state.risks.items = payload.items;
        state.risks.total = payload.total;
      })
      .addCase(reservationsActions.loadStats.succeeded, (state, { payload }) => {
        state.stats.data = payload;
      })
      .addCase(reservationsActions.loadReservation.requested, (state, { payload }) => {
        if (state.detail.reservation?.id !== payload.id) state.detail.reservation = null;
        state.detail.verification = idleStatus();
        state.detail.conflict = null;
      })
      .addCase(reservationsActions.loadReservation.succeeded, (state, { payload }) => {
        state.detail.reservation = payload;
      })
      // Spec section 4: in the list row when an index is given, otherwise in the open reservation.
      .addCase(reservationsActions.changeVerification.succeeded, (state, { payload, meta }) => {
        const { index } = meta.request;
        const row = index === undefined ? undefined : state.list.items[index];
        if (index !== undefined && row?.id === payload.id)
          state.list.items[index] = summaryOf(payload, row);
        else if (state.detail.reservation?.id === payload.id) state.detail.reservation = payload;
        for (const risk of state.risks.items)
          if (risk.id === payload.id) Object.assign(risk, summaryOf(payload, risk));
      })
      .addCase(reservationsActions.rescreen.succeeded, (state, { payload }) =>
        patchEverywhere(state, payload.reservation),
      )
      .addCase(reservationsActions.rotateImage.requested, (state, { payload }) => {
        state.detail.rotating[payload.image] = true;
      })
      .addCase(reservationsActions.rotateImage.succeeded, (state, { payload, meta }) => {
        state.detail.rotating[meta.request.image] = false;
        const reservation = state.detail.reservation;
        if (reservation?.id === meta.request.id) {
          reservation.images = reservation.images.map((image) =>
            image.kind === payload.kind ? payload : image,
          );
        }
      })
      .addCase(reservationsActions.rotateImage.failed, (state, { meta }) => {
        if (meta.request) state.detail.rotating[meta.request.image] = false;
      })
      .addCase(reservationsActions.loadLog.requested, (state, { payload }) => {
        if (state.logs.reservationId !== payload.reservationId) {
          state.logs.items = [];
          state.logs.pagination = { from: 0, size: PROTECT_LOG_PAGE_SIZE, total: 0 };
        }
        state.logs.reservationId = payload.reservationId;
      })
      .addCase(reservationsActions.loadLog.succeeded, (state, { payload, meta }) => {
        if (state.logs.reservationId !== meta.request.reservationId) return;
        state.logs.items = payload.items;
        state.logs.pagination = { from: payload.from, size: payload.size, total: payload.total };
      })
      .addCase(reservationsActions.loadProtect.succeeded, (state, { payload }) => {
        state.protect.settings = payload;
      })
      .addCase(reservationsActions.setRiskTolerance.succeeded, (state, { payload }) => {
        state.protect.settings = payload;
      })
      .addCase(reservationsActions.previewTolerance.requested, (state) => {
        state.protect.preview.data = null;
      })
      .addCase(reservationsActions.previewTolerance.succeeded, (state, { payload }) => {
        state.protect.preview.data = payload;
      })
      .addCase(reservationsActions.loadAccountLog.succeeded, (state, { payload }) => {
        state.protect.log = {
          ...state.protect.log,
          items: payload.items,
          total: payload.total,
          from: payload.from,
          size: payload.size,
        };
      })
      .addCase(reservationsActions.loadAnalytics.succeeded, (state, { payload }) => {
        state.analytics.data = payload;
      })
      .addCase(reservationsActions.loadCalendar.succeeded, (state, { payload }) => {
        state.calendar.data = payload;
      })
      .addCase(reservationsActions.generateReport.requested, (state, { payload }) => {
        state.task.type = payload.type;
        state.task.reservationId = payload.id;
      })
      // Report generation stores the task result or its error.
      .addCase(reservationsActions.generateReport.succeeded, (state, { payload, meta }) => {
        state.task.result = payload;
        state.task.error = null;
        const reservation = state.detail.reservation;
        if (reservation?.id === meta.request.id) {
          reservation.reports = [
            ...reservation.reports.filter((report) => report.type !== payload.type),
            payload,
          ];
        }
      })
      .addCase(reservationsActions.generateReport.failed, (state, { payload }) => {
        state.task.error = payload;
      })
      // A download clears the task error.
      .addCase(reservationsActions.downloadReport.requested, (state, { payload }) => {
        state.task.error = null;
        state.task.type = payload.type;
        state.task.reservationId = payload.id;
      })
      .addCase(reservationsActions.downloadReport.failed, (state, { payload }) => {
        state.task.error = payload;
      })
      .addCase(reservationsActions.saveReservation.requested, (state) => {
        state.saved = null;
        state.detail.conflict = null;
      })
      .addCase(reservationsActions.saveReservation.succeeded, (state, { payload }) => {
        state.saved = { id: payload.id, version: payload.version };
        patchEverywhere(state, payload);
      })
      .addCase(reservationsActions.saveReservation.failed, (state, { payload }) => {
        if (isStaleWrite<Reservation>(payload)) state.detail.conflict = payload.current;
      })
      .addCase(reservationsActions.dismissTaskError, (state) => {
        state.task.error = null;
      })
      .addCase(reservationsActions.clearSaved, (state) => {
        state.saved = null;
      })
      .addCase(reservationsActions.loadGuestMails.requested, (state, { payload }) => {
        if (state.guestMails.reservationId !== payload.id) {
          state.guestMails.log = null;
          state.guestMails.send = idleStatus();
        }
        state.guestMails.reservationId = payload.id;
      })
      .addCase(reservationsActions.loadGuestMails.succeeded, (state, { payload }) => {
        if (state.guestMails.reservationId === payload.reservation_id)
          state.guestMails.log = payload;
      })
      .addCase(reservationsActions.sendGuestInvite.succeeded, (state, { payload }) => {
        if (state.guestMails.reservationId === payload.reservation_id)
          state.guestMails.log = payload;
      })
      .addCase(reservationsActions.inviteSelectionSet, (state, { payload }) => {
        state.invites.ids = payload;
      })
      .addCase(reservationsActions.sendGuestInvites.requested, (state) => {
        state.invites.result = null;
      })
      .addCase(reservationsActions.sendGuestInvites.succeeded, (state, { payload }) => {
        state.invites.result = payload;
        // What went out leaves the selection; what did not stays chosen, to look at.
        const sent = new Set(
          payload.results.filter((item) => item.outcome === 'sent').map((item) => item.id),
        );
        state.invites.ids = state.invites.ids.filter((id) => !sent.has(id));
      })
      .addCase(reservationsActions.adoptLatest, (state) => {
        if (state.detail.conflict) state.detail.reservation = state.detail.conflict;
        state.detail.conflict = null;
        state.detail.save = idleStatus();
      });

    reservationsActions.search.addStatusCases(builder);
    reservationsActions.loadRisks.addStatusCases(builder);
    reservationsActions.loadStats.addStatusCases(builder);
    reservationsActions.loadReservation.addStatusCases(builder);
    reservationsActions.changeVerification.addStatusCases(builder);
    reservationsActions.rescreen.addStatusCases(builder);
    reservationsActions.loadLog.addStatusCases(builder);
    reservationsActions.loadProtect.addStatusCases(builder);
    reservationsActions.setRiskTolerance.addStatusCases(builder);
    reservationsActions.previewTolerance.addStatusCases(builder);
    reservationsActions.loadAccountLog.addStatusCases(builder);
    reservationsActions.loadAnalytics.addStatusCases(builder);
    reservationsActions.loadCalendar.addStatusCases(builder);
    reservationsActions.generateReport.addStatusCases(builder);
    reservationsActions.downloadReport.addStatusCases(builder);
    reservationsActions.saveReservation.addStatusCases(builder);
    reservationsActions.loadGuestMails.addStatusCases(builder);
    reservationsActions.sendGuestInvite.addStatusCases(builder);
    reservationsActions.sendGuestInvites.addStatusCases(builder);
  },
});

export const reservationsReducer = reservationsSlice.reducer;

type WithReservations = { reservations?: ReservationsState };
const root = (state: WithReservations): ReservationsState =>
  state.reservations ?? initialReservationsState;

export const selectReservationList = (state: WithReservations) => root(state).list;
export const selectRisks = (state: WithReservations) => root(state).risks;
export const selectReservationStats = (state: WithReservations) => root(state).stats;
export const selectDetail = (state: WithReservations) => root(state).detail;
export const selectLogs = (state: WithReservations) => root(state).logs;
export const selectProtect = (state: WithReservations) => root(state).protect;
export const selectAnalytics = (state: WithReservations) => root(state).analytics;
export const selectCalendar = (state: WithReservations) => root(state).calendar;
export const selectTask = (state: WithReservations) => root(state).task;
export const selectSaved = (state: WithReservations) => root(state).saved;
export const selectGuestMails = (state: WithReservations) => root(state).guestMails;
export const selectInvites = (state: WithReservations) => root(state).invites;
