// Each answer's serializer is built with the named schemas it refers to, found through refs of
// refs, and serializes as fast-json-stringify does with all of them: unknown fields are dropped at
// every depth.
import { buildSerializerFactory, referencedSchemaIds } from './serializers';

const named = {
  Money: { $id: 'Money', type: 'object', properties: { cents: { type: 'integer' } } },
  Line: {
    $id: 'Line',
    type: 'object',
    properties: { label: { type: 'string' }, amount: { $ref: 'Money#' } },
  },
  Invoice: {
    $id: 'Invoice',
    type: 'object',
    properties: { lines: { type: 'array', items: { $ref: 'Line#' } } },
  },
  Unrelated: { $id: 'Unrelated', type: 'object', properties: { x: { type: 'string' } } },
};

test('the named schemas an answer refers to, through refs of refs, and no others', () => {
  const answer = {
    type: 'object',
    properties: { invoice: { $ref: 'Invoice#' }, total: { $ref: 'Money#/properties/cents' } },
  };
  expect([...referencedSchemaIds(answer, named)].sort()).toEqual(['Invoice', 'Line', 'Money']);
  expect(referencedSchemaIds({ $ref: '#/definitions/local' }, named).size).toBe(0);
  expect(referencedSchemaIds({ $ref: 'Missing#' }, named).size).toBe(0);
});

test('a serializer keeps what its schemas name, at every depth, and drops the rest', () => {
  const serialize = buildSerializerFactory!(
    named,
    {},
  )({
    method: 'GET',
    url: '/invoice',
    httpStatus: '200',
    schema: { type: 'object', properties: { invoice: { $ref: 'Invoice#' } } },
  });
  const invoice = {
    lines: [{ label: 'Cleaning', amount: { cents: 4500, secret: 'x' }, internal: true }],
    hidden: 1,
  };
  expect(JSON.parse(serialize({ invoice, other: 2 }))).toEqual({
    invoice: { lines: [{ label: 'Cleaning', amount: { cents: 4500 } }] },
  });
});
