// The transport this API delivers mails with, from the configuration: the SMTP server of SMTP_URL,
// else the folder MAIL_DIR, else none (mails wait in the outbox for an API that has one).
import type { ApiConfig } from '../config';
import { fileTransport } from './fileTransport';
import { describeSmtp, smtpTransport } from './smtpTransport';
import { mailSender, type MailTransport } from './transport';

export interface ConfiguredTransport {
  transport: MailTransport | null;
  /** Where mails go, for the start-up log: never the SMTP credentials. */
  destination: string;
}

export function configuredMailTransport(
  config: Pick<ApiConfig, 'smtpUrl' | 'mailDir' | 'mailFrom'>,
): ConfiguredTransport {
  const from = mailSender(config);
  if (config.smtpUrl)
    return {
      transport: smtpTransport({ url: config.smtpUrl, from }),
      destination: `SMTP server ${describeSmtp(config.smtpUrl)} (SMTP_URL)`,
    };
  if (config.mailDir)
    return {
      transport: fileTransport(config.mailDir, from),
      destination: `files in ${config.mailDir} (MAIL_DIR)`,
    };
  return {
    transport: null,
    destination: 'nowhere: mails wait in mail_outbox (no SMTP_URL or MAIL_DIR)',
  };
}
