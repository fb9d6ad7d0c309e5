// POST /task/address: the address normaliser (src/tasks/addressNormaliser.ts) for the forms that
// take an address. Any signed-in user; it reads and writes nothing.
import { Type } from '@sinclair/typebox';
import { requireUser } from '../auth/caller';
import type { AppContext } from '../context';
import { badRequest } from '../http/errors';
import { errors, ref, SESSION, type Api } from '../http/schemas';
import { NormalisedAddressSchema } from '../reservations/reservationSchemas';
import { AddressError, normaliseAddress } from './addressNormaliser';

export const MAX_ADDRESS_LENGTH = 500;

export function registerTaskRoutes(app: Api, { db }: AppContext): void {
  app.post(
    '/task/address',
    {
      schema: {
        summary: 'Tidy an address and split it into components',
        description:
          'Rule-based, no network. 400 `invalid_address` for text that cannot be an address.',
        tags: ['tasks'],
        security: SESSION,
        body: Type.Object({ address: Type.String({ maxLength: MAX_ADDRESS_LENGTH }) }),
        response: { 200: ref(NormalisedAddressSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      await requireUser(db, request);
      try {
        return normaliseAddress(request.body.address);
      } catch (error) {
        if (error instanceof AddressError) throw badRequest('invalid_address', error.message);
        throw error;
      }
    },
  );
}
