// The guest's language on the real database (issue 34): the page in the browser's language, the
// listing's default for a guest whose language we do not have, the guest's own choice kept with
// the link, the host's texts per language (and the listing's language standing in for a missing
// one), held messages per language, the listing's default through its API, and the guest's mails
// in their language.
import { signInRoles, type Role } from '../testing/roles';
import { startTestApi, type TestApi } from '../testing/testApi';

let api: TestApi;
let sessions: Record<Role, string>;

beforeAll(async () => {
  api = await startTestApi();
  sessions = await signInRoles(api);
});
afterAll(() => api.close());

type Text = { title: string; body: string };
interface Portal {
  language: string;
  listingLanguage: string;
  languageChosen: boolean;
  screens: Array<{ name: string; title: string; body: string; texts: Record<string, Text> }>;
  messages: Array<{ subject: string | null; body: string; texts: Record<string, unknown> }>;
}
interface Content {
  title: string;
  translations: Record<string, { title: string; text: string }>;
  default_translations: Record<string, { title: string; text: string }>;
}

/** Upcoming stays of account 1 with their listing; each test takes its own listing. */
const takenListings = new Set<string>();
async function stay(): Promise<{ id: string; listingId: string; token: string }> {
  const rows = await api.db.query<{ id: string; listing_id: string }>(
    `select distinct on (r.listing_id) r.id::text as id, r.listing_id::text as listing_id
     from reservations r
     where r.account_id = 1 and r.status = 'CONFIRMED' and r.check_in_date > current_date
     order by r.listing_id, r.id`,
  );
  const row = rows.find((candidate) => !takenListings.has(candidate.listing_id));
  if (!row) throw new Error('the seed has no free listing with an upcoming stay');
  takenListings.add(row.listing_id);
  const link = await api.get<{ url: string }>(`/guestportal/link/${row.id}`, sessions.owner);
  expect(link.status).toBe(200);
  return {
    id: row.id,
    listingId: row.listing_id,
    token: link.body.url.slice(api.config.guestPortalUrl.length),
  };
}

const portal = (token: string, acceptLanguage?: string) =>
  api.get<Portal>('/guest/portal', undefined, {
    'x-guest-token': token,
    ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
  });
const choose = (token: string, language: unknown, acceptLanguage = 'de-DE') =>
  api.request<Portal & { error?: string; message?: string }>({
    method: 'POST',
    url: '/guest/portal/language',
    headers: { 'x-guest-token': token, 'accept-language': acceptLanguage },
    payload: { language },
  });

async function setListingLanguage(listingId: string, language: unknown) {
  const { body } = await api.get<{ version: number }>(`/listing/get/${listingId}`, sessions.owner);
  return api.post<{ guest_language?: string; error?: string; message?: string }>(
    `/listing/update/${listingId}`,
    { version: body.version, guest_language: language },
    sessions.owner,
  );
}

/** A host's POST or DELETE, with a session (and any body). */
const send = <Body>(method: 'POST' | 'DELETE', url: string, session: string, payload?: unknown) =>
  api.request<Body>({
    method,
    url,
    headers: { authorization: session },
    ...(payload === undefined ? {} : { payload }),
  });

const screen = (answer: Portal, name: string) => answer.screens.find((item) => item.name === name);

describe('the guest page’s language', () => {
  it('follows the browser (q-values, de-DE → de), then the listing’s default', async () => {
    const { token, listingId } = await stay();
    const german = await portal(token, 'ja;q=0.9, de-DE;q=0.8, en;q=0.1');
    expect(german.status).toBe(200);
    expect(german.body).toMatchObject({
      language: 'de',
      listingLanguage: 'en',
      languageChosen: false,
    });
    expect(screen(german.body, 'house_rules')?.title).toBe('Hausordnung');
    expect(screen(german.body, 'house_rules')?.texts.pt?.title).toBe('Regras da casa');

    expect((await setListingLanguage(listingId, 'es')).body.guest_language).toBe('es');
    const unknown = await portal(token, 'ja-JP');
    expect(unknown.body).toMatchObject({ language: 'es', listingLanguage: 'es' });
    expect(screen(unknown.body, 'house_rules')?.title).toBe('Normas de la casa');
    expect((await portal(token)).body.language).toBe('es');
  });

  it('keeps the guest’s choice with the link, over the browser’s; refuses a language we lack', async () => {
    const { token } = await stay();
    const chosen = await choose(token, 'pt');
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ language: 'pt', languageChosen: true });
    expect(screen(chosen.body, 'contact')?.title).toBe('Como podemos contactá-lo?');
    expect((await portal(token, 'de-DE')).body.language).toBe('pt');

    const refused = await choose(token, 'xx');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_request');
    expect(refused.body.message).toMatch(/language/);
    expect((await portal(token, 'de-DE')).body.language).toBe('pt');
    expect((await choose('not-a-token', 'pt')).status).toBe(404);
  });
});

describe('the host’s texts per language', () => {
  const houseRules = '/guestportal/screen/house_rules';
  afterEach(async () => {
    for (const language of ['fr', 'es'])
      await send('DELETE', `${houseRules}/translation/${language}`, sessions.owner);
  });

  it('a French guest reads the host’s French house rules; the shipped screens are translated', async () => {
    const before = await api.get<Content>(houseRules, sessions.owner);
    expect(before.body.translations).toEqual({});
    expect(before.body.default_translations.it?.title).toBe('Regole della casa');

    const saved = await send<Content>('POST', `${houseRules}/translation/fr`, sessions.owner, {
      title: '  Règles de la maison  ',
      text: 'Pas de fête. **Silence après 22 h.**',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.translations).toEqual({
      fr: { title: 'Règles de la maison', text: 'Pas de fête. **Silence après 22 h.**' },
    });
    // The English content and the fields are untouched.
    expect(saved.body.title).toBe(before.body.title);

    const { token } = await stay();
    const french = await portal(token, 'fr-FR,fr;q=0.9');
    expect(screen(french.body, 'house_rules')).toMatchObject({
      title: 'Règles de la maison',
      body: 'Pas de fête. **Silence après 22 h.**',
    });
    // A guest in a language the host did not write reads the shipped screen in theirs.
    expect(screen(french.body, 'house_rules')?.texts.de?.title).toBe('Hausordnung');
  });

  it('a guest whose language has no host text reads the host’s text in the listing’s language', async () => {
    await send('POST', `${houseRules}/translation/es`, sessions.owner, {
      title: 'Nuestras normas',
      text: 'Nada de fiestas.',
    });
    const { token, listingId } = await stay();
    expect((await setListingLanguage(listingId, 'es')).status).toBe(200);
    const italian = await portal(token, 'it');
    expect(italian.body.language).toBe('it');
    expect(screen(italian.body, 'house_rules')).toMatchObject({
      title: 'Nuestras normas',
      body: 'Nada de fiestas.',
    });

    const removed = await send<Content>('DELETE', `${houseRules}/translation/es`, sessions.owner);
    expect(removed.body.translations).toEqual({});
    expect(screen((await portal(token, 'it')).body, 'house_rules')?.title).toBe(
      'Regole della casa',
    );
  });

  it('refuses English (the content itself), a language we lack and a blank title', async () => {
    for (const [path, body] of [
      [`${houseRules}/translation/en`, { title: 'Rules', text: '' }],
      [`${houseRules}/translation/xx`, { title: 'Rules', text: '' }],
      [`${houseRules}/translation/fr`, { title: '   ', text: '' }],
      [`${houseRules}/translation/fr`, { title: 'Règles' }],
    ] as const) {
      const refused = await send<{ error: string }>('POST', path, sessions.owner, body);
      expect({ path, status: refused.status, error: refused.body.error }).toEqual({
        path,
        status: 400,
        error: 'invalid_request',
      });
    }
    const text = { title: 'x', text: '' };
    const unknownScreen = '/guestportal/screen/nope/translation/fr';
    expect((await send('POST', unknownScreen, sessions.owner, text)).status).toBe(404);
    const byManager = await send('POST', `${houseRules}/translation/fr`, sessions.manager, text);
    expect(byManager.status).toBe(403);
  });
});

it('a held message reaches each guest in their language, else as first written', async () => {
  const { id, token } = await stay();
  const written = await api.post<{ deliveries: Array<{ id: string }> }>(
    '/stargate/messages',
    {
      reservation_id: id,
      kind: 'door_code',
      title: 'Your door code',
      body: 'The code is 4821.',
      translations: { de: { title: 'Ihr Türcode', body: 'Der Code ist 4821.' } },
    },
    sessions.owner,
  );
  expect(written.status).toBe(201);
  const deliveryId = written.body.deliveries[0]?.id;
  const released = await api.post(
    `/stargate/deliveries/${deliveryId}/release`,
    { note: 'Arriving late, verified by phone.' },
    sessions.owner,
  );
  expect(released.status).toBe(200);
  expect((await portal(token, 'de-DE')).body.messages[0]).toMatchObject({
    subject: 'Ihr Türcode',
    body: 'Der Code ist 4821.',
  });
  expect((await portal(token, 'it')).body.messages[0]).toMatchObject({
    subject: 'Your door code',
    body: 'The code is 4821.',
  });
  const refused = await api.post<{ error: string }>(
    '/stargate/messages',
    {
      reservation_id: id,
      kind: 'door_code',
      title: 'Code',
      body: 'x',
      translations: { xx: { title: 'x', body: 'x' } },
    },
    sessions.owner,
  );
  expect(refused.status).toBe(400);
});

it('the listing’s default language: read, changed, refused when unknown', async () => {
  const { listingId } = await stay();
  const listing = await api.get<{ guest_language: string }>(
    `/listing/get/${listingId}`,
    sessions.owner,
  );
  expect(listing.body.guest_language).toBe('en');
  const refused = await setListingLanguage(listingId, 'klingon');
  expect(refused.status).toBe(400);
  expect(refused.body.message).toMatch(/guest_language/);
  expect((await setListingLanguage(listingId, 'it')).body.guest_language).toBe('it');
});

it('mails the guest in the listing’s language, then in the one they chose', async () => {
  const { id, token, listingId } = await stay();
  await api.db.query(
    `update reservations set guest_email = 'lang.guest@example.com' where id = $1::bigint`,
    [id],
  );
  const subjects = async () =>
    (
      await api.db.query<{ subject: string; html_body: string }>(
        `select subject, html_body from mail_outbox where reservation_id = $1::bigint order by id`,
        [id],
      )
    ).map((mail) => mail.subject);
  await setListingLanguage(listingId, 'fr');
  expect((await api.post(`/reservation/guestInvite/${id}`, {}, sessions.owner)).status).toBe(200);
  expect((await subjects()).at(-1)).toMatch(/^Votre séjour à .*: enregistrez-vous en ligne/);

  await choose(token, 'pt');
  expect((await api.post(`/reservation/guestInvite/${id}`, {}, sessions.owner)).status).toBe(200);
  expect((await subjects()).at(-1)).toMatch(/^A sua estadia em .*: faça o check-in online/);
  const [mail] = await api.db.query<{ html_body: string }>(
    `select html_body from mail_outbox where reservation_id = $1::bigint order by id desc limit 1`,
    [id],
  );
  expect(mail?.html_body).toContain('<html lang="pt">');
  expect(mail?.html_body).toContain('Se o botão não funcionar, abra esta ligação:');
});
