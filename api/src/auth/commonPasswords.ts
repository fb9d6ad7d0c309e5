// The passwords nobody may choose (issue 30, finding 7; docs/adr/0025-common-passwords.md): the
// `passwords-common` list of @zxcvbn-ts/language-common, the ~49,000 passwords seen most often in
// leaks (lower case, most common first), checked whatever the case. A schema rule, like the length:
// every field that sets a password (NewPasswordField) carries NOT_COMMON_PASSWORD, and the Ajv of
// the routes and of the first admin's settings know the keyword.
import type { FuncKeywordDefinition } from 'ajv';
import { dictionary } from '@zxcvbn-ts/language-common';

/** The schema keyword: `true` refuses a common password (in the OpenAPI document as it is). */
export const NOT_COMMON_PASSWORD = 'x-not-common-password';

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common: choose one that others are unlikely to use.';

let common: ReadonlySet<string> | undefined;

/** Whether `password` is on the list, in any case (`Password1` is `password1`). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.normalize('NFC').toLowerCase());
}

/** NOT_COMMON_PASSWORD for Ajv: a string on the list fails it. */
export const notCommonPasswordKeyword: FuncKeywordDefinition = {
  keyword: NOT_COMMON_PASSWORD,
  type: 'string',
  schemaType: 'boolean',
  validate: (refuse: boolean, password: string) => !refuse || !isCommonPassword(password),
};
