// The transport for development, demos and tests: each mail becomes a file in MAIL_DIR that a
// developer opens in a mail client (or a text editor) and an end-to-end test reads, since the
// embedded database cannot be read from outside the API while it runs.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A mail of the outbox, as a transport is handed it. */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  body: string;
  createdAt: string;
}

/** Where mails go. `deliver` resolves once the mail is handed over, and throws if it was not. */
export interface MailTransport {
  readonly name: string;
  deliver(mail: OutboxMail): Promise<void>;
}

/** `<id>-<to>.eml`, the address kept to what is safe in a file name on any system. */
export function mailFileName(mail: Pick<OutboxMail, 'id' | 'to'>): string {
  const to = mail.to.toLowerCase().replace(/[^a-z0-9@._+-]/g, '_');
  return `${mail.id.padStart(6, '0')}-${to}.eml`;
}

/** The mail as a message/rfc822 file (UTF-8 headers, RFC 6532): To, Subject, Date, then the body. */
export function mailFileText(mail: OutboxMail): string {
  // A header never carries a line break (a subject is written by the API, but made of names).
  const header = (value: string) => value.replace(/[\r\n]+/g, ' ');
  return [
    `Message-ID: <outbox-${mail.id}@hostdash.local>`,
    `Date: ${new Date(mail.createdAt).toUTCString()}`,
    'From: Hostdash <no-reply@hostdash.local>',
    `To: ${header(mail.to)}`,
    `Subject: ${header(mail.subject)}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    mail.body.replace(/\r?\n/g, '\r\n'),
    '',
  ].join('\r\n');
}

export function fileTransport(dir: string): MailTransport {
  return {
    name: 'file',
    async deliver(mail) {
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, mailFileName(mail));
      // Written beside it, then renamed: whoever watches the folder never reads half a mail.
      const partial = `${file}.partial`;
      await writeFile(partial, mailFileText(mail), { encoding: 'utf8', mode: 0o600 });
      await rename(partial, file);
    },
  };
}
