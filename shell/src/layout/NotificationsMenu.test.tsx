// Issue 12: the bell menu stayed open after a dismiss, and called every notification "unread"
// though the API keeps no read state.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient } from '@hostdash/shared-auth';
import { keepsContract } from '../../../config/testing/contract';
import { startUpstream, type Upstream } from '../../../config/testing/upstream';
import { makeUser, renderShell } from '../testing/renderShell';
import { NotificationsMenu } from './NotificationsMenu';

const GRANT = {
  id: '31',
  title: 'New building',
  body: 'Olivia Hart granted you the front-desk view of Marina Lofts.',
  created_at: '2026-11-20T09:00:00.000Z',
};

let upstream: Upstream;
let removed: string[] = [];

beforeAll(async () => {
  upstream = await startUpstream(
    (request) => {
      const url = request.url.split('?')[0] ?? '';
      if (url === '/user/notifications/load')
        return {
          json: {
            items: [GRANT].filter((item) => !removed.includes(item.id)),
            total: 1 - removed.length,
          },
        };
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
});

it('counts the notifications without calling them unread, and closes after a dismiss', async () => {
  renderShell(<NotificationsMenu />, { user: makeUser() });
  // Loaded over HTTP from the stand-in: allow for a busy machine.
  const bell = await screen.findByRole('button', { name: 'Notifications (1)' }, { timeout: 5000 });
  await userEvent.click(bell);
  expect(await screen.findByText(GRANT.body)).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: `Dismiss ${GRANT.title}` }));
  await waitFor(() => expect(screen.queryByText(GRANT.body)).not.toBeInTheDocument());
  await waitFor(() => expect(removed).toEqual([GRANT.id]));
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
});
