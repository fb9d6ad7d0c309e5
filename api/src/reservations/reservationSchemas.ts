// The reservations part of the contract (reservations, protect, images, reports, tasks).
import type { NamedSchema } from '../http/schemas';

export const RESERVATION_SCHEMAS: NamedSchema[] = [];
