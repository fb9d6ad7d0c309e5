// The `form` slice (spec section 3): the draft of a form a person has started, by form name, so a
// half-filled form survives navigating away and back within the session. The shell's store holds
// it (a remote's slice would go with the remote); signing out clears it with every other slice.
// Secrets (passwords, API keys, card numbers) are never put here: a form leaves them out of the
// draft it saves (see `withoutSecrets`).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface FormDraft {
  /** The fields as typed, secrets left out. */
  values: Record<string, unknown>;
  /** The fields the person has touched (their errors show; a newer saved record keeps them). */
  touched: string[];
  /** What the draft was made on, e.g. the saved record's version; a draft on another is dropped. */
  base: string | number | null;
}

export type FormState = Record<string, FormDraft>;

export const initialFormState: FormState = {};

export const formSlice = createSlice({
  name: 'form',
  initialState: initialFormState,
  reducers: {
    draftSaved: (state, { payload }: PayloadAction<{ form: string; draft: FormDraft }>) => {
      state[payload.form] = payload.draft;
    },
    draftCleared: (state, { payload }: PayloadAction<string>) => {
      delete state[payload];
    },
  },
});

export const formActions = formSlice.actions;
export const formReducer = formSlice.reducer;

export const selectFormDraft =
  (form: string) =>
  (state: { form?: FormState }): FormDraft | null =>
    state.form?.[form] ?? null;

/** The values without the named secret fields: what may be kept in a draft. */
export function withoutSecrets(
  values: Record<string, unknown>,
  secrets: readonly string[],
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !secrets.includes(name)));
}
