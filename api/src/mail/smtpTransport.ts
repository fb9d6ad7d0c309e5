// The production transport (docs/adr/0013-mail-delivery.md): every mail through the SMTP server of
// SMTP_URL, with nodemailer. `smtp://` upgrades with STARTTLS when the server offers it (port 587
// by default); `smtps://` speaks TLS from the first byte (465). A refusal is sorted into temporary
// (tried again with back-off) and permanent (failed, with the server's reason) for the mail job.
// The URL holds the server's password: it is read here and nowhere written.
import { createTransport } from 'nodemailer';
import {
  MailDeliveryError,
  formatMailAddress,
  messageIdFor,
  withoutAddresses,
  type MailAddress,
  type MailTransport,
} from './transport';

/** What a hand-over may take: a hung server is a temporary failure, not a stuck job. */
const CONNECTION_TIMEOUT_MS = 20_000;
const SOCKET_TIMEOUT_MS = 60_000;

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the start (smtps); otherwise STARTTLS when offered. */
  secure: boolean;
  auth: { user: string; pass: string } | null;
}

/** SMTP_URL's parts (the configuration checked its form). */
export function smtpSettings(url: string): SmtpSettings {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  const user = decodeURIComponent(parsed.username);
  return {
    // An IPv6 literal comes bracketed from URL; the socket wants it bare.
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    auth: user ? { user, pass: decodeURIComponent(parsed.password) } : null,
  };
}

/** The server as logs may name it: scheme, host and port, never the credentials. */
export function describeSmtp(url: string): string {
  const { host, port, secure } = smtpSettings(url);
  return `${secure ? 'smtps' : 'smtp'}://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Errors with no SMTP reply that a later try may not meet: the server could not be reached. */
const UNREACHABLE: Record<string, string> = {
  ECONNREFUSED: 'the mail server refused the connection',
  ECONNECTION: 'the connection to the mail server closed unexpectedly',
  ECONNRESET: 'the mail server closed the connection',
  ETIMEDOUT: 'the mail server did not answer in time',
  EDNS: 'the mail server’s name could not be resolved',
  ENOTFOUND: 'the mail server’s name could not be resolved',
  ESOCKET: 'the connection to the mail server failed',
  ETLS: 'the TLS handshake with the mail server failed',
  EPROTOCOL: 'the mail server answered something that is not SMTP',
  EHOSTUNREACH: 'the mail server’s host cannot be reached',
  ENETUNREACH: 'the mail server’s network cannot be reached',
  EAI_AGAIN: 'the mail server’s name could not be resolved for now',
};

interface SmtpFailure {
  code?: string;
  responseCode?: number;
  response?: string;
  command?: string;
  message?: string;
}

/**
 * A nodemailer error as the mail job reads it. A 5xx reply refuses this mail for good (550 mailbox
 * unknown, 552 too big, 554 rejected), except 503, a command out of order, which a new connection
 * clears. A 4xx reply, a server that cannot be reached, and a refused login (our configuration,
 * not the mail: it goes once the credentials are fixed) are temporary. The reason keeps the
 * server's words with any address in them blanked; never the URL.
 */
export function classifySmtpError(error: unknown): MailDeliveryError {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as SmtpFailure;
  const code = failure.code ?? '';
  if (code === 'EAUTH' || code === 'ENOAUTH') {
    const reply = failure.response ? `: ${withoutAddresses(failure.response)}` : '';
    return new MailDeliveryError(
      `The mail server refused the SMTP login (check SMTP_URL’s user and password)${reply}`,
      false,
    );
  }
  const replyCode = failure.responseCode;
  if (replyCode !== undefined && replyCode >= 400) {
    const permanent = replyCode >= 500 && replyCode !== 503;
    const reply = withoutAddresses(failure.response ?? String(replyCode)).slice(0, 300);
    const step = failure.command ? ` to ${failure.command.split(' ')[0]}` : '';
    return new MailDeliveryError(
      permanent
        ? `The mail server refused the mail for good${step}: ${reply}`
        : `The mail server refused the mail for now${step}: ${reply}`,
      permanent,
    );
  }
  // Nodemailer reports a refused connection as ESOCKET; the system's code is in its message.
  const systemCode = /\b(E[A-Z_]{4,})\b/.exec(failure.message ?? '')?.[1];
  const known = [systemCode, code].find((candidate) => candidate && UNREACHABLE[candidate]);
  if (known) return new MailDeliveryError(`Not sent: ${UNREACHABLE[known]} (${known})`, false);
  // A mail nodemailer cannot even write (EENVELOPE without a reply: no valid recipient;
  // EMESSAGE) fails again every time.
  if (code === 'EENVELOPE' || code === 'EMESSAGE')
    return new MailDeliveryError(`The mail could not be sent as it is (${code})`, true);
  return new MailDeliveryError(
    `Not sent: the mail server could not be used (${code || 'error'})`,
    false,
  );
}

export function smtpTransport({ url, from }: { url: string; from: MailAddress }): MailTransport {
  const settings = smtpSettings(url);
  const transporter = createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(settings.auth ? { auth: settings.auth } : {}),
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: CONNECTION_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    // A mail is our own text: nothing in it may make nodemailer read a file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
  });
  const sender = formatMailAddress(from);
  return {
    name: 'smtp',
    async deliver(mail) {
      const messageId = messageIdFor(mail.id, from);
      try {
        const info = await transporter.sendMail({
          from: sender,
          to: mail.to,
          subject: mail.subject.replace(/[\r\n]+/g, ' '),
          text: mail.text,
          ...(mail.html === null ? {} : { html: mail.html }),
          messageId,
          date: new Date(mail.createdAt),
          // No vacation replies or bounces-to-autoresponders for a mail a machine sent.
          headers: { 'Auto-Submitted': 'auto-generated' },
        });
        return { messageId, serverReply: info.response ? withoutAddresses(info.response) : null };
      } catch (error) {
        throw classifySmtpError(error);
      }
    },
  };
}
