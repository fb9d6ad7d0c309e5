// The transport for development, demos and tests: each mail becomes a file in MAIL_DIR that a
// developer opens in a mail client (or a text editor) and an end-to-end test reads, since the
// embedded database cannot be read from outside the API while it runs. The file is the mail as a
// server would receive it: multipart, the plain-text part first and both parts in 8bit, so a reader
// that looks for a link with a regular expression finds it written out whole in the text part.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  formatMailAddress,
  messageIdFor,
  parseMailAddress,
  type MailAddress,
  type MailTransport,
  type OutboxMail,
} from './transport';

const DEFAULT_SENDER = parseMailAddress('Hostdash <no-reply@hostdash.local>')!;

/** `<id>-<to>.eml`, the address kept to what is safe in a file name on any system. */
export function mailFileName(mail: Pick<OutboxMail, 'id' | 'to'>): string {
  const to = mail.to.toLowerCase().replace(/[^a-z0-9@._+-]/g, '_');
  return `${mail.id.padStart(6, '0')}-${to}.eml`;
}

/** A part's lines with CRLF ends, as a message file has them. */
const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');

/**
 * The mail as a message/rfc822 file (UTF-8 headers, RFC 6532): its headers, then the text and the
 * HTML parts as multipart/alternative (the text part alone for a mail without HTML).
 */
export function mailFileText(mail: OutboxMail, from: MailAddress = DEFAULT_SENDER): string {
  // A header never carries a line break (a subject is written by the API, but made of names).
  const header = (value: string) => value.replace(/[\r\n]+/g, ' ');
  const headers = [
    `Message-ID: ${messageIdFor(mail.id, from)}`,
    `Date: ${new Date(mail.createdAt).toUTCString()}`,
    `From: ${header(formatMailAddress(from))}`,
    `To: ${header(mail.to)}`,
    `Subject: ${header(mail.subject)}`,
    'MIME-Version: 1.0',
  ];
  const textPart = [
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    crlf(mail.text),
  ];
  if (mail.html === null) return [...headers, ...textPart, ''].join('\r\n');
  const boundary = `hostdash-${mail.id}-${randomBytes(8).toString('hex')}`;
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    ...textPart,
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    crlf(mail.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

export function fileTransport(dir: string, from: MailAddress = DEFAULT_SENDER): MailTransport {
  return {
    name: 'file',
    async deliver(mail) {
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, mailFileName(mail));
      // Written beside it, then renamed: whoever watches the folder never reads half a mail.
      const partial = `${file}.partial`;
      await writeFile(partial, mailFileText(mail, from), { encoding: 'utf8', mode: 0o600 });
      await rename(partial, file);
      return { messageId: messageIdFor(mail.id, from), serverReply: null };
    },
  };
}
