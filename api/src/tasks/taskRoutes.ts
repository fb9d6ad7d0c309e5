// POST /task/address: the address normaliser (src/tasks/addressNormaliser.ts) for the forms that
// take an address. Any signed-in user; it reads and writes nothing.
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/caller';
import type { AppContext } from '../context';
import { badRequest } from '../http/errors';
import { AddressError, normaliseAddress } from './addressNormaliser';

export const MAX_ADDRESS_LENGTH = 500;

export function registerTaskRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.post<{ Body: { address: string } }>(
    '/task/address',
    {
      schema: {
        body: {
          type: 'object',
          required: ['address'],
          properties: { address: { type: 'string', maxLength: MAX_ADDRESS_LENGTH } },
        },
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
