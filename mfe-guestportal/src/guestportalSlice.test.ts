import type { ApiError } from '@hostdash/shared-auth';
import {
  guestportalActions,
  guestportalReducer,
  initialGuestportalState,
} from './guestportalSlice';
import { makeDelivery, makeScreen, STAY } from './testing/guestportalServer';

const refusal: ApiError = { status: 403, error: 'forbidden', message: 'No.' };
const withScreens = () =>
  guestportalReducer(
    initialGuestportalState(),
    guestportalActions.loadScreens.succeeded(
      { items: [makeScreen('contact', 1), makeScreen('selfie', 2)] },
      undefined,
    ),
  );

describe('the guestportal slice', () => {
  it('shows a switch at once and puts it back when the API refuses it', () => {
    const request = { screen: 'selfie' as const, state: 'off' as const };
    const switching = guestportalReducer(
      withScreens(),
      guestportalActions.switchScreen.requested(request),
    );
    expect(switching.screens!.items[1]).toMatchObject({ state: 'off', source: 'account' });
    expect(switching.switching).toEqual(['selfie']);
    const refused = guestportalReducer(
      switching,
      guestportalActions.switchScreen.failed(refusal, { request }),
    );
    expect(refused.screens!.items[1]!.state).toBe('on');
    expect(refused.switching).toEqual([]);
    expect(refused.status.switchScreen.error).toEqual(refusal);
  });

  it('keeps a switch still under way when another one is answered', () => {
    let state = withScreens();
    state = guestportalReducer(
      state,
      guestportalActions.switchScreen.requested({ screen: 'contact', state: 'off' }),
    );
    state = guestportalReducer(
      state,
      guestportalActions.switchScreen.requested({ screen: 'selfie', state: 'off' }),
    );
    // The API's answer to the first switch does not know of the second yet.
    state = guestportalReducer(
      state,
      guestportalActions.switchScreen.succeeded(
        { items: [{ ...makeScreen('contact', 1), state: 'off' }, makeScreen('selfie', 2)] },
        { screen: 'contact', state: 'off' },
      ),
    );
    expect(state.screens!.items.map((screen) => screen.state)).toEqual(['off', 'off']);
    expect(state.switching).toEqual(['selfie']);
  });

  it('reorders at once, numbering the screens again', () => {
    const state = guestportalReducer(
      withScreens(),
      guestportalActions.reorder.requested(['selfie', 'contact']),
    );
    expect(state.screens!.items.map(({ name, position }) => [name, position])).toEqual([
      ['selfie', 1],
      ['contact', 2],
    ]);
  });

  it('patches a released delivery in place, and drops a withdrawn one from the stay’s list', () => {
    let state = guestportalReducer(
      initialGuestportalState(),
      guestportalActions.loadReservation.succeeded(
        { reservation: STAY, items: [makeDelivery('1'), makeDelivery('2')] },
        STAY.id,
      ),
    );
    state = guestportalReducer(
      state,
      guestportalActions.release.succeeded(makeDelivery('1', { state: 'released' }), {
        id: '1',
        note: 'x',
      }),
    );
    state = guestportalReducer(
      state,
      guestportalActions.withdraw.succeeded(makeDelivery('2', { state: 'withdrawn' }), { id: '2' }),
    );
    expect(state.reservation!.items.map(({ id, state: where }) => [id, where])).toEqual([
      ['1', 'released'],
    ]);
  });
});
