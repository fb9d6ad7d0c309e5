import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { Provider } from 'react-redux';
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { formSlice } from '@hostdash/shared-auth';
import { useFormDraft } from './useFormDraft';

interface Login {
  email: string;
  password: string;
}

function setup() {
  const store = configureStore({ reducer: combineSlices(formSlice) });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  const open = (base: number | null = null) =>
    renderHook(
      () =>
        useFormDraft<Login>('signup', {
          initial: () => ({ email: '', password: '' }),
          base,
          secrets: ['password'],
        }),
      { wrapper },
    );
  return { store, open };
}

describe('useFormDraft', () => {
  it('brings back what was typed, never the secret fields', () => {
    const { store, open } = setup();
    const first = open();
    act(() => {
      first.result.current.setValues({ email: 'nia@example.com', password: 'hunter2-secret' });
      first.result.current.setTouched(new Set(['email', 'password']));
    });
    expect(JSON.stringify(store.getState())).not.toContain('hunter2');
    first.unmount();

    const again = open();
    expect(again.result.current.restored).toBe(true);
    expect(again.result.current.values).toEqual({ email: 'nia@example.com', password: '' });
  });

  it('keeps no draft until something is touched, and drops a draft made on another version', () => {
    const { store, open } = setup();
    const untouched = open(1);
    expect(store.getState().form).toEqual({});
    act(() => {
      untouched.result.current.setValues({ email: 'a@b.test', password: '' });
      untouched.result.current.setTouched(new Set(['email']));
    });
    untouched.unmount();
    expect(open(2).result.current).toMatchObject({ restored: false, values: { email: '' } });
  });
});
