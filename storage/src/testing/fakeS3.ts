// A small S3-compatible server for tests, on a random loopback port: the calls S3Storage makes
// (PutObject, GetObject, HeadObject, DeleteObject, ListObjectsV2 with a prefix and continuation
// tokens), path-style (`/<bucket>/<key>`), with S3's XML errors. It refuses a request without an
// AWS Signature Version 4 `authorization` header (the signature itself is not verified). Objects
// live in memory; every request is recorded for the test to inspect. Test code only: no product
// code imports it (a lint rule says so).
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { S3Storage } from '../s3Storage';

export interface FakeObject {
  body: Buffer;
  contentType: string;
  cacheControl: string | null;
  modifiedAt: Date;
  etag: string;
}

export interface FakeRequest {
  method: string;
  /** The object's key, or null for a call on the bucket (a listing). */
  key: string | null;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

export interface FakeS3 {
  /** The server's address, for S3_ENDPOINT. */
  endpoint: string;
  bucket: string;
  /** Credentials the SDK can sign with (any pass; a missing signature does not). */
  credentials: { accessKeyId: string; secretAccessKey: string };
  objects: Map<string, FakeObject>;
  requests: FakeRequest[];
  /** An S3Storage over this server's bucket. */
  storage(): S3Storage;
  close(): Promise<void>;
}

export interface FakeS3Options {
  bucket?: string;
  /** Keys per ListObjectsV2 page (S3's is 1000; small here so paging is exercised). */
  pageSize?: number;
}

const SIGV4 =
  /^AWS4-HMAC-SHA256 Credential=[^/\s]+\/\d{8}\/[^/\s]+\/s3\/aws4_request, ?SignedHeaders=[a-z0-9;-]+, ?Signature=[0-9a-f]{64}$/;

const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

function xml(response: http.ServerResponse, status: number, body: string): void {
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
  response.writeHead(status, {
    'content-type': 'application/xml',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function error(
  response: http.ServerResponse,
  status: number,
  code: string,
  message: string,
  method: string,
): void {
  // A HEAD answer has no body: the SDK reads the status alone.
  if (method === 'HEAD') {
    response.writeHead(status).end();
    return;
  }
  xml(
    response,
    status,
    `<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message><RequestId>${randomUUID()}</RequestId></Error>`,
  );
}

/** The body as sent: with `aws-chunked` encoding (a streamed upload), the chunks joined. */
function decodeBody(raw: Buffer, headers: http.IncomingHttpHeaders): Buffer {
  const chunked =
    String(headers['content-encoding'] ?? '').includes('aws-chunked') ||
    String(headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-');
  if (!chunked) return raw;
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', offset);
    if (lineEnd < 0) throw new Error('aws-chunked body without a chunk header');
    const size = parseInt(raw.toString('latin1', offset, lineEnd).split(';')[0] ?? '', 16);
    if (!Number.isFinite(size)) throw new Error('aws-chunked body with a bad chunk size');
    if (size === 0) break; // trailers (checksums) follow; nothing of them is kept
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeS3(options: FakeS3Options = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'hostdash-test';
  const pageSize = options.pageSize ?? 1000;
  const objects = new Map<string, FakeObject>();
  const requests: FakeRequest[] = [];

  const list = (response: http.ServerResponse, query: Record<string, string>): void => {
    if (query['list-type'] !== '2') {
      error(response, 501, 'NotImplemented', 'Only ListObjectsV2 is implemented here.', 'GET');
      return;
    }
    const prefix = query.prefix ?? '';
    const maxKeys = Math.min(pageSize, Number(query['max-keys'] ?? pageSize));
    const token = query['continuation-token'];
    const after = token ? Buffer.from(token, 'base64url').toString('utf8') : null;
    const matching = [...objects.keys()]
      .filter((key) => key.startsWith(prefix) && (after === null || key > after))
      .sort();
    const page = matching.slice(0, maxKeys);
    const truncated = matching.length > page.length;
    const urlEncoded = query['encoding-type'] === 'url';
    const shown = (key: string): string => escapeXml(urlEncoded ? encodeURIComponent(key) : key);
    const contents = page
      .map((key) => {
        const object = objects.get(key) as FakeObject;
        return `<Contents><Key>${shown(key)}</Key><LastModified>${object.modifiedAt.toISOString()}</LastModified><ETag>${escapeXml(object.etag)}</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join('');
    const last = page[page.length - 1];
    xml(
      response,
      200,
      `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${shown(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${token ? `<ContinuationToken>${escapeXml(token)}</ContinuationToken>` : ''}${truncated && last ? `<NextContinuationToken>${Buffer.from(last).toString('base64url')}</NextContinuationToken>` : ''}${urlEncoded ? '<EncodingType>url</EncodingType>' : ''}${contents}</ListBucketResult>`,
    );
  };

  const objectHeaders = (object: FakeObject): http.OutgoingHttpHeaders => ({
    'content-type': object.contentType,
    'content-length': object.body.length,
    etag: object.etag,
    'last-modified': object.modifiedAt.toUTCString(),
    ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
  });

  const handle = async (
    request: http.IncomingMessage,
    response: http.ServerResponse,
  ): Promise<void> => {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://fake-s3');
    const query = Object.fromEntries(url.searchParams);
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const key =
      rest.length > 0 && rest.join('/') !== '' ? decodeURIComponent(rest.join('/')) : null;
    requests.push({ method, key, query, headers: request.headers });
    const body = await readBody(request);

    if (!SIGV4.test(String(request.headers.authorization ?? ''))) {
      error(
        response,
        403,
        'AccessDenied',
        'The request is not signed (AWS Signature Version 4).',
        method,
      );
      return;
    }
    if (decodeURIComponent(bucketName) !== bucket) {
      error(response, 404, 'NoSuchBucket', `The specified bucket does not exist.`, method);
      return;
    }
    if (key === null) {
      if (method === 'GET') list(response, query);
      else
        error(
          response,
          501,
          'NotImplemented',
          `${method} on a bucket is not implemented here.`,
          method,
        );
      return;
    }
    const object = objects.get(key);
    switch (method) {
      case 'PUT': {
        const bytes = decodeBody(body, request.headers);
        const stored: FakeObject = {
          body: bytes,
          contentType: String(request.headers['content-type'] ?? 'application/octet-stream'),
          cacheControl: request.headers['cache-control']
            ? String(request.headers['cache-control'])
            : null,
          modifiedAt: new Date(),
          etag: `"${createHash('md5').update(bytes).digest('hex')}"`,
        };
        objects.set(key, stored);
        response.writeHead(200, { etag: stored.etag, 'content-length': 0 }).end();
        return;
      }
      case 'GET':
      case 'HEAD':
        if (!object) {
          error(response, 404, 'NoSuchKey', 'The specified key does not exist.', method);
          return;
        }
        response.writeHead(200, objectHeaders(object));
        response.end(method === 'GET' ? object.body : undefined);
        return;
      case 'DELETE':
        objects.delete(key);
        response.writeHead(204).end();
        return;
      default:
        error(response, 405, 'MethodNotAllowed', `${method} is not allowed here.`, method);
    }
  };

  const server = http.createServer((request, response) => {
    handle(request, response).catch((failure: unknown) => {
      if (!response.headersSent)
        error(response, 500, 'InternalError', String(failure), request.method ?? 'GET');
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'fake-access-key', secretAccessKey: 'fake-secret-key' };
  const opened: S3Storage[] = [];

  return {
    endpoint,
    bucket,
    credentials,
    objects,
    requests,
    storage() {
      const storage = new S3Storage({ bucket, endpoint, region: 'us-east-1', credentials });
      opened.push(storage);
      return storage;
    },
    async close() {
      for (const storage of opened) storage.close();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((failure) => (failure ? reject(failure) : resolve())),
      );
    },
  };
}
