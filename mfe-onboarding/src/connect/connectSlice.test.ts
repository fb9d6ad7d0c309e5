// The connect part of the `onboard` slice: where the page is as connecting, following, finishing
// and failing happen.
import { onboardReducer, type OnboardState } from '../onboardSlice';
import { makeTask } from '../testing/onboardServer';
import { connectActions } from './connectSlice';

const start = (): OnboardState =>
  onboardReducer(
    onboardReducer(undefined, { type: 'init' }),
    connectActions.opened({ pms: 'hostaway' }),
  );

describe('the onboard slice’s task and context', () => {
  it('goes back to the form with the refusal when connecting is refused', () => {
    const refusal = { error: 'credentials_refused', message: 'No.', field: 'credentials.apiKey' };
    let state = onboardReducer(
      start(),
      connectActions.connect.requested({ pms: 'hostaway', credentials: {} }),
    );
    expect(state.context.phase).toBe('starting');
    state = onboardReducer(state, connectActions.connect.failed(refusal));
    expect(state.context).toMatchObject({ phase: 'form', error: refusal });
  });

  it('follows a task, fails with it, and finishes after trying again', () => {
    let state = onboardReducer(start(), connectActions.taskStarted(makeTask()));
    expect(state.context.phase).toBe('following');
    state = onboardReducer(
      state,
      connectActions.taskUpdated(
        makeTask({
          state: 'failed',
          error_code: 'pms_unavailable',
          error_message: 'Down.',
          finished_at: '2026-11-25T10:00:00.000Z',
        }),
      ),
    );
    expect(state.context.phase).toBe('failed');
    state = onboardReducer(
      state,
      connectActions.taskStarted(makeTask({ state: 'queued', step: 'listings' })),
    );
    expect(state.context.phase).toBe('following');
    state = onboardReducer(
      state,
      connectActions.taskUpdated(
        makeTask({ state: 'succeeded', finished_at: '2026-11-25T10:00:00.000Z' }),
      ),
    );
    const connection = {
      pms: 'hostaway' as const,
      label: 'Hostaway',
      auth: 'api_key_secret' as const,
      status: 'connected' as const,
      last_sync_at: null,
      next_sync_at: null,
      webhook_url: null,
      listings_count: 3,
      reservations_count: 9,
      connected_at: '2026-11-25T10:00:00.000Z',
      task: null,
    };
    state = onboardReducer(state, connectActions.finished(connection));
    expect(state.context).toMatchObject({ phase: 'finished', connection });
  });

  it('keeps the API’s clock offset from the task’s server time', () => {
    const serverTime = new Date(Date.now() + 60_000).toISOString();
    const state = onboardReducer(
      start(),
      connectActions.taskStarted(makeTask({ server_time: serverTime })),
    );
    expect(state.context.clockOffsetMs).toBeGreaterThan(59_000);
    expect(state.context.clockOffsetMs).toBeLessThan(61_000);
  });

  it('starts afresh for another system, keeping the list of systems', () => {
    let state = onboardReducer(
      start(),
      connectActions.loadSystems.succeeded({ sandbox: true, items: [] }, undefined),
    );
    state = onboardReducer(state, connectActions.taskStarted(makeTask()));
    const same = onboardReducer(state, connectActions.opened({ pms: 'hostaway' }));
    expect(same).toBe(state);
    const other = onboardReducer(state, connectActions.opened({ pms: 'guesty' }));
    expect(other.task).toBeNull();
    expect(other.context).toMatchObject({
      pms: 'guesty',
      phase: 'form',
      systems: { sandbox: true, items: [] },
    });
  });

  it('shows an import found on return as finished when it succeeded', () => {
    const state = onboardReducer(
      start(),
      connectActions.resume.succeeded(
        makeTask({ state: 'succeeded', finished_at: '2026-11-25T10:00:00.000Z' }),
        { pms: 'hostaway' },
      ),
    );
    expect(state.context.phase).toBe('finished');
  });
});
