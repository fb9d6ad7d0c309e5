import { render, screen } from '@testing-library/react';
import { NO_RESPONSE_MESSAGE, type ApiError } from '@hostdash/shared-auth';
import { fieldErrorOf, isRetryable, messageOf } from './errorMessages';
import { LoadError } from './LoadError';

const invalidEmail: ApiError = {
  error: 'invalid_request',
  message: '"email" must be an email address.',
  field: 'email',
  in: 'body',
  rule: 'format',
  status: 400,
};
const badAccountInLink: ApiError = {
  error: 'invalid_request',
  message: '"accountId" must be a numeric id.',
  field: 'accountId',
  in: 'path',
  rule: 'pattern',
  status: 400,
};
const noAnswer: ApiError = { error: 'no_response', message: NO_RESPONSE_MESSAGE };

describe('what a failed call says', () => {
  it('puts a refused field beside the form’s own field, in the form’s words', () => {
    expect(fieldErrorOf(invalidEmail, { email: 'Email' })).toEqual({
      field: 'email',
      message: 'Email must be an email address.',
    });
    expect(fieldErrorOf(invalidEmail, { nickname: 'Nickname' })).toBeNull();
    expect(fieldErrorOf(badAccountInLink, { accountId: 'Account' })).toBeNull();
    // A refusal with its own code that names a field keeps its own sentence.
    const taken = {
      error: 'email_taken',
      message: 'There is already a Hostdash user with this email.',
      field: 'email',
      in: 'body',
      status: 409,
    };
    expect(fieldErrorOf(taken, { email: 'Email' })).toEqual({
      field: 'email',
      message: 'There is already a Hostdash user with this email.',
    });
    expect(fieldErrorOf({ ...taken, in: undefined }, { email: 'Email' })).toBeNull();
  });

  it('says a refused address is a link problem, without the API’s parameter names', () => {
    expect(messageOf(badAccountInLink)).not.toContain('accountId');
    expect(messageOf(badAccountInLink)).toMatch(/address is not valid/);
    // Not the client's developer sentence (spec section 8): Hostdash's.
    expect(messageOf(noAnswer)).toBe(
      "Hostdash can't reach its server right now. Check your connection, then try again.",
    );
  });

  it('offers Retry only where trying again can help', () => {
    expect(isRetryable(noAnswer)).toBe(true);
    expect(isRetryable({ error: 'internal', message: 'x', status: 500 })).toBe(true);
    expect(isRetryable({ error: 'timeout', message: 'x', status: 504 })).toBe(true);
    for (const status of [400, 403, 404, 409, 429])
      expect(isRetryable({ error: 'x', message: 'x', status })).toBe(false);
    expect(isRetryable({ error: 'cancelled', message: 'x' })).toBe(false);

    const { rerender } = render(<LoadError error={badAccountInLink} onRetry={jest.fn()} />);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    rerender(<LoadError error={noAnswer} onRetry={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
