import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient, selectSnackbar } from '@hostdash/shared-auth';
import { STAFF } from '../testing/staff';
import { makeUser } from '../testing/usersServer';
import {
  SIGNUP_ORIGIN,
  startSignupLinksServer,
  type SignupLinksServer,
} from '../testing/signupLinksServer';
import { renderRemote } from '../testing/renderRemote';

let server: SignupLinksServer;

async function openUsersPage() {
  server = await startSignupLinksServer([
    makeUser(1),
    makeUser(2, { name: 'Mira Manager', email: 'manager@hostdash.test' }),
    makeUser(5, { ...STAFF, type: 'admin', subtype: 'admin', account_owner: null }),
  ]);
  configureApiClient({ baseURL: server.url, logError: () => undefined });
  const view = await renderRemote('/users', { user: STAFF });
  await screen.findByText('Mira Manager');
  return view;
}

afterEach(async () => {
  localStorage.clear();
  await server.close();
});

const dialog = () => screen.getByRole('dialog');
const field = (name: string) => within(dialog()).getByRole('textbox', { name });
const systemSelect = () => within(dialog()).getByRole('combobox', { name: 'System to connect' });

async function openDialog(user = userEvent.setup()) {
  await user.click(screen.getByRole('button', { name: 'Sign-up link' }));
  expect(
    screen.getByRole('dialog', { name: 'Make a sign-up link for a new host' }),
  ).toBeInTheDocument();
  // The select is ready once the systems have come.
  await waitFor(() => expect(systemSelect()).not.toHaveAttribute('aria-disabled'));
  return user;
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: { name: string; email: string; company: string; system: string },
) {
  await user.type(field('Name'), values.name);
  await user.type(field('Email'), values.email);
  await user.type(field('Company'), values.company);
  await user.click(systemSelect());
  await user.click(screen.getByRole('option', { name: values.system }));
}

describe('the sign-up link dialog on the users page', () => {
  it('offers the 18 systems by their labels and checks the form before anything is sent', async () => {
    await openUsersPage();
    const user = await openDialog();
    expect(server.requestsTo('/channel/systems')).toHaveLength(1);

    await user.click(within(dialog()).getByRole('button', { name: 'Make the link' }));
    expect(field('Name')).toHaveAccessibleDescription(
      'Enter the host’s name: the link greets them by it.',
    );
    expect(field('Email')).toHaveAccessibleDescription(
      'Enter the email to mail the link to; they sign up with it.',
    );
    expect(field('Company')).toHaveAccessibleDescription(
      'Enter their company: their account is named after it.',
    );
    expect(within(dialog()).getByText('Choose the system they will connect.')).toBeInTheDocument();
    expect(server.requestsTo('/admin/signupLinks')).toHaveLength(0);

    await user.type(field('Email'), 'nadia@example');
    await user.tab();
    expect(field('Email')).toHaveAccessibleDescription(
      'Enter an email address like name@example.com.',
    );
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    await user.type(field('Email'), '.com');
    expect(field('Email')).toHaveAttribute('aria-invalid', 'false');

    await user.click(systemSelect());
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toHaveLength(18);
    expect(options.slice(0, 3)).toEqual(['Guesty', 'Rentals United', 'Hostaway']);
    expect(options).toContain('Booking.com');
    await user.click(screen.getByRole('option', { name: 'Beds24' }));
    expect(systemSelect()).toHaveTextContent('Beds24');
    // Outside the sandbox a system without a live connection is said to be one.
    expect(within(dialog()).getByText(/Beds24 cannot be connected here yet/)).toBeInTheDocument();

    // Everything else filled in, a malformed email alone still keeps the form from going.
    await user.type(field('Name'), 'Nadia Okafor');
    await user.type(field('Company'), 'Okafor Stays');
    await user.clear(field('Email'));
    await user.type(field('Email'), 'nadia@example');
    await user.click(within(dialog()).getByRole('button', { name: 'Make the link' }));
    expect(field('Email')).toHaveAccessibleDescription(
      'Enter an email address like name@example.com.',
    );
    expect(server.requestsTo('/admin/signupLinks')).toHaveLength(0);

    await user.type(field('Email'), '.com');
    await user.click(within(dialog()).getByRole('button', { name: 'Make the link' }));
    await waitFor(() => expect(server.requestsTo('/admin/signupLinks')).toHaveLength(1));
  });

  it('shows an email that already has a user on the email field, and sends again once it is changed', async () => {
    const { store } = await openUsersPage();
    const user = await openDialog();
    await fill(user, {
      name: 'Nadia Okafor',
      email: 'manager@hostdash.test',
      company: 'Okafor Stays',
      system: 'Hostaway',
    });
    await user.click(within(dialog()).getByRole('button', { name: 'Make the link' }));

    await waitFor(() =>
      expect(field('Email')).toHaveAccessibleDescription(
        'There is already a Hostdash user with this email: sign in instead.',
      ),
    );
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Name')).toHaveAttribute('aria-invalid', 'false');
    expect(field('Name')).toHaveValue('Nadia Okafor');
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
    expect(selectSnackbar(store.getState()).text).toBeFalsy();

    // Another field changed: the refusal still speaks for the email.
    await user.type(field('Company'), ' Ltd');
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field('Email'));
    await user.type(field('Email'), 'nadia@okafor.test');
    expect(field('Email')).toHaveAttribute('aria-invalid', 'false');
    await user.click(within(dialog()).getByRole('button', { name: 'Make the link' }));
    expect(
      await within(dialog()).findByText(
        'We also mailed it to nadia@okafor.test. It works once, for 14 days.',
      ),
    ).toBeInTheDocument();
  });

  it("puts a value the API's schema refuses beside its field, in the form's words", async () => {
    await openUsersPage();
    const user = await openDialog();
    server.refuseNextLink = {
      status: 400,
      json: {
        error: 'invalid_request',
        message: '"company" must be at most 200 characters long.',
        field: 'company',
        in: 'body',
        rule: 'maxLength',
      },
    };
    await fill(user, {
      name: 'Nadia Okafor',
      email: 'nadia@okafor.test',
      company: 'Okafor Stays',
      system: 'Guesty',
    });
    await user.click(within(dialog()).getByRole('button', { name: 'Make the link' }));
    await waitFor(() =>
      expect(field('Company')).toHaveAccessibleDescription(
        'Company must be at most 200 characters long.',
      ),
    );
    expect(field('Email')).toHaveAttribute('aria-invalid', 'false');
  });

  it('makes the link, shows it once with Copy and where it was mailed, and forgets it on Done', async () => {
    await openUsersPage();
    const user = await openDialog();
    await fill(user, {
      name: '  Nadia Okafor ',
      email: 'Nadia@Okafor.test',
      company: 'Okafor Stays',
      system: 'Hostaway',
    });
    await user.click(within(dialog()).getByRole('button', { name: 'Make the link' }));

    const made = await screen.findByRole('dialog', { name: 'The sign-up link for Nadia Okafor' });
    expect(server.linkRequests()).toEqual([
      {
        name: 'Nadia Okafor',
        email: 'Nadia@Okafor.test',
        company: 'Okafor Stays',
        pms: 'hostaway',
      },
    ]);
    const url = server.links[0]!.url;
    expect(url).toMatch(new RegExp(`^${SIGNUP_ORIGIN}/connect/hostaway\\?token=`));
    expect(within(made).getByRole('textbox', { name: 'Sign-up link' })).toHaveValue(url);
    expect(made).toHaveTextContent('For Nadia Okafor of Okafor Stays, to connect Hostaway.');
    expect(made).toHaveTextContent(
      'We also mailed it to nadia@okafor.test. It works once, for 14 days.',
    );

    await user.click(within(made).getByRole('button', { name: 'Copy' }));
    expect(await within(made).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(url);

    await user.click(within(made).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Opened again, it is a new, empty form: the link is not shown a second time.
    await openDialog(user);
    expect(field('Name')).toHaveValue('');
    expect(screen.queryByText(url)).not.toBeInTheDocument();
    expect(server.requestsTo('/admin/signupLinks')).toHaveLength(1);
  });

  it('selects the link to copy by hand when the browser refuses the clipboard', async () => {
    await openUsersPage();
    const user = await openDialog();
    jest
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    await fill(user, {
      name: 'Nadia Okafor',
      email: 'nadia@okafor.test',
      company: 'Okafor Stays',
      system: 'Guesty',
    });
    await user.click(within(dialog()).getByRole('button', { name: 'Make the link' }));
    const link = await within(dialog()).findByRole('textbox', { name: 'Sign-up link' });
    await user.click(within(dialog()).getByRole('button', { name: 'Copy' }));
    await waitFor(() =>
      expect(link).toHaveAccessibleDescription(
        /did not let Hostdash copy it: the link is selected/,
      ),
    );
    expect(within(dialog()).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(link).toHaveFocus();
  });

  it('says when the systems could not be loaded, and loads them again on Retry', async () => {
    await openUsersPage();
    server.failNextSystems = {
      status: 500,
      json: {
        error: 'internal',
        message: 'Something went wrong on our side. Try again in a moment.',
      },
    };
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign-up link' }));
    const alert = await within(dialog()).findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(systemSelect()).not.toHaveAttribute('aria-disabled'));
    expect(server.requestsTo('/channel/systems')).toHaveLength(2);
  });
});

describe('the sign-up link dialog on a phone', () => {
  // Every media query matches: MUI's down('sm') says phone, as at 390 px.
  const desktop = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) =>
      ({
        matches: true,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  });
  afterEach(() => {
    window.matchMedia = desktop;
  });

  it('takes the whole screen, the form and then the link', async () => {
    await openUsersPage();
    const user = await openDialog();
    expect(dialog()).toHaveClass('MuiDialog-paperFullScreen');
    await fill(user, {
      name: 'Nadia Okafor',
      email: 'nadia@okafor.test',
      company: 'Okafor Stays',
      system: 'Hostaway',
    });
    await user.click(within(dialog()).getByRole('button', { name: 'Make the link' }));
    const made = await screen.findByRole('dialog', { name: 'The sign-up link for Nadia Okafor' });
    expect(made).toHaveClass('MuiDialog-paperFullScreen');
    expect(within(made).getByRole('button', { name: 'Copy' })).toBeVisible();
  });
});
