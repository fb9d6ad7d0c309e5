// The one look of every mail (the templates in ./templates build on it): a heading, short
// paragraphs, at most one button, and a footer saying why the mail came — as HTML (inline styles:
// mail clients ignore style sheets) and as the plain-text part, from the same words.
import type { MailContent } from './outbox';

/** Escapes text for HTML (every value a template puts in the HTML part goes through it). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface MailLayout {
  subject: string;
  /** The first line ("Hello Ana,"). */
  greeting: string;
  paragraphs: readonly string[];
  /** The one thing to do, as a button (and its link written out in the text part). */
  action?: { label: string; url: string };
  /** Paragraphs after the button (what the link does, how long it holds). */
  after?: readonly string[];
  /** Why this mail came, in small print. */
  footer?: string;
  /** Who signs ("Hostdash", or the host's name on a guest's mail). */
  signature?: string;
  /** The mail's language (a guest's mail is in theirs), and its words under the button. */
  language?: string;
  linkFallback?: string;
}

const FONT = `font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif`;

/** The mail's HTML and text parts from one description. */
export function layoutMail(mail: MailLayout): MailContent {
  const signature = mail.signature ?? 'Hostdash';
  const text = [
    mail.greeting,
    '',
    ...mail.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(mail.action ? [`${mail.action.label}: ${mail.action.url}`, ''] : []),
    ...(mail.after ?? []).flatMap((paragraph) => [paragraph, '']),
    signature,
    ...(mail.footer ? ['', '--', mail.footer] : []),
  ].join('\n');
  const p = (paragraph: string) =>
    `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:1.5;color:#1f2937">${escapeHtml(paragraph)}</p>`;
  const button = mail.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(mail.action.url)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#1565c0;color:#ffffff;${FONT};font-size:16px;font-weight:600;text-decoration:none">${escapeHtml(mail.action.label)}</a></p>
<p style="margin:0 0 16px;${FONT};font-size:13px;color:#4b5563">${escapeHtml(mail.linkFallback ?? 'If the button does not work, open this link:')} <a href="${escapeHtml(mail.action.url)}" style="color:#1565c0">${escapeHtml(mail.action.url)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${escapeHtml(mail.language ?? 'en')}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6">
<div style="max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px">
${p(mail.greeting)}
${mail.paragraphs.map(p).join('\n')}
${button}
${(mail.after ?? []).map(p).join('\n')}
${p(signature)}
${mail.footer ? `<p style="margin:24px 0 0;${FONT};font-size:12px;color:#6b7280">${escapeHtml(mail.footer)}</p>` : ''}
</div>
</body></html>
`;
  return { subject: mail.subject, text, html };
}
