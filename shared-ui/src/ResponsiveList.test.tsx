import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SortKey } from '@hostdash/shared-auth';
import { ResponsiveList, type ListColumn } from './ResponsiveList';

interface Stay {
  id: string;
  guest: string;
  listing: string;
  checkIn: string;
  source: string;
  verification: string;
}

const STAYS: Stay[] = [
  {
    id: '1',
    guest: 'Chloe Adeyemi',
    listing: 'Marina Lofts 4D',
    checkIn: 'Nov 28',
    source: 'Airbnb',
    verification: 'Verified',
  },
  {
    id: '2',
    guest: 'Giulia Santos',
    listing: 'Marina Lofts 1A',
    checkIn: 'Dec 1',
    source: 'Vrbo',
    verification: 'In review',
  },
];

const COLUMNS: ListColumn<Stay>[] = [
  {
    key: 'guest_name',
    header: 'Guest',
    render: (stay) => stay.guest,
    phone: 'primary',
    sortable: true,
  },
  { key: 'listing', header: 'Listing', render: (stay) => stay.listing, phone: 'primary' },
  { key: 'check_in_date', header: 'Check-in', render: (stay) => stay.checkIn, sortable: true },
  { key: 'verification', header: 'Verification', render: (stay) => stay.verification },
  { key: 'source', header: 'Source', render: (stay) => stay.source, phone: 'hidden' },
];

/** A page that owns its sort and selection, as the remotes' pages do with their slices. */
function Page({ layout, rows = STAYS }: { layout: 'table' | 'cards'; rows?: Stay[] }) {
  const [sort, setSort] = useState<SortKey>({ field: 'check_in_date', direction: 'asc' });
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <ResponsiveList
      label="Arrivals"
      layout={layout}
      columns={COLUMNS}
      rows={rows}
      rowKey={(stay) => stay.id}
      sort={sort}
      onSort={(field) =>
        setSort((current) => ({
          field,
          direction: current.field === field && current.direction === 'asc' ? 'desc' : 'asc',
        }))
      }
      selection={{
        isSelected: (stay) => selected.includes(stay.id),
        onToggle: (stay) =>
          setSelected((ids) =>
            ids.includes(stay.id) ? ids.filter((id) => id !== stay.id) : [...ids, stay.id],
          ),
        onTogglePage: () =>
          setSelected((ids) => (ids.length === rows.length ? [] : rows.map((stay) => stay.id))),
        rowLabel: (stay) => `Select ${stay.guest}`,
        pageLabel: 'Select all arrivals on this page',
      }}
      empty={{ title: 'No arrivals', text: 'Nobody checks in this week.' }}
      footer={<div>page 1 of 1</div>}
    />
  );
}

describe('ResponsiveList', () => {
  it('is a table with sortable headers and selectable rows from the md breakpoint up', async () => {
    render(<Page layout="table" />);
    const table = screen.getByRole('table', { name: 'Arrivals' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'Guest', 'Listing', 'Check-in', 'Verification', 'Source']);
    expect(within(table).getByText('Vrbo')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Guest' }));
    expect(screen.getByRole('columnheader', { name: 'Guest' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Giulia Santos' }));
    expect(
      screen.getByRole('checkbox', { name: 'Select all arrivals on this page' }),
    ).toHaveAttribute('data-indeterminate', 'true');
    expect(screen.getByText('page 1 of 1')).toBeInTheDocument();
  });

  it('is a list of cards on a phone: every value but the hidden ones, labelled, no table', async () => {
    render(<Page layout="cards" />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Arrivals' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const giulia = cards[1] as HTMLElement;
    expect(within(giulia).getByText('Giulia Santos')).toBeInTheDocument();
    expect(within(giulia).getByText('Marina Lofts 1A')).toBeInTheDocument();
    // Secondary values carry their column's name; hidden ones are left out.
    expect(within(giulia).getByText('Verification')).toBeInTheDocument();
    expect(within(giulia).getByText('In review')).toBeInTheDocument();
    expect(within(giulia).getByText('Check-in')).toBeInTheDocument();
    expect(within(giulia).queryByText('Vrbo')).not.toBeInTheDocument();
    expect(screen.getByText('page 1 of 1')).toBeInTheDocument();
  });

  it('leaves a label with no value out of a card, and keeps it in the table', () => {
    const unverified = STAYS.map((stay) =>
      stay.id === '2' ? { ...stay, verification: '' } : stay,
    );
    const { unmount } = render(<Page layout="cards" rows={unverified} />);
    const [chloe, giulia] = within(screen.getByRole('list', { name: 'Arrivals' })).getAllByRole(
      'listitem',
    ) as HTMLElement[];
    expect(within(chloe!).getByText('Verification')).toBeInTheDocument();
    expect(within(giulia!).queryByText('Verification')).not.toBeInTheDocument();
    expect(within(giulia!).getByText('Check-in')).toBeInTheDocument();
    unmount();
    render(<Page layout="table" rows={unverified} />);
    expect(screen.getByRole('columnheader', { name: 'Verification' })).toBeInTheDocument();
  });

  it('sorts and selects on a phone the way the table does', async () => {
    render(<Page layout="cards" />);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Check-in');
    await userEvent.click(
      screen.getByRole('button', { name: 'Sorted ascending by Check-in: sort descending' }),
    );
    expect(
      screen.getByRole('button', { name: 'Sorted descending by Check-in: sort ascending' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(screen.getByRole('option', { name: 'Guest' }));
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Guest');

    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Select all arrivals on this page' }),
    );
    expect(screen.getByRole('checkbox', { name: 'Select Chloe Adeyemi' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Giulia Santos' })).toBeChecked();
  });

  it('says so when there is nothing, in both layouts', () => {
    const { unmount } = render(<Page layout="table" rows={[]} />);
    expect(screen.getByText('No arrivals')).toBeInTheDocument();
    unmount();
    render(<Page layout="cards" rows={[]} />);
    expect(screen.getByText('Nobody checks in this week.')).toBeInTheDocument();
  });

  it('holds the first page’s space with placeholders while it loads', () => {
    render(
      <ResponsiveList
        label="Arrivals"
        layout="cards"
        columns={COLUMNS}
        rows={[]}
        rowKey={(stay: Stay) => stay.id}
        loading
        placeholders={3}
      />,
    );
    const list = screen.getByRole('list', { name: 'Arrivals', hidden: true });
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(list.querySelectorAll('li[aria-hidden="true"]')).toHaveLength(3);
    expect(screen.queryByText('No arrivals')).not.toBeInTheDocument();
  });

  it('takes a tab stop and a name only while the table is wider than its region', () => {
    const widths = jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get');
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
    try {
      widths.mockReturnValue(600);
      const fits = render(<Page layout="table" />);
      expect(screen.queryByRole('region', { name: 'Arrivals' })).not.toBeInTheDocument();
      fits.unmount();

      widths.mockReturnValue(900);
      render(<Page layout="table" />);
      expect(screen.getByRole('region', { name: 'Arrivals' })).toHaveAttribute('tabindex', '0');
    } finally {
      jest.restoreAllMocks();
    }
  });
});
