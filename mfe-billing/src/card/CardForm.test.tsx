import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CardForm } from './CardForm';

function show(props: Partial<Parameters<typeof CardForm>[0]> = {}) {
  const onSave = jest.fn();
  render(<CardForm submitLabel="Save card" saving={false} onSave={onSave} {...props} />);
  return { onSave };
}

const box = (name: RegExp) => screen.getByRole('textbox', { name });

describe('CardForm', () => {
  it('sends the card as digits, month and year once every field is right', async () => {
    const { onSave } = show();
    await userEvent.type(box(/Card number/), '4242424242424242');
    expect(box(/Card number/)).toHaveValue('4242 4242 4242 4242');
    await userEvent.type(box(/Expiry/), '04 / 29');
    await userEvent.type(box(/Security code/), '123');
    await userEvent.type(box(/Name on the card/), 'Sam Okafor');
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(onSave).toHaveBeenCalledWith({
      number: '4242424242424242',
      exp_month: 4,
      exp_year: 2029,
      cvc: '123',
      name: 'Sam Okafor',
    });
  });

  it('says what is wrong under each field and sends nothing', async () => {
    const { onSave } = show();
    await userEvent.type(box(/Card number/), '4242424242424241');
    await userEvent.type(box(/Expiry/), '01 / 20');
    await userEvent.type(box(/Security code/), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText(/not complete or has a typo/)).toBeInTheDocument();
    expect(
      screen.getByText('This card has expired. Use a card that is still valid.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The security code is the 3 digits on the back of your card.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter the name as it is on the card.')).toBeInTheDocument();
  });

  it('checks a field when the person leaves it, not while they type', async () => {
    show();
    await userEvent.type(box(/Card number/), '4242');
    expect(screen.queryByText(/not complete/)).not.toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByText(/not complete or has a typo/)).toBeInTheDocument();
  });

  it('shows a refusal beside the form and keeps what was typed', () => {
    show({ refusal: 'Your card was declined.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Your card was declined.');
  });

  it('does nothing on a second click while saving', async () => {
    const { onSave } = show({ saving: true });
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(onSave).not.toHaveBeenCalled();
  });
});
