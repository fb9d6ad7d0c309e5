import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CountryField } from './CountryField';

function Form({ initial, onChange }: { initial: string; onChange: (code: string) => void }) {
  const [code, setCode] = useState(initial);
  return (
    <CountryField
      label="Home country"
      value={code}
      onChange={(next) => {
        setCode(next);
        onChange(next);
      }}
    />
  );
}

describe('CountryField', () => {
  it('shows a code by its name and gives the code of the name picked', async () => {
    const onChange = jest.fn();
    render(<Form initial="pt" onChange={onChange} />);
    const field = screen.getByRole('combobox', { name: 'Home country' });
    expect(field).toHaveValue('Portugal');
    await userEvent.clear(field);
    expect(onChange).toHaveBeenLastCalledWith('');
    await userEvent.type(field, 'Germ');
    await userEvent.keyboard('{Enter}');
    expect(field).toHaveValue('Germany');
    expect(onChange).toHaveBeenLastCalledWith('DE');
  });

  it('keeps a code that is no country of ours choosable, so opening a form loses nothing', async () => {
    // A region code, not a country: a PMS may send one.
    render(<Form initial="QO" onChange={jest.fn()} />);
    const field = screen.getByRole('combobox', { name: 'Home country' });
    expect(field).toHaveValue('Outlying Oceania');
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('option', { name: 'Outlying Oceania' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
