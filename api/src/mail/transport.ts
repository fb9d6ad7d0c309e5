// What the mail job (./mailJob.ts) hands a mail to: SMTP (./smtpTransport.ts) in production, a
// folder of `.eml` files (./fileTransport.ts) for development, demos and the e2e suite. A transport
// says how a hand-over ended — accepted (with the server's answer), refused for now (tried again
// later) or refused for good — and never logs: the job records the outcome on the outbox row.
import type { ApiConfig } from '../config';

/** A mail of the outbox, as a transport is handed it. */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part; null for a mail queued before mails had one. */
  html: string | null;
  createdAt: string;
}

/** A mail server's acceptance. */
export interface DeliveryReceipt {
  /** The mail's Message-ID header, as sent (`<outbox-<id>@<domain>>`). */
  messageId: string;
  /** What the server answered (`250 2.0.0 Ok: queued as 4F3A…`), addresses blanked; or null. */
  serverReply: string | null;
}

/** Where mails go. `deliver` resolves once the mail is accepted and throws if it was not. */
export interface MailTransport {
  readonly name: string;
  deliver(mail: OutboxMail): Promise<DeliveryReceipt>;
}

/**
 * A refusal. `permanent`: this mail can never be delivered as it is (a 5xx reply such as 550
 * mailbox unknown); otherwise it may go later (a 4xx reply, a server that cannot be reached). The
 * message is a sentence for the mail log and the admin: no address, no credential, no body.
 */
export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** An address parsed from `Name <local@domain>` or `local@domain`. */
export interface MailAddress {
  name: string | null;
  address: string;
  domain: string;
}

const ADDRESS =
  /^[^\s@<>"(),;:]+@([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)$/i;

/** The sender of MAIL_FROM's form, or null when it is not one. */
export function parseMailAddress(text: string): MailAddress | null {
  const named = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(text);
  const name = named ? named[1]!.replace(/^"(.*)"$/, '$1').trim() : null;
  const address = (named ? named[2]! : text).trim();
  const match = ADDRESS.exec(address);
  if (!match || /[\r\n<>]/.test(name ?? '')) return null;
  return { name: name || null, address, domain: match[1]!.toLowerCase() };
}

/**
 * The mail's Message-ID: the same for every try of one outbox row, so a mail sent again after a
 * worker died between the server's acceptance and our record of it is recognised as the same mail
 * by the servers and clients that deduplicate (docs/adr/0013-mail-delivery.md).
 */
export function messageIdFor(mailId: string, from: MailAddress): string {
  return `<outbox-${mailId}@${from.domain}>`;
}

/** Blanks addresses in a server's answer: it goes to the mail log and the worker's log. */
export function withoutAddresses(reply: string): string {
  return reply.replace(/<?[^\s<>@]+@[^\s<>@]+>?/g, '<address>');
}

/** The configured sender (config validated it). */
export function mailSender(config: Pick<ApiConfig, 'mailFrom'>): MailAddress {
  const from = parseMailAddress(config.mailFrom);
  if (!from) throw new Error('MAIL_FROM is not an address (the configuration should have said)');
  return from;
}

/** `Name <address>`, the header form (the name quoted when it needs to be). */
export function formatMailAddress(from: MailAddress): string {
  if (!from.name) return from.address;
  const name = /^[\w .'-]*$/.test(from.name) ? from.name : `"${from.name.replace(/["\\]/g, '')}"`;
  return `${name} <${from.address}>`;
}
