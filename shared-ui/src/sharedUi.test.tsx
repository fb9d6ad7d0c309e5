import { NO_RESPONSE_MESSAGE } from '@hostdash/shared-auth';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadError } from './LoadError';
import { RiskChip } from './RiskChip';
import { VerificationChip } from './VerificationChip';

describe('shared UI', () => {
  it('shows a load error in words with a retry', async () => {
    const retry = jest.fn();
    render(
      <LoadError error={{ error: 'no_response', message: NO_RESPONSE_MESSAGE }} onRetry={retry} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Hostdash can't reach its server right now. Check your connection, then try again.",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('names risk colours and verification statuses as hosts read them', () => {
    render(
      <>
        <RiskChip colour="red" score={72} />
        <RiskChip colour="green" />
        <VerificationChip status="review" />
        <VerificationChip status="something-new" />
      </>,
    );
    expect(screen.getByTitle('High risk: review this guest before they arrive.')).toHaveTextContent(
      'Red · 72',
    );
    expect(screen.getByText('Green')).toBeInTheDocument();
    expect(screen.getByText('In review')).toBeInTheDocument();
    expect(screen.getByText('something-new')).toBeInTheDocument();
  });
});
