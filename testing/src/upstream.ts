// A real HTTP server that tests put behind the code under test (the shared API client, the shell
// server's proxy), so requests really cross the network. Records what it received.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface UpstreamAnswer {
  status?: number;
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering. */
  delayMs?: number;
}

export interface Upstream {
  url: string;
  requests: RecordedRequest[];
  /** Closes the server; rejects, naming each one, if any answer broke the `check`. */
  close: () => Promise<void>;
}

export type UpstreamHandler = (request: RecordedRequest) => UpstreamAnswer;

export interface UpstreamOptions {
  /** Why an answer may not be given (e.g. the API contract forbids it), or null. */
  check?: (request: RecordedRequest, answer: UpstreamAnswer) => string | null;
}

export async function startUpstream(
  handler: UpstreamHandler,
  options: UpstreamOptions = {},
): Promise<Upstream> {
  const requests: RecordedRequest[] = [];
  const violations: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded = {
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      };
      requests.push(recorded);
      let answer = handler(recorded);
      const violation = options.check?.(recorded, answer) ?? null;
      if (violation) {
        violations.push(violation);
        answer = { status: 500, json: { error: 'fake_broke_contract', message: violation } };
      }
      const body = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.body ?? '');
      const send = () => {
        if (response.destroyed) return;
        response.writeHead(answer.status ?? 200, {
          'content-type':
            answer.json !== undefined ? 'application/json; charset=utf-8' : 'text/plain',
          // jsdom's XMLHttpRequest enforces CORS like a browser.
          'access-control-allow-origin': '*',
          'access-control-allow-headers': '*',
          'access-control-allow-methods': '*',
          ...answer.headers,
        });
        response.end(body);
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    // Answers in flight finish first (a test ending mid-request would otherwise log a reset);
    // anything still open a second later is cut.
    close: () =>
      new Promise((resolve, reject) => {
        const force = setTimeout(() => server.closeAllConnections(), 1000);
        server.close(() => {
          clearTimeout(force);
          if (violations.length > 0)
            reject(new Error(`The stand-in API broke the contract:\n${violations.join('\n')}`));
          else resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
