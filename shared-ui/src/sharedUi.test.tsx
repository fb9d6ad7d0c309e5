import { NO_RESPONSE_MESSAGE } from '@hostdash/shared-auth';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InvoiceStatusChip, PastDueChip } from './BillingChips';
import { FilterSelect } from './FilterSelect';
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

  it('says an invoice’s status in the shared words, and when a failed one is tried again', () => {
    render(
      <ul>
        <li>
          <InvoiceStatusChip status="paid" nextTryAt={null} />
        </li>
        <li>
          <InvoiceStatusChip status="failed" nextTryAt="2026-12-03T02:00:00Z" />
        </li>
        <li>
          <InvoiceStatusChip status="failed" nextTryAt={null} />
        </li>
        <li>
          <PastDueChip since="2026-11-08T02:00:00Z" />
        </li>
      </ul>,
    );
    const [paid, retried, lastTry, pastDue] = screen.getAllByRole('listitem');
    expect(paid).toHaveTextContent(/^Paid$/);
    expect(retried).toHaveTextContent(/^Payment failednext try Dec 3, 2026$/);
    expect(lastTry).toHaveTextContent(/^Payment failedno try left$/);
    expect(pastDue).toHaveTextContent(/^Past due$/);
    expect(screen.getByTitle('Past due since Nov 8, 2026')).toBe(pastDue!.firstElementChild);
  });

  it('offers "All …" and the choices, and keeps a value from a link that is no longer one', async () => {
    const change = jest.fn();
    render(
      <FilterSelect
        label="Billing"
        allLabel="All accounts"
        value="overdue"
        choices={[{ value: 'true', label: 'Past due' }]}
        onChange={change}
      />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Billing' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['All accounts', 'overdue', 'Past due']);
    await userEvent.click(screen.getByRole('option', { name: 'Past due' }));
    expect(change).toHaveBeenCalledWith('true');
  });
});
