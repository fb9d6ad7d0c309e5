// A new password and its repeat, with the rule of the API's a page can check, the length: the
// reset page and the invite page ask for it alike. The API also refuses a common password (ADR
// 25); its list stays on the server, so the field only says so, and the page shows the API's
// refusal.
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
        helperText={
          tooShort
            ? `Use at least ${MIN_PASSWORD_LENGTH} characters.`
            : `At least ${MIN_PASSWORD_LENGTH} characters, and not a common password.`
        }
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
