import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useNavigate,
} from 'react-router';
import { installHistoryGate } from '@hostdash/shared-auth';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';

/** A listing's form as a page would guard it: dirty once the nickname differs from the saved one. */
function ListingForm() {
  const [saved, setSaved] = useState('Bay View Loft');
  const [nickname, setNickname] = useState(saved);
  const navigate = useNavigate();
  const guard = useUnsavedChangesGuard(nickname !== saved, saved);
  return (
    <>
      <label>
        Nickname
        <input value={nickname} onChange={(event) => setNickname(event.target.value)} />
      </label>
      <button onClick={() => setSaved(nickname)}>Save changes</button>
      <Link to="/listings">Listings</Link>
      <button onClick={() => navigate('/buildings')}>Open buildings</button>
      <UnsavedChangesDialog guard={guard} />
    </>
  );
}

function Where() {
  return <output aria-label="Address">{useLocation().pathname}</output>;
}

function show() {
  render(
    <MemoryRouter initialEntries={['/listing/1']}>
      <Routes>
        <Route path="/listing/1" element={<ListingForm />} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

// Hidden while a dialog is open (the page behind it is aria-hidden), yet still the address.
const address = () => screen.getByRole('status', { name: 'Address', hidden: true });
const edit = () => userEvent.type(screen.getByRole('textbox', { name: 'Nickname' }), ' 2');

/** A tab close as the browser announces it: the page asks by cancelling the event. */
function closeTab(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  act(() => {
    window.dispatchEvent(event);
  });
  return event.defaultPrevented;
}

describe('useUnsavedChangesGuard', () => {
  it('lets a form without changes go at once, and the tab close quietly', async () => {
    show();
    expect(closeTab()).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Listings' }));
    expect(address()).toHaveTextContent('/listings');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before a link leaves unsaved changes: Stay keeps them, Leave goes', async () => {
    show();
    await edit();
    await userEvent.click(screen.getByRole('link', { name: 'Listings' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('Your changes to Bay View Loft will be lost.');
    expect(address()).toHaveTextContent('/listing/1');

    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(address()).toHaveTextContent('/listing/1');
    expect(screen.getByRole('textbox', { name: 'Nickname' })).toHaveValue('Bay View Loft 2');

    await userEvent.click(screen.getByRole('link', { name: 'Listings' }));
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(address()).toHaveTextContent('/listings');
    expect(screen.getByText('Elsewhere')).toBeInTheDocument();
  });

  it('holds a navigation made in code too (navigate())', async () => {
    show();
    await edit();
    await userEvent.click(screen.getByRole('button', { name: 'Open buildings' }));
    expect(screen.getByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(address()).toHaveTextContent('/buildings');
  });

  it('asks the browser to confirm a tab close only while changes are unsaved', async () => {
    show();
    await edit();
    expect(closeTab()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(closeTab()).toBe(false);
    // Saved: nothing to lose, the link goes at once.
    await userEvent.click(screen.getByRole('link', { name: 'Listings' }));
    expect(address()).toHaveTextContent('/listings');
  });

  it("holds the browser's Back button: the form stays until Leave", async () => {
    // As the shell's bootstrap does, before its router listens.
    installHistoryGate();
    window.history.replaceState(null, '', '/listings');
    render(
      <BrowserRouter>
        <Routes>
          <Route path="/listing/1" element={<ListingForm />} />
          <Route path="/listings" element={<Link to="/listing/1">Bay View Loft</Link>} />
        </Routes>
        <Where />
      </BrowserRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Bay View Loft' }));
    await edit();

    act(() => window.history.back());
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('Your changes to Bay View Loft will be lost.');
    await waitFor(() => expect(window.location.pathname).toBe('/listing/1'));
    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(address()).toHaveTextContent('/listing/1');
    expect(screen.getByRole('textbox', { name: 'Nickname' })).toHaveValue('Bay View Loft 2');

    act(() => window.history.back());
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(address()).toHaveTextContent('/listings'));
    expect(window.location.pathname).toBe('/listings');
  });
});
