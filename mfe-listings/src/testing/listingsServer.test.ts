/**
 * @jest-environment node
 */
// The stand-in API may only answer what the API contract (api/openapi.json) allows.
import { makeListing, startListingsServer } from './listingsServer';

it('answers within the contract', async () => {
  const server = await startListingsServer(3);
  const answer = await fetch(`${server.url}/listing/get/2`);
  expect(answer.status).toBe(200);
  await expect(server.close()).resolves.toBeUndefined();
});

it('fails the test that made it answer outside the contract, naming the call and the field', async () => {
  const server = await startListingsServer(0);
  // A listing as the API never sends it: the version as text, and no updated_at.
  const { updated_at: _dropped, ...incomplete } = makeListing(1);
  server.listings.push({ ...incomplete, version: '2' } as never);
  const answer = await fetch(`${server.url}/listing/get/1`);
  expect(answer.status).toBe(500);
  await expect(server.close()).rejects.toThrow(
    /GET \/listing\/get\/1: answered 200 outside the contract \(\/listing\/get\/\{id\}\): .*(updated_at|\/version)/,
  );
});

it('knows no call the API does not have', async () => {
  const server = await startListingsServer(0);
  await fetch(`${server.url}/listing/teleport`);
  await expect(server.close()).rejects.toThrow('GET /listing/teleport: no such call');
});
