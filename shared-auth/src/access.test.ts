import {
  BILLING_PATH,
  checkAccess,
  homePath,
  matchRoute,
  navigationFor,
  nextPath,
  routes,
  type AccessRequest,
  STAFF_HOME_PATH,
} from './access';
import type { User } from './types';
import { demoUser } from '@hostdash/testing/demoUsers';
import { OFF_SITE_NEXTS } from '@hostdash/testing/offSiteNexts';

const user = demoUser;

const owner = user();
const manager = user({ subtype: 'manager' });
const vendor = user({ subtype: 'vendor' });
const admin = user({
  type: 'admin',
  subtype: 'admin',
  billing: { stripe_customer_id: null, past_due_since: null, failed_payment: null },
});
const channel = user({
  type: 'channel',
  subtype: 'channel',
  billing: { stripe_customer_id: null, past_due_since: null, failed_payment: null },
});
const newHost = user({
  billing: { stripe_customer_id: null, past_due_since: null, failed_payment: null },
});
const inactive = user({ is_active: false });
/** Staff inside Olivia Hart's account (POST /admin/viewing/1). */
const viewing = { account_id: '1', name: 'Hart Stays', owner_name: 'Olivia Hart' };
const adminViewing = user({ ...admin, viewing });
const channelViewing = user({ ...channel, viewing });

function check(pathname: string, who: User | null, extra: Partial<AccessRequest> = {}) {
  const [path, search = ''] = pathname.split('?');
  const decision = checkAccess({
    pathname: path!,
    search: search ? `?${search}` : '',
    user: who,
    stage: 'prod',
    billingBypass: false,
    ...extra,
  });
  return decision.allowed ? 'allowed' : decision.redirect;
}

describe('matchRoute', () => {
  it('matches parameters, optional parameters and decodes them', () => {
    expect(matchRoute('/building/1/marina-lofts')).toMatchObject({
      route: { app: 'listings', access: 'vendor' },
      params: { id: '1', building: 'marina-lofts' },
    });
    expect(matchRoute('/accounts')?.params).toEqual({});
    expect(matchRoute('/accounts/7/edit')?.params).toEqual({ id: '7', action: 'edit' });
    expect(matchRoute('/stargate/A%20B')?.params).toEqual({ id: 'A B' });
    expect(matchRoute('/listings/')?.route.path).toBe('/listings');
  });

  it('knows no other address', () => {
    expect(matchRoute('/listings/extra')).toBeNull();
    expect(matchRoute('/accounts/1/2/3')).toBeNull();
    expect(matchRoute('/stargate/%E0%A4%A')).toBeNull();
  });

  it('declares every route of spec section 2 once', () => {
    const paths = routes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/',
      '/analytics',
      '/billing',
      '/stargate/:id?',
      '/buildings',
      '/building/:id/:building',
      '/listings',
      '/listing/:id',
      '/reservations',
      '/reservation/:id',
      '/create-reservation',
      '/edit-reservation/:id',
      '/guestportal',
      '/guestportal/screen/:name',
      '/protect',
      '/settings',
      '/risks',
      '/accounts/:id?/:action?',
      '/download/:type',
      '/users',
      '/admin/listings',
      '/admin/kibana',
      '/logout',
      '/login',
      '/login/challenge',
      '/connect/:pms',
      '/account/reset/:token?',
      '/error/:id?',
      '/health',
    ]) {
      expect(paths).toContain(path);
    }
  });
});

describe('checkAccess', () => {
  it('opens public pages to everyone', () => {
    for (const path of [
      '/login',
      '/login/challenge',
      '/logout',
      '/connect/guesty',
      '/account/reset',
      '/account/reset/abc',
      '/error/not-found',
      '/health',
    ]) {
      expect(check(path, null)).toBe('allowed');
      expect(check(path, vendor)).toBe('allowed');
      expect(check(path, inactive)).toBe('allowed');
    }
  });

  it('sends an unknown address to not-found, signed in or not', () => {
    expect(check('/no/such/page', null)).toBe('/error/not-found');
    expect(check('/no/such/page', owner)).toBe('/error/not-found');
  });

  describe('rule 1: no user on a login-required page', () => {
    it('redirects to sign in with the path and query as next', () => {
      expect(check('/listings', null)).toBe('/login?next=%2Flistings');
      expect(check('/reservation/42?tab=log', null)).toBe(
        '/login?next=%2Freservation%2F42%3Ftab%3Dlog',
      );
      expect(check('/', null)).toBe('/login?next=%2F');
      expect(check('/building/1/marina-lofts', null)).toBe(
        '/login?next=%2Fbuilding%2F1%2Fmarina-lofts',
      );
    });
  });

  describe('rule 2: vendors', () => {
    it('may open vendor-allowed pages only', () => {
      expect(check('/building/1/marina-lofts', vendor)).toBe('allowed');
      for (const path of ['/', '/listings', '/reservations', '/analytics', '/stargate'])
        expect(check(path, vendor)).toBe('/error/building-not-found');
    });

    it('takes a vendor from / to their first granted building, or to building-not-found without one', () => {
      const granted = user({
        subtype: 'vendor',
        vendor_buildings: [
          { account_id: '1', slug: 'marina-lofts', name: 'Marina Lofts' },
          { account_id: '1', slug: 'harbor-house', name: 'Harbor House' },
        ],
      });
      expect(check('/', granted)).toBe('/building/1/marina-lofts');
      expect(check('/listings', granted)).toBe('/error/building-not-found');
      expect(check('/', vendor)).toBe('/error/building-not-found');
    });

    it('comes before the owner-only and admin-only rules', () => {
      expect(check('/settings', vendor)).toBe('/error/building-not-found');
      expect(check('/users', vendor)).toBe('/error/building-not-found');
    });
  });

  it('opens the person’s own settings to every signed-in role, the account’s to its owner (issue 33)', () => {
    for (const person of [owner, manager, vendor, admin])
      expect(check('/settings/profile', person)).toBe('allowed');
    expect(check('/settings', manager)).toBe('/error/not-allowed');
    expect(matchRoute('/settings/profile')?.route).toMatchObject({
      app: 'onboarding',
      title: 'Your settings',
    });
    expect(matchRoute('/settings/profile')?.route.nav).toBeUndefined();
  });

  describe('rule 3: owner-only pages', () => {
    it('need subtype owner or admin', () => {
      for (const path of [
        '/billing',
        '/settings',
        '/protect',
        '/guestportal',
        '/guestportal/screen/contact',
        '/accounts',
        '/accounts/3/edit',
      ]) {
        expect(check(path, manager)).toBe('/error/not-allowed');
        expect(check(path, owner)).toBe('allowed');
        expect(check(path, adminViewing)).toBe('allowed');
      }
    });
  });

  describe('rule 4: admin-only pages', () => {
    it('need type admin or channel, and are not found for anyone else', () => {
      for (const path of ['/users', '/admin/listings', '/admin/kibana', '/admin/jobs']) {
        expect(check(path, owner)).toBe('/error/not-found');
        expect(check(path, manager)).toBe('/error/not-found');
        expect(check(path, admin)).toBe('allowed');
        expect(check(path, channel)).toBe('allowed');
        // Staff pages keep opening while staff have a host's account open.
        expect(check(path, adminViewing)).toBe('allowed');
      }
    });
  });

  describe("staff: a host's pages only inside an account they opened (issue 33)", () => {
    const hostPaths = [
      '/',
      '/risks',
      '/reservations',
      '/listings',
      '/buildings',
      '/analytics',
      '/protect',
      '/guestportal',
      '/stargate',
      '/settings',
      '/billing',
      '/accounts',
    ];

    it('sends staff with no account open from any host page to the staff area', () => {
      for (const path of hostPaths) {
        expect([path, check(path, admin)]).toEqual([path, '/users']);
        expect([path, check(path, channel)]).toEqual([path, '/users']);
      }
    });

    it('opens every host page inside the account they opened', () => {
      for (const path of hostPaths) {
        expect([path, check(path, adminViewing)]).toEqual([path, 'allowed']);
        expect([path, check(path, channelViewing)]).toEqual([path, 'allowed']);
      }
    });

    it('lands staff on /users, and inside an account on its dashboard', () => {
      expect(homePath(admin)).toBe('/users');
      expect(homePath(channel)).toBe('/users');
      expect(homePath(adminViewing)).toBe('/');
      expect(homePath(owner)).toBe('/');
    });

    it('never lets a host in by a viewing they cannot have', () => {
      expect(check('/users', user({ viewing }))).toBe('/error/not-found');
    });
  });

  describe('rule 5: a deactivated user', () => {
    it('is sent to /logout', () => {
      expect(check('/listings', inactive)).toBe('/logout');
    });

    it('before any role or billing rule', () => {
      expect(check('/listings', user({ subtype: 'vendor', is_active: false }))).toBe('/logout');
      expect(check('/settings', user({ subtype: 'manager', is_active: false }))).toBe('/logout');
      expect(check('/users', user({ is_active: false }))).toBe('/logout');
      expect(
        check(
          '/listings',
          user({
            is_active: false,
            billing: { stripe_customer_id: null, past_due_since: null, failed_payment: null },
          }),
        ),
      ).toBe('/logout');
    });
  });

  describe('rule 6: no payment customer', () => {
    it('sends a signed-in non-admin to billing', () => {
      expect(check('/', newHost)).toBe('/billing');
      expect(check('/reservations', newHost)).toBe('/billing');
    });

    it('lets a host without a card see the listings they imported (issue 33, finding 8)', () => {
      expect(check('/listings', newHost)).toBe('allowed');
      expect(check('/listing/7', newHost)).toBe('allowed');
    });

    it('lets anyone of an account without a card reach their own password and second step', () => {
      expect(check('/settings/profile', newHost)).toBe('allowed');
      const newManager = user({
        subtype: 'manager',
        billing: { stripe_customer_id: null, past_due_since: null, failed_payment: null },
      });
      expect(check('/settings/profile', newManager)).toBe('allowed');
      expect(check('/settings', newHost)).toBe('/billing');
    });

    it('is skipped on the billing page, with the bypass cookie and outside production', () => {
      expect(check('/billing', newHost)).toBe('allowed');
      expect(check('/reservations', newHost, { billingBypass: true })).toBe('allowed');
      expect(check('/reservations', newHost, { stage: 'staging' })).toBe('allowed');
    });

    it('never applies to admins or to public pages', () => {
      expect(check('/reservations', adminViewing)).toBe('allowed');
      expect(check('/users', channel)).toBe('allowed');
      expect(check('/error/not-allowed', newHost)).toBe('allowed');
    });

    it('comes after the role rules', () => {
      const newManager = user({
        subtype: 'manager',
        billing: { stripe_customer_id: null, past_due_since: null, failed_payment: null },
      });
      expect(check('/settings', newManager)).toBe('/error/not-allowed');
      expect(check('/users', newHost)).toBe('/error/not-found');
      expect(
        check(
          '/listings',
          user({
            subtype: 'vendor',
            billing: { stripe_customer_id: null, past_due_since: null, failed_payment: null },
          }),
        ),
      ).toBe('/error/building-not-found');
    });
  });

  it('lets a signed-in owner with a payment method open every login page', () => {
    for (const route of routes) {
      if (route.access === 'admin' || route.access === 'public') continue;
      const path =
        route.path
          .replace(/:(\w+)\?/g, '')
          .replace(/:(\w+)/g, 'x')
          .replace(/\/+$/, '') || '/';
      expect([path, check(path, owner)]).toEqual([path, 'allowed']);
    }
  });
});

describe('navigationFor: the menu of each role', () => {
  const menu = (who: User) =>
    navigationFor(who, { stage: 'prod', billingBypass: false }).map(({ route }) => route.title);
  const hostMenu = [
    'Risks',
    'Reservations',
    'Protect',
    'Analytics',
    'Listings',
    'Buildings',
    'Guest portal',
    'Guest messages',
    'Settings',
    'Billing',
    'Team',
  ];

  it('gives an owner their dashboard, Guest messages right under the guest portal', () => {
    expect(menu(owner)).toEqual(hostMenu);
  });

  it('gives a manager what a teammate may open', () => {
    expect(menu(manager)).toEqual([
      'Risks',
      'Reservations',
      'Analytics',
      'Listings',
      'Buildings',
      'Guest messages',
    ]);
  });

  it('gives a vendor no page of the table (their buildings are the menu)', () => {
    expect(menu(vendor)).toEqual([]);
  });

  it('gives staff the staff area, and no host page', () => {
    const staffMenu = [
      'Users',
      'Accounts',
      'All listings',
      'Usage analytics',
      'Jobs',
      'Feature flags',
      'Delivery',
    ];
    expect(menu(admin)).toEqual(staffMenu);
    expect(menu(channel)).toEqual(staffMenu);
  });

  it("gives staff inside an account that account's menu, as its owner has it", () => {
    expect(menu(adminViewing)).toEqual(hostMenu);
    expect(menu(channelViewing)).toEqual(hostMenu);
  });
});

describe('nextPath', () => {
  it('returns to a same-site path only', () => {
    expect(nextPath('?next=%2Flistings%3Ffrom%3D10')).toBe('/listings?from=10');
    expect(nextPath('?next=%2F%2Fevil.example')).toBe('/');
    expect(nextPath('?next=https%3A%2F%2Fevil.example')).toBe('/');
    expect(nextPath('')).toBe('/');
  });

  // Issue 11, finding 1: each was followed by Chromium to http://evil.com/ (or answered 500).
  it.each([
    ['a backslash', '?next=/%5Cevil.com'],
    ['a backslash first', '?next=%5C%5Cevil.com'],
    ['a tab', '?next=/%09/evil.com'],
    ['a newline', '?next=/%0a/evil.com'],
    ['a carriage return', '?next=/%0d/evil.com'],
    ['a NUL', '?next=/%00/evil.com'],
    ['an encoded backslash, encoded again', '?next=/%255Cevil.com'],
    ['an encoded slash, encoded again', '?next=%252F%252Fevil.com'],
    ['a scheme', '?next=javascript:alert(1)'],
    ['a relative path', '?next=listings'],
    ['an encoding that does not decode', '?next=/listings%25E0%25A4%25A'],
  ])('falls back to / for %s', (_name, search) => {
    expect(nextPath(search)).toBe('/');
  });

  // Issue 30, finding 1: each came back as `//evil.com` (or an encoding of it), and Chromium
  // followed the server's redirect there.
  it.each(OFF_SITE_NEXTS)(
    'falls back to / for next=%s, however its dots and slashes are hidden',
    (next) => {
      expect(nextPath(`?next=${next}`)).toBe('/');
    },
  );

  // Decoding until nothing changes would cost a request time in proportion to the square of
  // its length; no address of this site is encoded four times over.
  it('falls back to / for a path that takes more than three decodings to read', () => {
    expect(nextPath('?next=/%252525252e/%2Fevil.com')).toBe('/');
    expect(nextPath('?next=/listings/%252525252e')).toBe('/');
  });

  // The rule is no stricter than it must be: a path that reads plainly once decoded is kept.
  it('resolves dot segments of a path of this site, and keeps an encoded slash inside it', () => {
    expect(nextPath('?next=/reservations/../listings/.%3Ffrom%3D10')).toBe('/listings/?from=10');
    expect(nextPath('?next=/stargate/a%252Fb')).toBe('/stargate/a%2Fb');
  });

  it('keeps a path of this site whole, written as the URL parser writes it', () => {
    expect(nextPath('?next=%2Freservation%2F12%3Ftab%3Dreports%23log')).toBe(
      '/reservation/12?tab=reports#log',
    );
    expect(nextPath('?next=%2Flistings%3Fsearch%3Docean%20view')).toBe(
      '/listings?search=ocean%20view',
    );
    // Non-ASCII is percent-encoded, so it can go in a Location header.
    expect(nextPath('?next=%2Flistings%3Fsearch%3D%E2%82%AC')).toBe('/listings?search=%E2%82%AC');
  });
});

describe('the table made from the remotes’ manifests (docs/adr/0039)', () => {
  it('has the staff home as the admin remote’s, for staff only', () => {
    expect(matchRoute(STAFF_HOME_PATH)?.route).toMatchObject({ app: 'admin', access: 'admin' });
  });

  it('has the billing page as the billing remote’s, and every remote page before the shell’s', () => {
    expect(matchRoute(BILLING_PATH)?.route).toMatchObject({ app: 'billing', access: 'owner' });
    const firstShellPage = routes.findIndex((route) => route.app === 'shell');
    expect(routes.slice(firstShellPage).every((route) => route.app === 'shell')).toBe(true);
  });
});
