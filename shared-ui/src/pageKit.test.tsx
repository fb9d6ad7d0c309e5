import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { Button, ThemeProvider, createTheme } from '@mui/material';
import { hostdashThemeOptions } from '@hostdash/shared-auth';
import { DownloadButton } from './DownloadButton';
import { EmptyState } from './EmptyState';
import { FilterBar, useAddressFilters } from './FilterBar';
import { LoadingSkeleton } from './LoadingSkeleton';
import { FORM_PAGE_WIDTH, PageFrame, routeFrame } from './PageFrame';
import { STATUS_TONES, StatusChip, statusLabel } from './StatusChip';
import { keepStyles } from '@hostdash/testing/styles';

// The frame's widths and the skeleton's delayed visibility are CSS.
keepStyles();

const theme = createTheme(hostdashThemeOptions);

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

describe('routeFrame', () => {
  it("is a page's frame as its route declares it, the words the shell draws while it loads", () => {
    expect(routeFrame('/billing')).toEqual({
      title: 'Billing',
      subtitle: 'Your card, what you will pay this month, and every invoice.',
      width: 'form',
    });
  });

  it('refuses a route that declares no summary: its page says something of its own', () => {
    expect(() => routeFrame('/reservations')).toThrow(
      'the route /reservations declares no summary and width',
    );
    expect(() => routeFrame('/nowhere')).toThrow('the route /nowhere declares no summary');
  });

  it('draws the title as the h1 and the summary under it', () => {
    render(
      <ThemeProvider theme={theme}>
        <MemoryRouter>
          <PageFrame {...routeFrame('/billing')} />
        </MemoryRouter>
      </ThemeProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    const summary = screen.getByText('Your card, what you will pay this month, and every invoice.');
    // The secondary text colour, as the shell's frame draws it (MUI 9 reads it by name).
    expect(getComputedStyle(summary).color).toBe('rgb(85, 91, 101)');
  });
});

describe('PageFrame', () => {
  afterEach(() => {
    document.title = '';
  });

  it('gives a list the full width and a form one readable width, both left-aligned', () => {
    render(
      <ThemeProvider theme={theme}>
        <MemoryRouter>
          <PageFrame width="list" title="Listings" actions={<Button>Add</Button>}>
            <p>rows</p>
          </PageFrame>
          <PageFrame width="form" title="Billing">
            <p>form</p>
          </PageFrame>
        </MemoryRouter>
      </ThemeProvider>,
    );
    const [list, form] = screen.getAllByRole('heading', { level: 1 }) as [HTMLElement, HTMLElement];
    const listFrame = list.closest('[data-page-width]') as HTMLElement;
    const formFrame = form.closest('[data-page-width]') as HTMLElement;
    expect(listFrame).toHaveAttribute('data-page-width', 'list');
    expect(getComputedStyle(listFrame).maxWidth).toBe('none');
    expect(getComputedStyle(formFrame).maxWidth).toBe(`${FORM_PAGE_WIDTH}px`);
    // Never centred: the right margin takes the rest, the left is the layout's.
    expect(getComputedStyle(formFrame).marginLeft).not.toBe('auto');
    expect(getComputedStyle(formFrame).marginRight).toBe('auto');
    // The frame owns the page's h1 (through PageHeader), its actions and the tab's name.
    expect(list).toHaveTextContent('Listings');
    expect(listFrame).toContainElement(screen.getByRole('button', { name: 'Add' }));
    expect(listFrame).toHaveTextContent('rows');
    expect(document.title).toBe('Billing · Hostdash');
  });
});

describe('DownloadButton', () => {
  it('is a button with the file type in its name, saving the server’s file', () => {
    render(<DownloadButton href="/api/billing/invoices/in_1/pdf" fileType="PDF" />);
    const link = screen.getByRole('link', { name: 'Download PDF' });
    expect(link).toHaveAttribute('href', '/api/billing/invoices/in_1/pdf');
    expect(link).toHaveAttribute('download');
    expect(link).toHaveClass('MuiButton-root');
    expect(link.querySelector('svg')).toHaveAttribute('aria-hidden');
  });

  it('leads to the dashboard’s download page for a report it fetches first', () => {
    render(
      <MemoryRouter>
        <DownloadButton
          to="/download/screening?reservation=r1"
          fileType="PDF"
          what="Screening report"
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Download PDF: Screening report' })).toHaveAttribute(
      'href',
      '/download/screening?reservation=r1',
    );
  });

  it('says what it downloads when a page has several, and runs a download made in the page', async () => {
    const save = jest.fn();
    render(<DownloadButton onClick={save} fileType="CSV" what="Bookings by week" />);
    const button = screen.getByRole('button', { name: 'Download CSV: Bookings by week' });
    expect(button).toHaveTextContent('Download CSV');
    await userEvent.click(button);
    expect(save).toHaveBeenCalledTimes(1);
  });
});

describe('StatusChip', () => {
  it('takes its word from LABELS and its colour from the one map', () => {
    render(
      <>
        <StatusChip kind="listingStatus" value="active" />
        <StatusChip kind="invoiceStatus" value="failed" />
        <StatusChip kind="jobState" value="queued" />
        <StatusChip kind="verification" value="review" />
        <StatusChip kind="deliveryState" value="something-new" />
      </>,
    );
    expect(screen.getByText('Active').closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'success',
    );
    expect(screen.getByText('Payment failed').closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorError',
    );
    expect(screen.getByText('Waiting').closest('.MuiChip-root')).toHaveClass('MuiChip-outlined');
    expect(screen.getByText('In review')).toBeInTheDocument();
    // A state the map does not know yet reads in words, neutral.
    expect(screen.getByText('Something new').closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'neutral',
    );
  });

  it('has a word for every state it colours', () => {
    for (const [kind, tones] of Object.entries(STATUS_TONES))
      for (const value of Object.keys(tones)) {
        const word = statusLabel(kind as keyof typeof STATUS_TONES, value);
        expect(word).not.toBe(value);
        expect(word).not.toBe('');
      }
  });
});

function Filters() {
  const [filters, setFilters] = useAddressFilters(
    { status: 'all', search: '' },
    { resets: ['from'] },
  );
  return (
    <FilterBar>
      <span>status {filters.status}</span>
      <span>search {filters.search || '(none)'}</span>
      <Button onClick={() => setFilters({ status: 'archived' })}>Archived</Button>
      <Button onClick={() => setFilters({ status: 'all' })}>All</Button>
      <Button onClick={() => setFilters({ search: 'loft' })}>Search</Button>
    </FilterBar>
  );
}

describe('useAddressFilters and FilterBar', () => {
  it('reads the filters from the address, defaults for those it lacks', () => {
    render(
      <MemoryRouter initialEntries={['/listings?status=inactive']}>
        <Filters />
      </MemoryRouter>,
    );
    const bar = screen.getByRole('region', { name: 'Filters' });
    expect(bar).toHaveTextContent('status inactive');
    expect(bar).toHaveTextContent('search (none)');
  });

  it('writes a change into the address, keeps other parameters, drops the page and defaults', async () => {
    render(
      <MemoryRouter initialEntries={['/listings?user=7&from=40']}>
        <Filters />
        <Location />
      </MemoryRouter>,
    );
    const location = screen.getByTestId('location');
    await userEvent.click(screen.getByRole('button', { name: 'Archived' }));
    expect(location).toHaveTextContent('/listings?user=7&status=archived');
    expect(screen.getByText('status archived')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(location).toHaveTextContent('/listings?user=7&status=archived&search=loft');
    // The default leaves the address: "All" is no filter.
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(location).toHaveTextContent('/listings?user=7&search=loft');
  });
});

describe('EmptyState and LoadingSkeleton', () => {
  it('says why a list is empty, with the action that fills it', () => {
    render(
      <EmptyState title="No listings yet" action={<Button>Connect a system</Button>}>
        Import them from your property-management system.
      </EmptyState>,
    );
    const empty = screen.getByRole('status');
    expect(empty).toHaveTextContent('No listings yet');
    expect(empty).toHaveTextContent('Import them from your property-management system.');
    expect(screen.getByRole('button', { name: 'Connect a system' })).toBeInTheDocument();
  });

  it('tells a screen reader what is loading, and shows its blocks only after the delay', () => {
    jest.useFakeTimers();
    try {
      render(<LoadingSkeleton label="Loading the invoices" lines={2} />);
      const status = screen.getByRole('status', { name: 'Loading the invoices' });
      const blocks = status.firstElementChild as HTMLElement;
      expect(blocks).toHaveStyle({ visibility: 'hidden' });
      act(() => {
        jest.advanceTimersByTime(1000);
      });
      expect(blocks).toHaveStyle({ visibility: 'visible' });
    } finally {
      jest.useRealTimers();
    }
  });
});
