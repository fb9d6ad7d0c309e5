// A small stand-in for the guest-portal API over real HTTP, so the portal, the shared client and
// its X-Guest-Token run for real in component tests. The API's own rules (which screens a stay
// has, the address normaliser, what the photo checks find, the protect log) are tested against
// its real database in api/src/guest; this keeps a stay's progress between calls as the API
// does, refuses what the API refuses with its words, and every answer is checked against the API
// contract (api/openapi.json).
import { keepsContract } from '@hostdash/testing/contract';
import {
  startUpstream,
  type RecordedRequest,
  type Upstream,
  type UpstreamAnswer,
} from '@hostdash/testing/upstream';
import type {
  GuestImage,
  GuestPortal,
  GuestPortalScreen,
  ImageKind,
  ScreenValues,
} from '../guestApi';

export const GUEST_TOKEN = 'Qx7_k2mP-9vB3nR8sT1uW4yZ6aC0dE5fG7hJ2kL9mN0';
export const EXPIRED_TOKEN = 'Ex7_k2mP-9vB3nR8sT1uW4yZ6aC0dE5fG7hJ2kL9mN0';

const INVALID = {
  error: 'guest_link_invalid',
  message: 'This check-in link is not valid. Ask your host for a new one.',
};
const EXPIRED = { error: 'guest_link_expired', message: 'This check-in link has expired.' };
const NOW = '2026-11-25T10:00:00.000Z';

type ScreenSpec = Omit<GuestPortalScreen, 'completedAt' | 'values' | 'texts'>;
type Language = GuestPortal['language'];
type Message = Omit<GuestPortal['messages'][number], 'texts'>;
const LANGUAGES: Language[] = ['en', 'es', 'fr', 'de', 'pt', 'it'];

/** The German and Portuguese of the shipped screens the tests read (api/migrations/0039). */
const TRANSLATED: Record<string, Partial<Record<Language, { title: string; body: string }>>> = {
  contact: {
    de: { title: 'Wie erreichen wir Sie?', body: 'Bitte geben Sie eine Telefonnummer an.' },
    pt: { title: 'Como podemos contactá-lo?', body: 'Indique um número de telefone.' },
  },
  house_rules: {
    de: { title: 'Hausordnung', body: '- Keine Partys' },
    pt: { title: 'Regras da casa', body: '- Proibidas festas' },
  },
};

/** The catalogue's screens (api/migrations/0018), as a stay with them all switched on gets them. */
export const SCREENS: Record<string, ScreenSpec> = {
  contact: {
    name: 'contact',
    title: 'How can we reach you?',
    body: 'We use these only about your stay.\n\nPlease give a phone number that works **during your trip**.',
    fields: [
      { name: 'email', required: true },
      { name: 'phone', required: true },
    ],
  },
  id_upload: {
    name: 'id_upload',
    title: 'Your ID',
    body: 'Take a photo of the **front and back** of your passport, ID card or driving licence.\n\n- Lay it flat in good light\n- Make sure all four corners are in the picture',
    fields: [
      { name: 'id_front', required: true },
      { name: 'id_back', required: true },
    ],
  },
  selfie: {
    name: 'selfie',
    title: 'A quick selfie',
    body: 'Take a photo of your face so your host can match it with your ID.',
    fields: [{ name: 'selfie', required: true }],
  },
  address: {
    name: 'address',
    title: 'Your home address',
    body: 'Your host needs your home address for the local guest register.',
    fields: [
      { name: 'street', required: true },
      { name: 'city', required: true },
      { name: 'postal_code', required: false },
      { name: 'country', required: true },
    ],
  },
  house_rules: {
    name: 'house_rules',
    title: 'House rules',
    body: 'Please read the house rules and accept them before you arrive.\n\n- No parties or events\n- No smoking inside',
    fields: [
      { name: 'accept', required: true },
      { name: 'signature', required: false },
    ],
  },
  usage_agreement: {
    name: 'usage_agreement',
    title: 'Rental agreement',
    body: 'By accepting, you agree to use the property as a private guest.\n\nType your **full name** to sign.',
    fields: [
      { name: 'accept', required: true },
      { name: 'signature', required: true },
    ],
  },
  arrival_time: {
    name: 'arrival_time',
    title: 'When will you arrive?',
    body: 'Tell us roughly when you expect to arrive.',
    fields: [
      { name: 'arrival_time', required: true },
      { name: 'arrival_note', required: false },
    ],
  },
  security_deposit: {
    name: 'security_deposit',
    title: 'Security deposit',
    body: 'A refundable hold is placed on your card for the security deposit. It is *not* a charge.',
    fields: [{ name: 'card', required: true }],
  },
};

const FIELD_WORDS: Record<string, string> = {
  email: 'email',
  phone: 'phone',
  street: 'street',
  city: 'city',
  postal_code: 'postal code',
  country: 'country',
  signature: 'signature',
  arrival_time: 'arrival time',
};
const PHOTO_WORDS: Record<string, string> = {
  id_front: 'the front of your ID',
  id_back: 'the back of your ID',
  selfie: 'your selfie',
};

export interface GuestServerOptions {
  screens?: string[];
  messages?: Message[];
  /** The language the API chose for the guest (default English). */
  language?: Language;
}

export interface GuestServer extends Upstream {
  /** What the stay has saved now. */
  portal(): GuestPortal;
}

const fieldRefusal = (field: string, message: string): UpstreamAnswer => ({
  status: 400,
  json: {
    error: 'invalid_request',
    message,
    field: `values.${field}`,
    in: 'body',
    rule: 'required',
  },
});

export async function startGuestServer(options: GuestServerOptions = {}): Promise<GuestServer> {
  const specs = (options.screens ?? ['contact', 'id_upload', 'selfie', 'house_rules']).map(
    (name) => SCREENS[name] as ScreenSpec,
  );
  const saved = new Map<string, { values: ScreenValues; completedAt: string }>();
  const images = new Map<ImageKind, GuestImage>();
  const photoBytes = new Map<ImageKind, string>();
  let completedAt: string | null = null;
  let chosen: Language | null = null;

  const portal = (): GuestPortal => ({
    stay: {
      listingName: 'Marina Loft 3',
      city: 'Lisbon',
      checkIn: '2026-12-04',
      checkOut: '2026-12-07',
      guestFirstName: 'Ana',
      hostName: 'Olivia',
    },
    screens: specs.map((spec) => ({
      ...spec,
      texts: Object.fromEntries(
        LANGUAGES.map((language) => [
          language,
          TRANSLATED[spec.name]?.[language] ?? { title: spec.title, body: spec.body },
        ]),
      ) as GuestPortalScreen['texts'],
      completedAt: saved.get(spec.name)?.completedAt ?? null,
      values: saved.get(spec.name)?.values ?? {},
    })),
    images: [...images.values()],
    language: chosen ?? options.language ?? 'en',
    listingLanguage: 'en',
    languageChosen: chosen !== null,
    completedAt,
    expiresAt: '2026-12-07T23:59:59.000Z',
    messages: completedAt
      ? (options.messages ?? []).map((message) => ({
          ...message,
          texts: Object.fromEntries(
            LANGUAGES.map((language) => [
              language,
              { subject: message.subject, body: message.body },
            ]),
          ) as GuestPortal['messages'][number]['texts'],
        }))
      : [],
  });

  const handle = (request: RecordedRequest): UpstreamAnswer => {
    if (request.method === 'OPTIONS') return { status: 204 };
    const token = request.headers['x-guest-token'];
    if (token === EXPIRED_TOKEN) return { status: 410, json: EXPIRED };
    if (token !== GUEST_TOKEN) return { status: 404, json: INVALID };
    const url = new URL(request.url, 'http://api.local');
    const path = url.pathname;
    if (request.method === 'GET' && path === '/guest/portal') return { json: portal() };

    if (request.method === 'POST' && path === '/guest/portal/language') {
      chosen = (JSON.parse(request.body) as { language: Language }).language;
      return { json: portal() };
    }

    const screenMatch = /^\/guest\/portal\/screen\/([^/]+)$/.exec(path);
    if (request.method === 'POST' && screenMatch) {
      const spec = specs.find((screen) => screen.name === screenMatch[1]);
      if (!spec)
        return {
          status: 404,
          json: { error: 'screen_not_found', message: 'This step is not part of your check-in.' },
        };
      const values = (JSON.parse(request.body || '{}') as { values?: ScreenValues }).values ?? {};
      for (const { name, required } of spec.fields) {
        if (!required) continue;
        if (name in PHOTO_WORDS) {
          if (!images.has(name as ImageKind))
            return fieldRefusal(name, `Upload ${PHOTO_WORDS[name]} first.`);
        } else if (name === 'accept') {
          if (values.accept !== true) return fieldRefusal(name, 'Tick the box to accept.');
        } else if (name === 'card') {
          if (values.card !== true)
            return fieldRefusal(
              name,
              'Tick the box to authorise the deposit hold on the card you booked with.',
            );
        } else if (typeof values[name] !== 'string' || !String(values[name]).trim()) {
          return fieldRefusal(name, `Fill in “${FIELD_WORDS[name] ?? name}”.`);
        }
      }
      if (typeof values.email === 'string' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(values.email))
        return {
          status: 400,
          json: {
            error: 'invalid_request',
            message: '"email" must be an email address.',
            field: 'values.email',
            in: 'body',
            rule: 'format',
          },
        };
      saved.set(spec.name, {
        values,
        completedAt: saved.get(spec.name)?.completedAt ?? NOW,
      });
      return { json: portal() };
    }

    const imageMatch = /^\/guest\/portal\/image\/(id_front|id_back|selfie)$/.exec(path);
    if (imageMatch) {
      const kind = imageMatch[1] as ImageKind;
      if (request.method === 'GET') {
        const bytes = photoBytes.get(kind);
        return bytes === undefined
          ? { status: 404, json: { error: 'image_not_found', message: 'No photo yet.' } }
          : { body: bytes, headers: { 'content-type': 'image/jpeg' } };
      }
      if (Number(request.headers['content-length'] ?? 0) > 10 * 1024 * 1024)
        return {
          status: 413,
          json: { error: 'image_too_large', message: 'This photo is larger than 10 MB.' },
        };
      if (request.body.startsWith('%PDF'))
        return {
          status: 415,
          json: { error: 'image_type_unsupported', message: 'Choose a JPEG or PNG photo.' },
        };
      const image: GuestImage = { kind, width: 1200, height: 800, uploadedAt: NOW };
      images.set(kind, image);
      photoBytes.set(kind, request.body);
      return { json: image };
    }

    if (request.method === 'POST' && path === '/guest/portal/complete') {
      const open = specs.filter((spec) => !saved.has(spec.name));
      if (open.length)
        return {
          status: 409,
          json: {
            error: 'screens_incomplete',
            message: `Finish these steps first: ${open.map((spec) => spec.title).join(', ')}.`,
          },
        };
      completedAt ??= NOW;
      return { json: portal() };
    }
    return { status: 404, json: { error: 'not_found', message: `Nothing at ${path}.` } };
  };

  const upstream = await startUpstream(handle, {
    // jsdom asks before sending the X-Guest-Token header (CORS): the browser's question, not a call.
    check: (request, answer) =>
      request.method === 'OPTIONS' ? null : keepsContract(request, answer),
  });
  return { ...upstream, portal };
}
