// The guest-facing portal's calls (issue 16). The guest is not signed in: every `/guest/*` call
// carries their link's token in the `X-Guest-Token` header (guestLinks.ts) and reaches only that
// link's reservation. The host's side: a reservation's link, made on first ask and renewed on
// demand, for the account's owner and managers (the reservation page's people); building staff
// 403; another account's reservation 404.
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../auth/caller';
import type { AppContext } from '../context';
import { ApiError, badRequest, notFound } from '../http/errors';
import { errors, IdParams, ref, SESSION, type Api } from '../http/schemas';
import { ScreenNameParams } from '../guestportal/screensSchemas';
import { findImage, storeIdentityImage } from '../images/identityImages';
import {
  findReservationRef,
  refuseVendor,
  RESERVATION_NOT_FOUND_MESSAGE,
  type ImageKind,
} from '../reservations/reservationQueries';
import { guestStay, hostLink, type GuestStay } from './guestLinks';
import { imageTooLarge, preparePhoto } from './guestImages';
import {
  chooseLanguage,
  completePortal,
  enabledScreen,
  guestPortal,
  portalCounts,
  saveScreen,
} from './guestPortal';
import {
  GuestImageSchema,
  GuestLanguageBody,
  GuestLinkSchema,
  GuestPortalSchema,
  ImageKindParams,
  MAX_IMAGE_BYTES,
  ScreenValuesBody,
  type GuestLink,
} from './guestSchemas';

const GUEST_TAG = ['guest'];
/** The guest's link, in the `X-Guest-Token` header (the contract's `guestToken` scheme). */
export const GUEST_TOKEN = [{ guestToken: [] }];
const LINK_ERRORS = errors(404, 410);

const VENDOR_MESSAGE = 'Building staff do not have access to guests’ check-in links.';

/** Which screen a photo belongs to: it cannot be sent when that screen is off for the stay. */
const SCREEN_OF_IMAGE: Record<ImageKind, string> = {
  id_front: 'id_upload',
  id_back: 'id_upload',
  selfie: 'selfie',
};

const PHOTO_TYPES = [
  'image/jpeg',
  'image/png',
  'image/heic',
  'image/heif',
  'application/octet-stream',
] as const;

const photoMissing = (): ApiError =>
  badRequest('invalid_request', 'Send the photo itself as the request body.');

/**
 * Reads an upload's bytes, refusing it (413 `image_too_large`) as soon as it is known to be over
 * the limit: by its Content-Length, or while it streams in.
 */
function readPhoto(
  declaredLength: string | undefined,
  payload: Readable,
  done: (error: Error | null, body?: Buffer) => void,
): void {
  if (Number(declaredLength) > MAX_IMAGE_BYTES) {
    done(imageTooLarge());
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  const finish = (error: Error | null, body?: Buffer) => {
    if (finished) return;
    finished = true;
    done(error, body);
  };
  payload.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_IMAGE_BYTES) finish(imageTooLarge());
    else if (!finished) chunks.push(chunk);
  });
  payload.on('end', () => finish(null, Buffer.concat(chunks)));
  payload.on('error', (error) => finish(error));
}

export function registerGuestRoutes(app: Api, { db, config, vault, storage }: AppContext): void {
  const portalOf = (stay: GuestStay, request: FastifyRequest) =>
    guestPortal(db, stay, request.headers['accept-language']);

  app.get(
    '/guest/portal',
    {
      schema: {
        summary: 'The guest’s portal: their stay, the steps to go through, their photos',
        description:
          'Through the guest’s link (`X-Guest-Token`). 404 `guest_link_invalid` for a missing, malformed or unknown token; 410 `guest_link_expired` after the check-out day or for a cancelled stay. Messages are the host’s guest messages (`/stargate`) once released to the guest.',
        tags: GUEST_TAG,
        security: GUEST_TOKEN,
        response: { 200: ref(GuestPortalSchema), ...LINK_ERRORS },
      },
    },
    async (request) => portalOf(await guestStay(db, request), request),
  );

  app.post(
    '/guest/portal/language',
    {
      schema: {
        summary: 'Choose the language of the guest’s page and mails',
        description:
          'Kept with the link: every device that opens it, and the guest’s next mails, use it (before a choice: the browser’s `Accept-Language` on the page, the listing’s `guest_language` in mails). Answers the portal in that language.',
        tags: GUEST_TAG,
        security: GUEST_TOKEN,
        body: GuestLanguageBody,
        response: { 200: ref(GuestPortalSchema), ...errors(400, 404, 410) },
      },
    },
    async (request) => {
      const stay = await guestStay(db, request);
      return portalOf(await chooseLanguage(db, stay, request.body.language), request);
    },
  );

  app.post(
    '/guest/portal/screen/:name',
    {
      schema: {
        summary: 'Save one step of the guest’s portal',
        description:
          'The values replace what was saved on the step. Each must be a field the step asks for; the required ones filled in, `accept` true, the photos of an image step (`id_upload`, `selfie`: send `{ "values": {} }`) uploaded first. A refusal is 400 `invalid_request` naming `values.<field>`, and saves nothing. The first save of a step logs `screen_completed`. 404 `screen_not_found` for a step that is not switched on for this stay.',
        tags: GUEST_TAG,
        security: GUEST_TOKEN,
        params: ScreenNameParams,
        body: ScreenValuesBody,
        response: { 200: ref(GuestPortalSchema), ...LINK_ERRORS },
      },
    },
    async (request) => {
      const stay = await guestStay(db, request);
      await saveScreen(db, stay, request.params.name, request.body.values);
      return portalOf(stay, request);
    },
  );

  // The upload takes the photo's bytes as they are, whatever type is claimed (the content decides),
  // so its own context reads every body raw.
  app.register(async (photos: Api) => {
    photos.removeAllContentTypeParsers();
    photos.addContentTypeParser('*', (request, payload, done) =>
      readPhoto(request.headers['content-length'], payload, done),
    );

    photos.post(
      '/guest/portal/image/:kind',
      {
        schema: {
          summary: 'Upload one of the guest’s photos (ID front, ID back, selfie)',
          description: `The photo’s bytes as the body (\`Content-Type\` image/jpeg, image/png, image/heic, image/heif or application/octet-stream), at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB (413 \`image_too_large\`). Only JPEG and PNG are read, told by the content whatever the type claimed (415 \`image_type_unsupported\`; HEIC: 415 \`image_heic_unsupported\`). Kept upright, at most 2000 px, re-encoded without any metadata (EXIF, GPS), as the stay’s identity image of that kind (replacing one there was): the host sees it on the reservation page. 404 \`screen_not_found\` when its step is off for this stay.`,
          tags: GUEST_TAG,
          security: GUEST_TOKEN,
          params: ImageKindParams,
          body: {
            content: Object.fromEntries(
              PHOTO_TYPES.map((type) => [
                type,
                { schema: { description: 'The photo’s bytes, as they are (any schema: binary).' } },
              ]),
            ),
          },
          response: { 200: ref(GuestImageSchema), ...errors(400, 404, 410, 413, 415) },
        },
      },
      async (request) => {
        const stay = await guestStay(db, request);
        const { kind } = request.params;
        await enabledScreen(db, stay.reservation_id, SCREEN_OF_IMAGE[kind]);
        const bytes = request.body;
        if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw photoMissing();
        const photo = await preparePhoto(bytes);
        const stored = await storeIdentityImage(db, storage, stay.reservation_id, kind, photo);
        request.log.info(
          { event: 'guest_image_uploaded', reservationId: stay.reservation_id, kind },
          'Guest photo uploaded',
        );
        return {
          kind: stored.kind,
          width: stored.width,
          height: stored.height,
          uploadedAt: stored.updated_at,
        };
      },
    );
  });

  app.get(
    '/guest/portal/image/:kind',
    {
      schema: {
        summary: 'One of the guest’s own photos, as kept',
        description:
          'For the page’s preview after a reload. Never cached. 404 `image_not_found` when there is none of that kind.',
        tags: GUEST_TAG,
        security: GUEST_TOKEN,
        params: ImageKindParams,
        response: {
          200: {
            description: 'The photo (JPEG or PNG).',
            content: {
              'image/jpeg': { schema: { type: 'string', format: 'binary' } },
              'image/png': { schema: { type: 'string', format: 'binary' } },
            },
          },
          ...LINK_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const stay = await guestStay(db, request);
      const image = await findImage(db, storage, stay.reservation_id, request.params.kind);
      if (!image) throw new ApiError(404, 'image_not_found', 'There is no photo of this kind yet.');
      reply.headers({ 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' });
      return reply.type(image.content_type).send(image.bytes);
    },
  );

  app.post(
    '/guest/portal/complete',
    {
      schema: {
        summary: 'Finish the guest’s portal',
        description:
          '409 `screens_incomplete` (naming them) while a step switched on for the stay is not done. The first time: logged (`portal_completed`), the verification moves to `review` (from `pending` or `incomplete`; a host’s decision stands), the stay is screened again (logged) and the host is told in-app. Finishing again changes nothing.',
        tags: GUEST_TAG,
        security: GUEST_TOKEN,
        response: { 200: ref(GuestPortalSchema), ...errors(404, 409, 410) },
      },
    },
    async (request) => {
      const stay = await guestStay(db, request);
      await completePortal(
        db,
        stay,
        (tx) => guestStay(tx, request, { lock: true }),
        config.shellOrigin,
      );
      request.log.info(
        { event: 'guest_portal_completed', reservationId: stay.reservation_id },
        'Guest portal completed',
      );
      return portalOf(await guestStay(db, request), request);
    },
  );

  // The host's side.
  const linkOf = async (
    request: Parameters<typeof requireUser>[1],
    id: string,
    renew: boolean,
  ): Promise<GuestLink> => {
    const caller = await requireUser(db, request);
    refuseVendor(caller, VENDOR_MESSAGE);
    const reservation = await findReservationRef(db, caller, id);
    if (!reservation) throw notFound(RESERVATION_NOT_FOUND_MESSAGE);
    const link = await db.transaction((tx) => hostLink(tx, vault, id, caller.id, renew));
    if (renew)
      request.log.info({ event: 'guest_link_renewed', reservationId: id }, 'Guest link renewed');
    return {
      url: `${config.guestPortalUrl}${link.token}`,
      expiresAt: link.expires_at,
      expired: link.expired,
      completedAt: link.completed_at,
      ...(await portalCounts(db, id)),
    };
  };

  app.get(
    '/guestportal/link/:id',
    {
      schema: {
        summary: 'A reservation’s guest link and how far the guest got',
        description:
          'Made on first ask. The account’s owner and managers, and staff; building staff 403; another account’s reservation 404.',
        tags: ['guestportal'],
        security: SESSION,
        params: IdParams,
        response: { 200: ref(GuestLinkSchema), ...errors(401, 403, 404) },
      },
    },
    async (request) => linkOf(request, request.params.id, false),
  );

  app.post(
    '/guestportal/link/:id/renew',
    {
      schema: {
        summary: 'Give a reservation a new guest link (the old one stops working)',
        description:
          'For a link sent to the wrong person. What the guest already did is kept. Who may: as GET /guestportal/link/{id}.',
        tags: ['guestportal'],
        security: SESSION,
        params: IdParams,
        response: { 200: ref(GuestLinkSchema), ...errors(401, 403, 404) },
      },
    },
    async (request) => linkOf(request, request.params.id, true),
  );
}
