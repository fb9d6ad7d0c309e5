// A real SMTP server for tests (nodemailer's own `smtp-server`, on a loopback port): it checks a
// login, keeps every mail it accepts, and answers a refusal the test queues (451 try later, 550
// mailbox unknown) to the next recipient, as a mail provider would.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as it came over the wire (headers and MIME parts). */
  raw: string;
}

export interface SmtpRefusal {
  code: number;
  message: string;
}

export interface SmtpTestServer {
  /** `smtp://user:pass@127.0.0.1:<port>`, the login the server accepts. */
  url: string;
  received: ReceivedMail[];
  /** The next recipients are answered these, one each, in turn (then accepted again). */
  refuseNext(...refusals: SmtpRefusal[]): void;
  close(): Promise<void>;
}

export const SMTP_TEST_USER = 'mailer@hostdash.test';
/** Characters a URL must escape, as real passwords have them. */
export const SMTP_TEST_PASSWORD = 'p@ss:w/rd %1';

export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  const refusals: SmtpRefusal[] = [];
  let served = 0;
  const server = new SMTPServer({
    // No certificate here: the client stays in plain text on loopback (STARTTLS is not offered).
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_TEST_USER && auth.password === SMTP_TEST_PASSWORD)
        callback(null, { user: auth.username });
      else callback(Object.assign(new Error('5.7.8 Authentication failed'), { responseCode: 535 }));
    },
    onRcptTo(_address, _session, callback) {
      const refusal = refusals.shift();
      if (refusal)
        callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        served += 1;
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback(null, `2.0.0 Ok: queued as TEST${served}`);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const credentials = `${encodeURIComponent(SMTP_TEST_USER)}:${encodeURIComponent(SMTP_TEST_PASSWORD)}`;
  return {
    url: `smtp://${credentials}@127.0.0.1:${port}`,
    received,
    refuseNext: (...next) => refusals.push(...next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A MIME part's body, decoded from its transfer encoding. */
function decodePart(part: string): { type: string; body: string } {
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\r\n\r\n');
  const type = /^content-type:\s*([^;\r\n]+)/im.exec(head)?.[1]?.trim().toLowerCase() ?? '';
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase() ?? '7bit';
  if (encoding === 'base64') return { type, body: Buffer.from(body, 'base64').toString('utf8') };
  if (encoding === 'quoted-printable') {
    // Soft line breaks go; each =XX is a byte of UTF-8 (a literal % is escaped first).
    const escaped = body
      .replace(/=\r?\n/g, '')
      .replace(/%/g, '%25')
      .replace(/=([0-9A-F]{2})/gi, '%$1');
    return { type, body: decodeURIComponent(escaped) };
  }
  return { type, body };
}

/** The text and HTML parts of a multipart/alternative message, decoded. */
export function mailParts(raw: string): { text: string | null; html: string | null } {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary
    ? raw
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => decodePart(part.replace(/^\r?\n/, '')))
    : [decodePart(raw)];
  return {
    text: parts.find((part) => part.type === 'text/plain')?.body ?? null,
    html: parts.find((part) => part.type === 'text/html')?.body ?? null,
  };
}

/** A header's value (unfolded), or null. */
export function mailHeader(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const escaped = name.replace(/[-]/g, '\\-');
  return new RegExp(`^${escaped}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? null;
}
