// A form's values and touched fields, kept as a draft in the shell's `form` slice (shared-auth's
// formSlice) while the person types, so leaving the page and coming back within the session
// finds the form as they left it. A draft made on another version of the record (`base`) is not
// restored. Secret fields are never put in the draft: they come back empty.
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type SetStateAction,
} from 'react';
import { useDispatch, useStore } from 'react-redux';
import {
  formActions,
  selectFormDraft,
  withoutSecrets,
  type FormState,
} from '@hostdash/shared-auth';

export interface FormDraftOptions<Values> {
  /** The form's values with no draft: empty, or the saved record's. */
  initial: () => Values;
  /** What the form edits, e.g. the saved record's version (null: a new record). */
  base?: string | number | null;
  /** Fields never kept (passwords, API keys). */
  secrets?: readonly (keyof Values & string)[];
}

export interface FormDraftState<Values, Field extends string> {
  values: Values;
  setValues: Dispatch<SetStateAction<Values>>;
  touched: ReadonlySet<Field>;
  setTouched: Dispatch<SetStateAction<ReadonlySet<Field>>>;
  /** The form opened with a draft from earlier in the session. */
  restored: boolean;
  /** Drops the draft: the form is saved, or the person starts again (`reset` also empties the form). */
  clear: (options?: { reset?: boolean }) => void;
}

export function useFormDraft<Values extends object, Field extends string = keyof Values & string>(
  form: string,
  { initial, base = null, secrets = [] }: FormDraftOptions<Values>,
): FormDraftState<Values, Field> {
  const dispatch = useDispatch();
  const store = useStore<{ form?: FormState }>();
  // Read once, when the form opens: later drafts are this form's own.
  const [opened] = useState(() => {
    const draft = selectFormDraft(form)(store.getState());
    return draft && draft.base === base ? draft : null;
  });
  const [values, setValues] = useState<Values>(() =>
    opened ? { ...initial(), ...(opened.values as Partial<Values>) } : initial(),
  );
  const [touched, setTouched] = useState<ReadonlySet<Field>>(
    () => new Set((opened?.touched ?? []) as Field[]),
  );
  const initialRef = useRef(initial);
  initialRef.current = initial;
  const [kept, setKept] = useState(true);
  const [restored, setRestored] = useState(opened !== null);

  useEffect(() => {
    if (!kept) return;
    if (touched.size === 0) return; // nothing typed yet: no draft to keep
    dispatch(
      formActions.draftSaved({
        form,
        draft: {
          values: withoutSecrets(values as Record<string, unknown>, secrets),
          touched: [...touched],
          base,
        },
      }),
    );
    // `secrets` is a constant list per form.
  }, [dispatch, form, values, touched, base, kept]);

  const clear = useCallback(
    ({ reset = false }: { reset?: boolean } = {}) => {
      dispatch(formActions.draftCleared(form));
      setRestored(false);
      if (reset) {
        setValues(initialRef.current());
        setTouched(new Set());
      } else {
        setKept(false); // saved: the form is about to close; keep no draft of it
      }
    },
    [dispatch, form],
  );

  return {
    values,
    setValues,
    touched,
    setTouched,
    restored,
    clear,
  };
}
