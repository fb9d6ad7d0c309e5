// Issue 32: an owner whose monthly charge failed is told on every page, with the way to the card,
// until the month is paid; the people who cannot open /billing are not told; /billing says it
// itself. When the billing remote has saved a card it asks the shell for the user again, and the
// banner goes once the API says nothing failed is left.
import { act, screen, waitFor, within } from '@testing-library/react';
import { authActions, configureApiClient, type User } from '@hostdash/shared-auth';
import { DEMO_MANAGER, DEMO_VENDOR } from '@hostdash/testing/demoUsers';
import { keepsContract } from '@hostdash/testing/contract';
import { startUpstream, type Upstream } from '@hostdash/testing/upstream';
import { makeUser, renderShell } from '../testing/renderShell';
import { BillingBanner } from './BillingBanner';

const DECLINED = 'Your card was declined. Try another card, or ask your bank why.';

const failing = (overrides: Partial<User['billing']> = {}): User['billing'] => ({
  stripe_customer_id: 'cus_demo_olivia',
  past_due_since: null,
  failed_payment: { period: '2026-10', message: DECLINED, next_try_at: '2026-12-03T02:00:00Z' },
  ...overrides,
});

const banner = () => screen.queryByRole('status', { name: 'Billing' });

describe('the billing banner', () => {
  it('tells an owner the month whose payment failed, why, and when it is tried again', () => {
    renderShell(<BillingBanner />, { path: '/listings', user: makeUser({ billing: failing() }) });
    const status = banner();
    expect(status).toHaveTextContent(
      `The payment for October 2026 failed: ${DECLINED} We try again on Dec 3, 2026.`,
    );
    expect(within(status!).getByRole('link', { name: 'Update card' })).toHaveAttribute(
      'href',
      '/billing',
    );
  });

  it('says a past-due account is past due, and that nothing is switched off', () => {
    renderShell(<BillingBanner />, {
      path: '/',
      user: makeUser({
        billing: failing({
          past_due_since: '2026-11-08T02:00:00Z',
          failed_payment: {
            period: '2026-10',
            message: 'Your card was declined',
            next_try_at: null,
          },
        }),
      }),
    });
    expect(banner()).toHaveTextContent(
      'Your account is past due: every try to charge October 2026 failed. Your card was declined. Screening keeps running.',
    );
  });

  it('says nothing while every invoice is paid or open', () => {
    renderShell(<BillingBanner />, { path: '/listings', user: makeUser() });
    expect(banner()).toBeNull();
  });

  it('is not shown on /billing, which says it itself', () => {
    renderShell(<BillingBanner />, { path: '/billing', user: makeUser({ billing: failing() }) });
    expect(banner()).toBeNull();
  });

  it.each([
    ['a manager', DEMO_MANAGER],
    ['building staff', DEMO_VENDOR],
  ])('is not shown to %s, who cannot open /billing', (_who, user) => {
    renderShell(<BillingBanner />, { path: '/listings', user: { ...user, billing: failing() } });
    expect(banner()).toBeNull();
  });

  describe('once a card is saved', () => {
    let upstream: Upstream;
    let paid = false;

    beforeAll(async () => {
      upstream = await startUpstream(
        (request) =>
          request.url === '/loadAuth'
            ? {
                json: {
                  ...makeUser({ billing: paid ? failing({ failed_payment: null }) : failing() }),
                  sessionId: 'session-under-test',
                },
              }
            : { status: 404, json: { error: 'not_found', message: 'Nothing here.' } },
        { check: keepsContract },
      );
      configureApiClient({ baseURL: upstream.url, logError: () => undefined });
    });
    afterAll(() => upstream.close());

    it('goes when the remote asks the shell for the user again and the month is paid', async () => {
      const { store } = renderShell(<BillingBanner />, {
        path: '/listings',
        user: makeUser({ billing: failing() }),
      });
      expect(banner()).not.toBeNull();

      // A card that was declined again: the month is still unpaid, the banner stays.
      act(() => {
        store.dispatch(authActions.loadAuth.requested());
      });
      await waitFor(() => expect(store.getState().auth.status.loadAuth.loading).toBe(false));
      expect(banner()).not.toBeNull();

      paid = true;
      act(() => {
        store.dispatch(authActions.loadAuth.requested());
      });
      await waitFor(() => expect(banner()).toBeNull());
      expect(upstream.requests.filter((request) => request.url === '/loadAuth')).toHaveLength(2);
    });
  });
});
