// The sandbox and the registry: every system connects offline with its demo credentials.
import { PMS_DESCRIPTORS, pmsDescriptor } from './descriptors';
import type { PmsConnection, PmsListing, PmsReservation } from './pms';
import { PMS_NAMES, PmsAuthError } from './pms';
import { adapterFor } from './registry';
import { sandboxAdapter, sandboxCredentials } from './sandbox';

const TODAY = '2026-11-25';
const today = () => TODAY;

async function everything(connection: PmsConnection, since: string) {
  const listings: PmsListing[] = [];
  const reservations: PmsReservation[] = [];
  let pages = 0;
  for (let cursor: string | null = null, first = true; first || cursor !== null; first = false) {
    const page = await connection.listings(cursor);
    listings.push(...page.items);
    expect(page.total).toBeGreaterThanOrEqual(listings.length);
    cursor = page.next;
    pages += 1;
  }
  for (let cursor: string | null = null, first = true; first || cursor !== null; first = false) {
    const page = await connection.reservations(cursor, since);
    reservations.push(...page.items);
    cursor = page.next;
  }
  return { listings, reservations, pages };
}

describe('descriptors', () => {
  it('describes all 18 systems, each with the fields its auth kind needs', () => {
    expect(PMS_DESCRIPTORS.map((descriptor) => descriptor.name)).toEqual([...PMS_NAMES]);
    for (const descriptor of PMS_DESCRIPTORS) {
      expect(descriptor.docsUrl).toMatch(/^https:\/\//);
      if (descriptor.auth === 'oauth') expect(descriptor.fields).toEqual([]);
      else expect(descriptor.fields.some((field) => field.secret)).toBe(true);
      for (const field of descriptor.fields) expect(field.help).not.toBe('');
    }
    expect(PMS_DESCRIPTORS.filter((d) => d.adapter === 'real').map((d) => d.name)).toEqual([
      'guesty',
      'hostaway',
    ]);
    expect(pmsDescriptor('hostaway').fields.map((field) => field.label)).toEqual([
      'Account ID',
      'API Key',
    ]);
  });
});

describe('the sandbox', () => {
  it.each(PMS_NAMES)(
    '%s accepts its demo credentials and imports a paged portfolio',
    async (name) => {
      const connection = sandboxAdapter(name, { today }).connect(sandboxCredentials(name));
      expect(await connection.validate()).toMatchObject({ ok: true });
      const { listings, reservations, pages } = await everything(connection, '2026-01-01');
      expect(listings.length).toBeGreaterThanOrEqual(20);
      expect(listings.length).toBeLessThanOrEqual(120);
      expect(pages).toBeGreaterThan(1);
      expect(new Set(listings.map((listing) => listing.externalId)).size).toBe(listings.length);
      const zones = new Set(listings.map((listing) => listing.timezone));
      for (const zone of zones)
        expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
      expect(listings.some((listing) => listing.building !== null)).toBe(true);
      const ids = new Set(listings.map((listing) => listing.externalId));
      for (const reservation of reservations) {
        expect(ids.has(reservation.listingExternalId)).toBe(true);
        expect(reservation.checkOut > reservation.checkIn).toBe(true);
        expect(reservation.checkIn >= '2026-09-26').toBe(true);
        expect(reservation.checkIn <= '2027-03-25').toBe(true);
      }
      expect(new Set(reservations.map((reservation) => reservation.source)).size).toBe(4);
    },
  );

  it('generates the same portfolio each time, and a different one per system', async () => {
    const first = await everything(
      sandboxAdapter('beds24', { today }).connect(sandboxCredentials('beds24')),
      '2026-01-01',
    );
    const again = await everything(
      sandboxAdapter('beds24', { today }).connect(sandboxCredentials('beds24')),
      '2026-01-01',
    );
    const other = await everything(
      sandboxAdapter('apaleo', { today }).connect(sandboxCredentials('apaleo')),
      '2026-01-01',
    );
    expect(again).toEqual(first);
    expect(other.listings).not.toEqual(first.listings);
  });

  it('pages reservations from the given day on', async () => {
    const connection = sandboxAdapter('opera', { today }).connect(sandboxCredentials('opera'));
    const { reservations } = await everything(connection, TODAY);
    expect(reservations.length).toBeGreaterThan(0);
    for (const reservation of reservations) expect(reservation.checkOut >= TODAY).toBe(true);
  });

  it('follows the documented rule for demo credentials', () => {
    expect(sandboxCredentials('hostaway')).toEqual({ accountId: '100200', apiKey: 'sandbox' });
    expect(sandboxCredentials('guesty')).toEqual({ clientId: 'sandbox', clientSecret: 'sandbox' });
    expect(sandboxCredentials('cloudbeds')).toEqual({ accessToken: 'sandbox' });
  });

  it('refuses wrong sandbox credentials as a field error, and imports nothing with them', async () => {
    const connection = sandboxAdapter('hostaway', { today }).connect({
      accountId: '100200',
      apiKey: 'nope',
    });
    expect(await connection.validate()).toEqual({
      ok: false,
      field: 'apiKey',
      message: expect.stringContaining('sandbox'),
    });
    await expect(connection.listings(null)).rejects.toBeInstanceOf(PmsAuthError);
    const wrongId = sandboxAdapter('hostaway', { today }).connect({
      accountId: '4016',
      apiKey: 'sandbox',
    });
    expect(await wrongId.validate()).toMatchObject({ ok: false, field: 'accountId' });
  });
});

describe('adapterFor', () => {
  it('is the sandbox for every system in sandbox mode', async () => {
    for (const name of PMS_NAMES) {
      const adapter = adapterFor(name, { sandbox: true, today });
      expect(adapter?.descriptor.name).toBe(name);
      expect(await adapter!.connect(sandboxCredentials(name)).validate()).toMatchObject({
        ok: true,
      });
    }
  });

  it('outside the sandbox, is the real adapter where there is one and null elsewhere', async () => {
    const available = PMS_NAMES.filter((name) => adapterFor(name, { sandbox: false }) !== null);
    expect(available).toEqual(['guesty', 'hostaway']);
    // The real Hostaway adapter does not take the sandbox's demo key: it calls the given URL.
    const hostaway = adapterFor('hostaway', {
      sandbox: false,
      hostawayApiUrl: 'http://127.0.0.1:9',
    });
    await expect(hostaway!.connect(sandboxCredentials('hostaway')).validate()).rejects.toThrow(
      'Hostaway could not be reached',
    );
  });
});
