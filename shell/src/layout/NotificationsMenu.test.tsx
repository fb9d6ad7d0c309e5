// Issue 12: the bell menu stayed open after a dismiss, called every notification unread, and led
// nowhere. The badge counts unread ones, opening the menu marks them read, a notification about a
// page leads there, and the menu closes after any action.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient } from '@hostdash/shared-auth';
import { keepsContract } from '@hostdash/testing/contract';
import { startUpstream, type Upstream } from '@hostdash/testing/upstream';
import { makeUser, renderShell } from '../testing/renderShell';
import { NotificationsMenu } from './NotificationsMenu';

const GRANT = {
  id: '31',
  title: 'You have access to Marina Lofts',
  body: 'Olivia Hart granted you the front-desk view of Marina Lofts.',
  created_at: '2026-11-20T09:00:00.000Z',
  link: '/building/1/marina-lofts',
};
const TWO_STEP = {
  id: '32',
  title: 'Two-step sign-in is on',
  body: 'Signing in now asks for a code from your authenticator app.',
  created_at: '2026-11-19T09:00:00.000Z',
  link: null,
};

let upstream: Upstream;
let removed: string[] = [];
let read: string[] = [];

beforeAll(async () => {
  upstream = await startUpstream(
    (request) => {
      const url = request.url.split('?')[0] ?? '';
      if (url === '/user/notifications/load') {
        const items = [GRANT, TWO_STEP]
          .filter((item) => !removed.includes(item.id))
          .map((item) => ({ ...item, read: read.includes(item.id) }));
        return {
          json: {
            items,
            total: items.length,
            unread: items.filter((item) => !item.read).length,
          },
        };
      }
      if (url === '/user/notifications/read') {
        read.push(...(JSON.parse(request.body) as { ids: string[] }).ids);
        return { json: { ok: true } };
      }
      if (url.startsWith('/user/notifications/remove/')) {
        removed.push(url.split('/').pop() ?? '');
        return { json: { ok: true } };
      }
      return { status: 404, json: { error: 'not_found', message: 'Nothing here.' } };
    },
    { check: keepsContract },
  );
  configureApiClient({ baseURL: upstream.url, logError: () => undefined });
});

afterAll(() => upstream.close());
beforeEach(() => {
  removed = [];
  read = [];
});

it('counts the unread ones, marks them read as the menu opens, and closes after a dismiss', async () => {
  renderShell(<NotificationsMenu />, { user: makeUser() });
  const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
  await userEvent.click(bell);
  expect(await screen.findByText(GRANT.body)).toBeInTheDocument();
  expect(screen.getAllByText('New')).toHaveLength(2);
  await waitFor(() => expect(read.sort()).toEqual([GRANT.id, TWO_STEP.id]));
  // Behind the open menu, the bell no longer counts them.
  expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: `Dismiss ${TWO_STEP.title}` }));
  await waitFor(() => expect(screen.queryByText(TWO_STEP.body)).not.toBeInTheDocument());
  await waitFor(() => expect(removed).toEqual([TWO_STEP.id]));
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
});

it('leads to the page a notification is about, and closes', async () => {
  renderShell(<NotificationsMenu />, { path: '/', user: makeUser() });
  await userEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
  await userEvent.click(await screen.findByRole('button', { name: GRANT.title }));
  expect(screen.getByTestId('location')).toHaveTextContent('/building/1/marina-lofts');
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  // Without a page, the title is plain text.
  await userEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
  expect(await screen.findByText(TWO_STEP.title)).not.toHaveAttribute('href');
  expect(screen.queryByRole('button', { name: TWO_STEP.title })).toBeNull();
});
