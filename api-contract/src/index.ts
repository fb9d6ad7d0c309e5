// @hostdash/api-contract: the API's answers and inputs as TypeScript types, generated from
// api/openapi.json (`npm run contract`), and the card number rules the contract states (card.ts,
// the one run-time module: the card form and the API's test provider both check with it). The
// types add no byte to a bundle.
// A remote names a shape with its schema's name (`Listing`), or a call's parts by path and method
// (`Answer<'/listing/get/{id}', 'get'>`). ADR 6 says how the contract is versioned.
import type { components, operations, paths } from './schema';

export type { components, operations, paths };
export type * from './schema';
export * from './card';
export * from './languages';
export * from './guestLanguages';
export * from './guestWaiting';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Operation<Path extends keyof paths, M extends Method> = NonNullable<paths[Path][M]>;
type JsonOf<Response> = Response extends { content: { 'application/json': infer Body } }
  ? Body
  : never;

/** What a call answers when it succeeds (its 200 or 201 JSON). */
export type Answer<Path extends keyof paths, M extends Method> =
  Operation<Path, M> extends { responses: infer Responses }
    ? JsonOf<Responses[200 & keyof Responses]> | JsonOf<Responses[201 & keyof Responses]>
    : never;

/** A call's query string. */
export type Query<Path extends keyof paths, M extends Method> =
  Operation<Path, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** A call's JSON body. */
export type Body<Path extends keyof paths, M extends Method> =
  Operation<Path, M> extends { requestBody?: infer RequestBody }
    ? JsonOf<NonNullable<RequestBody>>
    : never;
