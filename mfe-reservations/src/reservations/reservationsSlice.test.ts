import { makeReservation, summaryOf } from '../testing/reservationsServer';
import type { Reservation } from './reservationsApi';
import {
  initialReservationsState,
  reservationsActions,
  reservationsReducer,
} from './reservationsSlice';

const open = makeReservation(1);
const other = makeReservation(2);

function withListAndOpen() {
  let state = reservationsReducer(
    initialReservationsState,
    reservationsActions.search.succeeded(
      { items: [summaryOf(other), summaryOf(open)], total: 2, size: 10, from: 0 },
      initialReservationsState.list.query,
    ),
  );
  state = reservationsReducer(
    state,
    reservationsActions.loadReservation.succeeded(open, { id: open.id }),
  );
  return state;
}

/** The reservation as the API answers it after a verification change (flat field and protect). */
const withVerification = (
  reservation: Reservation,
  status: Reservation['verification_status'],
): Reservation => ({
  ...reservation,
  verification_status: status,
  protect: { ...reservation.protect, verification_status: status },
});

describe('the reservations slice', () => {
  it('updates the verification in the list row when an index is given', () => {
    const changed = withVerification(open, 'verified');
    const state = reservationsReducer(
      withListAndOpen(),
      reservationsActions.changeVerification.succeeded(changed, {
        id: open.id,
        status: 'verified',
        note: '',
        supervised: true,
        index: 1,
      }),
    );
    expect(state.list.items[1]?.protect.verification_status).toBe('verified');
    expect(state.detail.reservation?.protect.verification_status).toBe('review');
  });

  it('otherwise updates the open reservation', () => {
    const changed = withVerification(open, 'declined');
    const state = reservationsReducer(
      withListAndOpen(),
      reservationsActions.changeVerification.succeeded(changed, {
        id: open.id,
        status: 'declined',
        note: 'Fake ID',
        supervised: true,
      }),
    );
    expect(state.detail.reservation?.protect.verification_status).toBe('declined');
    expect(state.list.items[1]?.protect.verification_status).toBe('review');
  });

  it('stores a report task result or its error, and a download clears the error', () => {
    let state = reservationsReducer(
      initialReservationsState,
      reservationsActions.generateReport.requested({
        type: 'guest-portal',
        id: '1',
        refresh: false,
      }),
    );
    state = reservationsReducer(
      state,
      reservationsActions.generateReport.failed({
        error: 'nothing_to_report',
        message: 'Nothing yet.',
      }),
    );
    expect(state.task).toMatchObject({
      type: 'guest-portal',
      reservationId: '1',
      error: { error: 'nothing_to_report' },
      status: { loading: false },
    });
    state = reservationsReducer(
      state,
      reservationsActions.downloadReport.requested({
        type: 'guest-portal',
        id: '1',
        format: 'pdf',
      }),
    );
    expect(state.task.error).toBeNull();
    state = reservationsReducer(
      state,
      reservationsActions.generateReport.succeeded(
        {
          reservation_id: '1',
          type: 'screening',
          format: 'pdf',
          status: 'done',
          generated_at: '2026-11-22T10:00:00Z',
          file_name: 'screening-1.pdf',
          content_type: 'application/pdf',
          size: 2048,
          error: null,
        },
        { type: 'screening', id: '1', refresh: true },
      ),
    );
    expect(state.task.result).toMatchObject({ type: 'screening', status: 'done' });
  });

  it('keeps the protect log of one reservation at a time, with its pagination', () => {
    let state = reservationsReducer(
      initialReservationsState,
      reservationsActions.loadLog.requested({ reservationId: '1', from: 0 }),
    );
    const entry = {
      id: '7',
      at: '2026-11-22T10:00:00Z',
      event: 'screened' as const,
      actor_name: 'Hostdash Protect',
      supervised: false,
      note: null,
      details: { score: 20, colour: 'green' },
    };
    state = reservationsReducer(
      state,
      reservationsActions.loadLog.succeeded(
        { items: [entry], total: 130, size: 100, from: 0 },
        { reservationId: '1', from: 0 },
      ),
    );
    expect(state.logs).toMatchObject({
      reservationId: '1',
      items: [entry],
      pagination: { from: 0, size: 100, total: 130 },
    });
    state = reservationsReducer(
      state,
      reservationsActions.loadLog.requested({ reservationId: '2', from: 0 }),
    );
    expect(state.logs).toMatchObject({ reservationId: '2', items: [], pagination: { total: 0 } });
  });
});
