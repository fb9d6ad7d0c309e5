// `/settings/profile` (issue 33): every role's own settings — profile and password, the second
// step, notifications — with the API's refusals where they were asked.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient, selectSnackbar, selectUser, type User } from '@hostdash/shared-auth';
import { DEMO_MANAGER, DEMO_OWNER, DEMO_VENDOR, demoUser } from '@hostdash/testing/demoUsers';
import { renderRemote } from '../testing/renderRemote';
import {
  CURRENT_CODE,
  PASSWORD,
  RECOVERY_CODES,
  USED_CODE,
  startSettingsServer,
  type SettingsServer,
  type SettingsServerState,
} from '../testing/settingsServer';

let server: SettingsServer;

async function open(initial: Partial<SettingsServerState> = {}) {
  server = await startSettingsServer(initial);
  configureApiClient({ baseURL: server.url, logError: () => undefined });
  const user = userEvent.setup();
  const view = await renderRemote('/settings/profile', { user: initial.user ?? DEMO_OWNER });
  await screen.findByRole('heading', { level: 1, name: 'Your settings' });
  return { ...view, user };
}

afterEach(() => server.close());

const region = (name: string) => within(screen.getByRole('region', { name }));
const snackbarText = (store: Awaited<ReturnType<typeof open>>['store']) =>
  selectSnackbar(store.getState()).text;

const DEMO_STAFF: User = demoUser({
  id: '4',
  name: 'Sam Staff',
  email: 'admin@hostdash.test',
  type: 'admin',
  subtype: 'admin',
});

describe('/settings/profile', () => {
  it.each([
    [
      'owner',
      DEMO_OWNER,
      [
        'Mail me when a stay turns red',
        'Mail me when an import finishes',
        'Tell me when a guest’s verification moves on',
        'Tell me about risky bookings',
      ],
    ],
    [
      'manager',
      DEMO_MANAGER,
      [
        'Mail me when a stay turns red',
        'Tell me when a guest’s verification moves on',
        'Tell me about risky bookings',
      ],
    ],
    ['vendor', DEMO_VENDOR, []],
    ['staff', DEMO_STAFF, []],
  ] as const)(
    'is every role’s: the %s sees their profile, second step and the notifications they get',
    async (role, person, switches) => {
      await open({ user: person });
      const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
      expect(headings).toEqual(['Profile', 'Second step', 'Notifications']);
      expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue(person.email);
      expect(await region('Second step').findByRole('button', { name: 'Turn on' })).toBeVisible();
      const notifications = region('Notifications');
      await waitFor(() =>
        expect(
          notifications
            .queryAllByRole('switch')
            .map((toggle) => toggle.closest('label')?.textContent),
        ).toEqual(switches),
      );
      if (switches.length === 0)
        expect(
          notifications.getByText(
            /Hostdash sends you no mails or bell notifications you can choose/,
          ),
        ).toBeInTheDocument();
      expect(notifications.getByText(/a password reset you asked for/)).toBeInTheDocument();
      // The account's settings are the owner's: only they are led there.
      const accountLink = screen.queryByRole('link', { name: 'Account settings' });
      if (role === 'owner') expect(accountLink).toHaveAttribute('href', '/settings');
      else expect(accountLink).not.toBeInTheDocument();
    },
  );

  it('asks before leaving a changed name unsaved', async () => {
    const { user } = await open();
    const form = within(await screen.findByRole('form', { name: 'Profile' }));
    await user.type(form.getByRole('textbox', { name: 'Name' }), '-Lee');
    await user.click(screen.getByRole('link', { name: 'Account settings' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Leave without saving?' }));
    expect(dialog.getByText('Your changes to your name and email will be lost.')).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent('/settings/profile');
    expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Olivia Hart-Lee');
  });

  it('lets a manager change their password', async () => {
    const { user, store } = await open({ user: DEMO_MANAGER });
    const form = within(await screen.findByRole('form', { name: 'Password' }));
    await user.type(form.getByLabelText(/^Current password/), PASSWORD);
    await user.type(form.getByLabelText(/^New password/), 'a much longer one');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(snackbarText(store)).toBe(
        'Your password has been changed. Every other session of yours has been signed out.',
      ),
    );
    expect(server.password).toBe('a much longer one');
    expect(form.getByLabelText(/^Current password/)).toHaveValue('');
  });

  describe('profile', () => {
    it('shows a wrong current password on its field when changing the password', async () => {
      const { user, store } = await open();
      const form = within(await screen.findByRole('form', { name: 'Password' }));
      await user.type(form.getByLabelText(/^Current password/), 'not my password');
      await user.type(form.getByLabelText(/^New password/), 'a much longer one');
      await user.click(form.getByRole('button', { name: 'Change password' }));

      const current = form.getByLabelText(/^Current password/);
      await waitFor(() =>
        expect(current).toHaveAccessibleDescription('That is not your current password.'),
      );
      expect(current).toHaveAttribute('aria-invalid', 'true');
      expect(form.getByLabelText(/^New password/)).toHaveValue('a much longer one');
      expect(server.bodiesTo('/user/auth/password/change')).toEqual([
        { current_password: 'not my password', new_password: 'a much longer one' },
      ]);
      expect(snackbarText(store)).toBe('');
    });

    it('changes the password with the right one, says so and empties the form', async () => {
      const { user, store } = await open();
      const form = within(await screen.findByRole('form', { name: 'Password' }));
      await user.type(form.getByLabelText(/^New password/), 'short');
      await user.click(form.getByRole('button', { name: 'Change password' }));
      expect(form.getByLabelText(/^Current password/)).toHaveAccessibleDescription(
        'Enter your current password.',
      );
      expect(form.getByLabelText(/^New password/)).toHaveAccessibleDescription(
        'Use at least 8 characters.',
      );
      expect(server.requestsTo('/user/auth/password/change')).toHaveLength(0);

      await user.type(form.getByLabelText(/^Current password/), PASSWORD);
      await user.type(form.getByLabelText(/^New password/), ' and longer');
      await user.click(form.getByRole('button', { name: 'Change password' }));
      await waitFor(() =>
        expect(snackbarText(store)).toBe(
          'Your password has been changed. Every other session of yours has been signed out.',
        ),
      );
      expect(server.password).toBe('short and longer');
      expect(form.getByLabelText(/^Current password/)).toHaveValue('');
    });

    it('asks for the current password when the email changes, and shows refusals beside their fields', async () => {
      const { user, store } = await open();
      const form = within(await screen.findByRole('form', { name: 'Profile' }));
      expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Olivia Hart');
      expect(form.queryByLabelText(/^Current password/)).not.toBeInTheDocument();

      const email = form.getByRole('textbox', { name: 'Email' });
      await user.clear(email);
      await user.type(email, 'olivia@hartstays.example');
      const password = form.getByLabelText(/^Current password/);
      await user.type(password, 'wrong');
      await user.click(form.getByRole('button', { name: 'Save profile' }));
      await waitFor(() =>
        expect(password).toHaveAccessibleDescription('That is not your current password.'),
      );

      await user.clear(email);
      await user.type(email, 'manager@hostdash.test');
      await user.clear(password);
      await user.type(password, PASSWORD);
      await user.click(form.getByRole('button', { name: 'Save profile' }));
      await waitFor(() =>
        expect(email).toHaveAccessibleDescription(
          'There is already a Hostdash user with this email.',
        ),
      );

      await user.clear(email);
      await user.type(email, 'olivia@hartstays.example');
      await user.click(form.getByRole('button', { name: 'Save profile' }));
      await waitFor(() =>
        expect(snackbarText(store)).toBe(
          'Your profile is saved. Hostdash now writes to olivia@hartstays.example, and told your old address.',
        ),
      );
      expect(server.bodiesTo('/user/profile').at(-1)).toEqual({
        email: 'olivia@hartstays.example',
        current_password: PASSWORD,
      });
      // The shell learns the new email (its menu shows it).
      await waitFor(() =>
        expect(selectUser(store.getState())?.email).toBe('olivia@hartstays.example'),
      );
      expect(
        within(screen.getByRole('form', { name: 'Profile' })).queryByLabelText(/^Current password/),
      ).not.toBeInTheDocument();
    });

    it('changes the name alone without asking for the password', async () => {
      const { user, store } = await open();
      const form = within(await screen.findByRole('form', { name: 'Profile' }));
      const name = form.getByRole('textbox', { name: 'Name' });
      await user.clear(name);
      await user.type(name, '  Olivia Hart-Lee ');
      await user.click(form.getByRole('button', { name: 'Save profile' }));
      await waitFor(() => expect(snackbarText(store)).toBe('Your profile is saved.'));
      expect(server.bodiesTo('/user/profile')).toEqual([{ name: 'Olivia Hart-Lee' }]);
    });
  });

  describe('second step', () => {
    it('enrols an authenticator with a QR code and a code, then shows the recovery codes once', async () => {
      const { user } = await open();
      const section = region('Second step');
      expect(await section.findByText('Off')).toBeInTheDocument();
      await user.click(section.getByRole('button', { name: 'Turn on' }));

      const qr = await section.findByRole('img', {
        name: 'QR code to scan with your authenticator app',
      });
      expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
      expect(section.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

      const code = section.getByRole('textbox', { name: 'Six-digit code' });
      await user.type(code, '12345');
      await user.click(section.getByRole('button', { name: 'Confirm' }));
      expect(code).toHaveAccessibleDescription('Enter the six digits your app shows.');
      expect(server.requestsTo('/user/auth/secondStep/confirm')).toHaveLength(0);

      await user.type(code, '9');
      await user.click(section.getByRole('button', { name: 'Confirm' }));
      await waitFor(() =>
        expect(code).toHaveAccessibleDescription(
          'That code does not match. Enter the code your authenticator app shows now.',
        ),
      );

      await user.clear(code);
      await user.type(code, '246 810');
      await user.click(section.getByRole('button', { name: 'Confirm' }));
      const codes = await section.findByRole('list', { name: 'Recovery codes' });
      expect(
        within(codes)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(RECOVERY_CODES);
      expect(server.bodiesTo('/user/auth/secondStep/confirm').at(-1)).toEqual({
        code: CURRENT_CODE,
      });
      expect(section.getByText('They are shown only this once.')).toBeInTheDocument();

      await user.click(section.getByRole('button', { name: 'Copy' }));
      expect(await navigator.clipboard.readText()).toBe(RECOVERY_CODES.join('\n'));
      expect(section.getByRole('status')).toHaveTextContent('Copied.');

      await user.click(section.getByRole('button', { name: 'I have saved them' }));
      expect(section.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
      expect(section.getByText('On')).toBeInTheDocument();
      expect(section.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    });

    it('starts again with a new QR code when the set-up has expired', async () => {
      const { user } = await open();
      const section = region('Second step');
      await user.click(await section.findByRole('button', { name: 'Turn on' }));
      const code = await section.findByRole('textbox', { name: 'Six-digit code' });
      // More than 30 minutes later: the API no longer holds the secret.
      server.pendingSecret = null;
      await user.type(code, CURRENT_CODE);
      await user.click(section.getByRole('button', { name: 'Confirm' }));
      expect(
        await section.findByText('Start again: scan a new QR code, then enter the code it shows.'),
      ).toBeInTheDocument();
      expect(code).toHaveAccessibleDescription('');

      await user.click(section.getByRole('button', { name: 'Start again' }));
      await waitFor(() => expect(server.requestsTo('/user/auth/secondStep/setup')).toHaveLength(2));
      await waitFor(() => expect(code).toHaveValue(''));
      await user.type(code, CURRENT_CODE);
      await user.click(section.getByRole('button', { name: 'Confirm' }));
      expect(await section.findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
    });

    it('downloads the recovery codes as a text file', async () => {
      const saved: Blob[] = [];
      const names: string[] = [];
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          saved.push(blob);
          return 'blob:codes';
        },
        revokeObjectURL: () => undefined,
      });
      const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        names.push(this.download);
      });
      try {
        const { user } = await open();
        const section = region('Second step');
        await user.click(await section.findByRole('button', { name: 'Turn on' }));
        await user.type(
          await section.findByRole('textbox', { name: 'Six-digit code' }),
          CURRENT_CODE,
        );
        await user.click(section.getByRole('button', { name: 'Confirm' }));
        await user.click(await section.findByRole('button', { name: 'Download TXT' }));
        expect(names).toEqual(['hostdash-recovery-codes.txt']);
        const text = await new Promise<string>((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result));
          reader.readAsText(saved[0]!);
        });
        expect(text.split('\n')).toEqual(expect.arrayContaining(RECOVERY_CODES));
        expect(text).toContain('owner@hostdash.test');
      } finally {
        click.mockRestore();
      }
    });

    it('says a code already used was just used, on its field, and takes the next one (issue 33)', async () => {
      const { user } = await open({ user: DEMO_MANAGER, secondStep: true });
      const section = region('Second step');
      await user.click(await section.findByRole('button', { name: 'Turn off' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Turn off the second step?' }));
      const code = dialog.getByRole('textbox', { name: 'Code from your app, or a recovery code' });
      await user.type(code, USED_CODE);
      await user.click(dialog.getByRole('button', { name: 'Turn off' }));
      await waitFor(() =>
        expect(code).toHaveAccessibleDescription(
          'That code was just used. Wait for your authenticator app to show the next code, then enter it.',
        ),
      );
      expect(code).toHaveAttribute('aria-invalid', 'true');
      await user.clear(code);
      await user.type(code, CURRENT_CODE);
      await user.click(dialog.getByRole('button', { name: 'Turn off' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('turns the second step off with a recovery code, after a wrong code is shown on its field', async () => {
      const { user, store } = await open({ secondStep: true, recoveryCodes: [...RECOVERY_CODES] });
      const section = region('Second step');
      expect(await section.findByText('On')).toBeInTheDocument();
      await user.click(section.getByRole('button', { name: 'Turn off' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Turn off the second step?' }));
      const code = dialog.getByRole('textbox', { name: 'Code from your app, or a recovery code' });

      await user.type(code, '111111');
      await user.click(dialog.getByRole('button', { name: 'Turn off' }));
      await waitFor(() =>
        expect(code).toHaveAccessibleDescription(
          'That code does not match. Enter the code your authenticator app shows now.',
        ),
      );

      await user.clear(code);
      await user.type(code, ' EFGHI-JKMNP ');
      await user.click(dialog.getByRole('button', { name: 'Turn off' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(server.bodiesTo('/user/auth/secondStep/disable')).toEqual([
        { code: '111111' },
        { code: 'efghi-jkmnp' },
      ]);
      expect(region('Second step').getByText('Off')).toBeInTheDocument();
      expect(snackbarText(store)).toBe(
        'The second step is off. You sign in with your password alone until you turn it on again.',
      );
    });
  });

  describe('notifications', () => {
    it('saves a switch as it is toggled, and puts it back with a message when refused', async () => {
      const { user, store } = await open();
      const section = region('Notifications');
      const redStays = await section.findByRole('switch', {
        name: /Mail me when a stay turns red/,
      });
      expect(redStays).toBeChecked();

      await user.click(redStays);
      expect(redStays).not.toBeChecked();
      await waitFor(() => expect(snackbarText(store)).toBe('No more mails when a stay turns red.'));
      expect(server.bodiesTo('/user/notificationPreferences')).toEqual([
        { mail_on_red_reservation: false },
      ]);
      expect(server.preferences.mail_on_red_reservation).toBe(false);

      server.refuseNext = {
        status: 500,
        json: {
          error: 'internal',
          message: 'Something failed on our side. Try again in a moment.',
        },
      };
      await user.click(redStays);
      await waitFor(() =>
        expect(snackbarText(store)).toBe(
          '“Mail me when a stay turns red” was not changed: Something failed on our side. Try again in a moment. The switch is back as it was.',
        ),
      );
      expect(redStays).not.toBeChecked();
      expect(selectSnackbar(store.getState()).props.severity).toBe('error');
    });
  });
});
