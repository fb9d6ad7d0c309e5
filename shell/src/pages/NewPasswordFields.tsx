// A new password and its repeat, with the one rule the API holds a password to: the reset page and
// the invite page ask for it alike.
import { useState } from 'react';
import { Field } from './Field';

export const MIN_PASSWORD_LENGTH = 8;

/** The two fields' values, and whether they make a password the API will take. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  return {
    password,
    repeat,
    setPassword,
    setRepeat,
    ready: password.length >= MIN_PASSWORD_LENGTH && password === repeat,
  };
}

export function NewPasswordFields({
  value,
  label = 'New password',
  autoFocus = false,
}: {
  value: ReturnType<typeof useNewPassword>;
  label?: string;
  autoFocus?: boolean;
}) {
  const { password, repeat, setPassword, setRepeat } = value;
  const tooShort = password.length > 0 && password.length < MIN_PASSWORD_LENGTH;
  const mismatch = repeat.length > 0 && repeat !== password;
  return (
    <>
      <Field
        label={label}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        error={tooShort}
        helperText={tooShort ? `Use at least ${MIN_PASSWORD_LENGTH} characters.` : ' '}
        required
        autoFocus={autoFocus}
      />
      <Field
        label={`Repeat the ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={setRepeat}
        error={mismatch}
        helperText={mismatch ? 'The two passwords differ.' : ' '}
        required
      />
    </>
  );
}
