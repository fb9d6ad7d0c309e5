import { formActions, formReducer, selectFormDraft, withoutSecrets } from './formSlice';

describe('the form slice', () => {
  it('keeps a draft per form name and drops it when cleared', () => {
    const draft = { values: { guest_name: 'Nia' }, touched: ['guest_name'], base: null };
    let state = formReducer(undefined, formActions.draftSaved({ form: 'reservation/new', draft }));
    state = formReducer(
      state,
      formActions.draftSaved({ form: 'reservation/7', draft: { ...draft, base: 3 } }),
    );
    expect(selectFormDraft('reservation/new')({ form: state })).toEqual(draft);
    state = formReducer(state, formActions.draftCleared('reservation/new'));
    expect(selectFormDraft('reservation/new')({ form: state })).toBeNull();
    expect(selectFormDraft('reservation/7')({ form: state })?.base).toBe(3);
  });

  it('reads as no draft in a store without the slice (a shell before contract 1.7.0)', () => {
    expect(selectFormDraft('reservation/new')({})).toBeNull();
  });

  it('leaves secrets out of what a draft keeps', () => {
    expect(
      withoutSecrets({ email: 'a@b.test', password: 'hunter2', apiKey: 'k' }, [
        'password',
        'apiKey',
      ]),
    ).toEqual({ email: 'a@b.test' });
  });
});
