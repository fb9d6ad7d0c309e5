import { makeListing } from '../testing/listingsServer';
import { initialListingsState, listingsActions, listingsReducer } from './listingsSlice';

const [one, two, three] = [makeListing(1), makeListing(2), makeListing(3)];

describe('the listings slice', () => {
  it('sets the batch, removes one id, and patches a row everywhere it is shown', () => {
    let state = listingsReducer(
      initialListingsState,
      listingsActions.load.succeeded(
        { items: [one, two, three], total: 3, size: 10, from: 0 },
        initialListingsState.list.query,
      ),
    );
    state = listingsReducer(state, listingsActions.batchSet([one, two, three]));
    expect(state.batch.ids).toEqual(['1', '2', '3']);
    state = listingsReducer(state, listingsActions.batchRemove('2'));
    expect(state.batch.ids).toEqual(['1', '3']);
    expect(state.batch.rows['2']).toBeUndefined();

    state = listingsReducer(
      state,
      listingsActions.patchRow({ ...three, status: 'archived', version: 2 }),
    );
    expect(state.list.items[2]).toMatchObject({ status: 'archived', version: 2 });
    expect(state.batch.rows['3']).toMatchObject({ status: 'archived', version: 2 });
  });

  it('keeps the failed rows selected after a batch run and reports the rest', () => {
    let state = listingsReducer(initialListingsState, listingsActions.batchSet([one, two, three]));
    state = listingsReducer(
      state,
      listingsActions.batchSetStatus.requested({ status: 'inactive' }),
    );
    expect(state.batch).toMatchObject({ running: true, progress: { done: 0, total: 3 } });
    state = listingsReducer(
      state,
      listingsActions.batchItemDone({ listing: { ...one, status: 'inactive' } }),
    );
    state = listingsReducer(
      state,
      listingsActions.batchItemDone({
        failure: { id: '2', nickname: two.nickname, message: 'Changed elsewhere.' },
      }),
    );
    state = listingsReducer(
      state,
      listingsActions.batchItemDone({ listing: { ...three, status: 'inactive' } }),
    );
    state = listingsReducer(
      state,
      listingsActions.batchSetStatus.succeeded(
        { succeeded: 2, failures: state.batch.failures, cancelled: false },
        { status: 'inactive' },
      ),
    );
    expect(state.batch).toMatchObject({
      running: false,
      ids: ['2'],
      progress: { done: 3, total: 3 },
    });
    expect(state.batch.result).toEqual({
      status: 'inactive',
      succeeded: 2,
      failures: [{ id: '2', nickname: two.nickname, message: 'Changed elsewhere.' }],
      cancelled: false,
    });
  });

  it('leaves a row as it was when its status change fails, but takes the newer version a stale write reports', () => {
    let state = listingsReducer(
      initialListingsState,
      listingsActions.load.succeeded(
        { items: [one], total: 1, size: 10, from: 0 },
        initialListingsState.list.query,
      ),
    );
    state = listingsReducer(
      state,
      listingsActions.changeStatus.requested({ listing: one, status: 'archived' }),
    );
    expect(state.rowUpdates['1']?.loading).toBe(true);
    state = listingsReducer(
      state,
      listingsActions.changeStatus.failed(
        { error: 'forbidden', message: 'No.' },
        { request: { listing: one, status: 'archived' } },
      ),
    );
    expect(state.rowUpdates['1']).toBeUndefined();
    expect(state.list.items[0]?.status).toBe('active');

    const newer = { ...one, nickname: 'Renamed elsewhere', version: 5 };
    state = listingsReducer(
      state,
      listingsActions.changeStatus.failed(
        { error: 'stale_write', message: 'Changed.', current: newer },
        { request: { listing: one, status: 'archived' } },
      ),
    );
    expect(state.list.items[0]).toMatchObject({
      nickname: 'Renamed elsewhere',
      version: 5,
      status: 'active',
    });
  });
});
