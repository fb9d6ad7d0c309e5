// The keywords and formats of our own that the API's schemas use, for every Ajv that compiles
// them: Fastify's (app.ts) and the first admin's settings check (admin/firstAdmin.ts).
import type Ajv from 'ajv';
import { notCommonPasswordKeyword } from '../auth/commonPasswords';
import { addApiFormats } from './formats';
import { NO_COERCION } from './schemas';

export function addSchemaKeywords(ajv: Ajv): Ajv {
  // A mark for the input guard (http/inputGuard.ts), which checks it before Ajv runs.
  ajv.addKeyword({ keyword: NO_COERCION, schemaType: 'boolean' });
  ajv.addKeyword(notCommonPasswordKeyword);
  return addApiFormats(ajv);
}
