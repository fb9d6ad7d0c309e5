import { combineSlices, configureStore, createSlice, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import {
  createRemoteAction,
  defineRemoteCall,
  idleStatus,
  isFailedRemoteAction,
  type CallContext,
  type RemoteStatus,
} from './remoteAction';

interface ThingsState {
  items: string[];
  status: RemoteStatus;
  answeredFor: string;
}

/** A search defined once, and the slice that keeps its answer (and the request it answers). */
function thingsSearch(
  call: (request: { term: string }, context: CallContext) => Promise<string[]>,
  strategy?: 'latest' | 'every',
) {
  const search = defineRemoteCall<ThingsState, { term: string }, string[]>('things/search', call, {
    status: (state) => state.status,
    strategy,
  });
  const thingsSlice = createSlice({
    name: 'things',
    initialState: { items: [], status: idleStatus(), answeredFor: '' } as ThingsState,
    reducers: {},
    extraReducers: (builder) => {
      builder.addCase(search.succeeded, (state, action) => {
        state.items = action.payload;
        state.answeredFor = action.meta.request.term;
      });
      search.addStatusCases(builder);
    },
  });
  return { search, thingsSlice };
}

/** A store with `slice`, the saga middleware running `saga`, and every action it saw. */
function storeWith(slice: Parameters<typeof combineSlices>[0], saga: () => Generator) {
  const sagaMiddleware = createSagaMiddleware();
  const seen: unknown[] = [];
  const record: Middleware = () => (next) => (action) => {
    seen.push(action);
    return next(action);
  };
  const store = configureStore({
    reducer: combineSlices(slice),
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware, record),
  });
  sagaMiddleware.run(saga);
  return { store, seen };
}

function setup(
  call: (request: { term: string }, context: CallContext) => Promise<string[]>,
  strategy?: 'latest' | 'every',
) {
  const { search, thingsSlice } = thingsSearch(call, strategy);
  return { ...storeWith(thingsSlice, search.watch), search };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the three-step remote action', () => {
  it('names its steps domain/eventRequested, …Succeeded, …Failed', () => {
    const search = createRemoteAction<{ term: string }, string[]>('things/search');
    expect([search.requested.type, search.succeeded.type, search.failed.type]).toEqual([
      'things/searchRequested',
      'things/searchSucceeded',
      'things/searchFailed',
    ]);
  });

  it('keeps loading while the call runs, then the answer with the request it answers', async () => {
    let finish: (items: string[]) => void = () => undefined;
    const { store, search } = setup(() => new Promise((resolve) => (finish = resolve)));
    store.dispatch(search.requested({ term: 'loft' }));
    expect(store.getState().things.status).toEqual({ loading: true, error: null });
    finish(['Loft 1']);
    await settle();
    expect(store.getState().things).toEqual({
      items: ['Loft 1'],
      status: { loading: false, error: null },
      answeredFor: 'loft',
    });
  });

  it('keeps the error of a failure, marks it as a failed remote action, and clears it on the next request', async () => {
    let fail = true;
    const { store, seen, search } = setup(async () => {
      if (fail)
        throw {
          error: 'no_response',
          message: 'The request was made but no response was received from API server',
        };
      return ['ok'];
    });
    store.dispatch(search.requested({ term: 'x' }));
    await settle();
    expect(store.getState().things.status.error?.error).toBe('no_response');
    expect(seen.filter(isFailedRemoteAction)).toHaveLength(1);
    fail = false;
    store.dispatch(search.requested({ term: 'x' }));
    expect(store.getState().things.status.error).toBeNull();
    await settle();
    expect(store.getState().things.items).toEqual(['ok']);
  });

  it('turns a thrown Error into a readable error', async () => {
    const { store, search } = setup(async () => {
      throw new Error('boom');
    });
    store.dispatch(search.requested({ term: 'x' }));
    await settle();
    expect(store.getState().things.status.error).toEqual({
      error: 'client_error',
      message: 'boom',
    });
  });

  it('with takeLatest, aborts the older request and keeps only the newer answer', async () => {
    const signals: AbortSignal[] = [];
    const { store, search } = setup(
      (request, { signal }) =>
        new Promise((resolve) => {
          signals.push(signal);
          setTimeout(() => resolve([request.term]), request.term === 'old' ? 30 : 5);
        }),
    );
    store.dispatch(search.requested({ term: 'old' }));
    store.dispatch(search.requested({ term: 'new' }));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
    expect(store.getState().things.answeredFor).toBe('new');
  });
});

describe('a call defined once (defineRemoteCall)', () => {
  interface SavedState {
    saved: string[];
    save: RemoteStatus;
  }
  function setupDefined(call: (name: string) => Promise<string>) {
    const save = defineRemoteCall<SavedState, string, string>('saved/save', call, {
      status: (state) => state.save,
      strategy: 'every',
      silent: true,
    });
    const savedSlice = createSlice({
      name: 'saved',
      initialState: { saved: [], save: idleStatus() } as SavedState,
      reducers: {},
      extraReducers: (builder) => {
        builder.addCase(save.succeeded, (state, action) => {
          state.saved.push(action.payload);
        });
        save.addStatusCases(builder);
      },
    });
    const { store, seen } = storeWith(savedSlice, save.watch);
    return { store, seen, save };
  }

  it('runs the call for each request and keeps the answer and the status', async () => {
    const { store, save } = setupDefined(async (name) => name.toUpperCase());
    store.dispatch(save.requested('loft'));
    expect(store.getState().saved.save.loading).toBe(true);
    await settle();
    expect(store.getState().saved).toEqual({ saved: ['LOFT'], save: idleStatus() });
  });

  it('keeps a failure in the status, with its options (silent) on the failed step', async () => {
    const { store, seen, save } = setupDefined(() =>
      Promise.reject(Object.assign(new Error('boom'), { status: 500 })),
    );
    store.dispatch(save.requested('loft'));
    await settle();
    expect(store.getState().saved.save.loading).toBe(false);
    expect(store.getState().saved.save.error).not.toBeNull();
    const failed = seen.find((action) => save.failed.match(action));
    expect(failed).toMatchObject({ meta: { remoteStep: 'failed', silent: true, request: 'loft' } });
  });

  it('decides per failure whether it is silent, when `silent` is a function of the error and request', async () => {
    const save = defineRemoteCall<SavedState, string, string>(
      'saved/saveChecked',
      (name) =>
        Promise.reject({ error: name === 'taken' ? 'conflict' : 'server_error', message: 'No.' }),
      {
        status: (state) => state.save,
        silent: (error, name) => error.error === 'conflict' && name === 'taken',
      },
    );
    const savedSlice = createSlice({
      name: 'saved',
      initialState: { saved: [], save: idleStatus() } as SavedState,
      reducers: {},
      extraReducers: (builder) => save.addStatusCases(builder),
    });
    const { store, seen } = storeWith(savedSlice, save.watch);
    store.dispatch(save.requested('taken'));
    await settle();
    store.dispatch(save.requested('other'));
    await settle();
    expect(seen.filter(save.failed.match).map((action) => action.meta.silent)).toEqual([
      true,
      false,
    ]);
  });

  it('without `status`, leaves the slice to keep its own status from the three steps', async () => {
    const count = defineRemoteCall<{ counted: number[] }, number, number>(
      'counts/count',
      async (value) => value * 2,
      { strategy: 'every' },
    );
    const countsSlice = createSlice({
      name: 'counts',
      initialState: { counted: [] as number[] },
      reducers: {},
      extraReducers: (builder) => {
        builder.addCase(count.succeeded, (state, action) => {
          state.counted.push(action.payload);
        });
        count.addStatusCases(builder);
      },
    });
    const { store } = storeWith(countsSlice, count.watch);
    store.dispatch(count.requested(1));
    store.dispatch(count.requested(2));
    await settle();
    expect(store.getState().counts).toEqual({ counted: [2, 4] });
  });
});
