import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Button } from '@mui/material';
import { documentTitleOf } from '@hostdash/shared-auth';
import { PageHeader } from './PageHeader';

describe('PageHeader', () => {
  afterEach(() => {
    document.title = '';
  });

  it('is the page’s one h1, with its subtitle and actions, and names the tab', () => {
    render(
      <MemoryRouter>
        <PageHeader
          title="Risks"
          subtitle="Stays that need a look"
          actions={<Button>Export</Button>}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Risks');
    expect(screen.getByText('Stays that need a look')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(document.title).toBe('Risks · Hostdash');
  });

  it('leads back from a detail page with breadcrumbs, the page itself last and not a link', () => {
    render(
      <MemoryRouter>
        <PageHeader
          title={<span>Bay View Loft</span>}
          documentTitle="Bay View Loft"
          breadcrumbs={[{ label: 'Listings', to: '/listings' }, { label: 'Bay View Loft' }]}
        />
      </MemoryRouter>,
    );
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(crumbs.querySelector('a')).toHaveAttribute('href', '/listings');
    expect(crumbs.querySelectorAll('a')).toHaveLength(1);
    expect(document.title).toBe('Bay View Loft · Hostdash');
  });

  it('names the tab after the product alone without a title', () => {
    expect(documentTitleOf(undefined)).toBe('Hostdash');
    expect(documentTitleOf('  ')).toBe('Hostdash');
  });
});
