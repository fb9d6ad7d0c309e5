// Preview before canary in the frame (docs/adr/0042): the bar a previewing browser shows on every
// page, with Stop, and the dialog a preview link opens, which shows the shell server's refusal.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { previewClient } from '@hostdash/shared-auth';
import { startUpstream, type Upstream } from '@hostdash/testing/upstream';
import { startRegistry } from '../remotes/registry';
import { discoveryDocument, previewed, release } from '../testing/remotes';
import { makeUser, renderShell } from '../testing/renderShell';
import { PreviewBar } from './PreviewBar';

const LIVE = release('listings', '0.1.0+22222222');
const CANDIDATE = '0.3.0+55555555';
const calls: { method: string; url: string; body: string }[] = [];
let refuse = false;
let upstream: Upstream;

beforeAll(async () => {
  upstream = await startUpstream((request) => {
    // jsdom asks first (CORS preflight): the calls are what follows.
    if (request.method !== 'OPTIONS')
      calls.push({ method: request.method ?? '', url: request.url, body: request.body });
    if (request.url !== '/remotes/listings/preview') return { status: 404, json: {} };
    if (request.method === 'DELETE') {
      return { json: { remote: 'listings', message: 'listings is no longer previewed' } };
    }
    return refuse
      ? {
          status: 409,
          json: {
            error: 'incompatible',
            message: `listings ${CANDIDATE} cannot be previewed in this dashboard: it needs shell contract ^2.0.0.`,
          },
        }
      : { json: { remote: 'listings', action: 'preview', message: 'previewed', change: {} } };
  });
  previewClient.configure({ baseURL: upstream.url, logError: () => undefined });
});

afterAll(() => upstream.close());
beforeEach(() => {
  calls.length = 0;
  refuse = false;
});

it('says which version this browser previews, until when, what everyone else gets, and stops', async () => {
  startRegistry(discoveryDocument([previewed(LIVE, CANDIDATE, '2026-11-28T14:00:00.000Z')]));
  const reload = jest.fn();
  renderShell(<PreviewBar reload={reload} />, { user: makeUser() });
  const bar = screen.getByRole('region', { name: 'Preview of listings' });
  expect(bar).toHaveTextContent(`Previewing listings ${CANDIDATE}`);
  expect(bar).toHaveTextContent(
    /Only in this browser, until .*\. Everyone else gets 0\.1\.0\+22222222\./,
  );
  await userEvent.click(within(bar).getByRole('button', { name: 'Stop previewing listings' }));
  await waitFor(() => expect(reload).toHaveBeenCalledWith(null));
  expect(calls).toEqual([{ method: 'DELETE', url: '/remotes/listings/preview', body: '' }]);
});

it('asks before a preview link starts one, and shows why the server refused it', async () => {
  startRegistry(discoveryDocument([LIVE]));
  const reload = jest.fn();
  renderShell(<PreviewBar reload={reload} />, {
    user: makeUser(),
    path: `/users?preview=${encodeURIComponent(`listings@${CANDIDATE}`)}`,
  });
  expect(screen.queryByRole('region', { name: 'Preview of listings' })).not.toBeInTheDocument();
  const dialog = screen.getByRole('dialog', { name: `Preview listings ${CANDIDATE}?` });
  expect(dialog).toHaveTextContent('Nobody else gets it.');
  refuse = true;
  await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    `listings ${CANDIDATE} cannot be previewed in this dashboard: it needs shell contract ^2.0.0.`,
  );
  expect(reload).not.toHaveBeenCalled();
  refuse = false;
  await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
  await waitFor(() => expect(reload).toHaveBeenCalledWith('preview'));
  expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
    ['POST', '/remotes/listings/preview', JSON.stringify({ version: CANDIDATE })],
    ['POST', '/remotes/listings/preview', JSON.stringify({ version: CANDIDATE })],
  ]);
});

it('offers nothing for an address whose preview names no remote and version', () => {
  startRegistry(discoveryDocument([LIVE]));
  renderShell(<PreviewBar />, { user: makeUser(), path: '/users?preview=listings' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
