// What each report says, as a PDF (pdf-lib) or a CSV:
// - guest-portal: what the guest submitted: contact details, ID and selfie (the images embedded),
//   their answers on the portal screen by screen,
//   arrival details and the stay;
// - screening: the score, colour, every factor, the tolerance and thresholds, and the protect log.
import type { PortalAnswer } from '../guest/guestPortal';
import type { StoredImage } from '../images/identityImages';
import type { LogItem } from '../protect/protectLog';
import type { RiskColour } from '../protect/risk';
import type { ReservationDetail } from '../reservations/reservationQueries';
import { COLOURS, PdfLayout } from './pdfLayout';

export const REPORT_TYPES = ['guest-portal', 'screening'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_FORMATS = ['pdf', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The newest log entries the screening PDF shows (it stays within two pages); the CSV has all. */
export const PDF_LOG_ENTRIES = 25;

export const CONTENT_TYPES: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
};

/** The reservation has nothing of this kind yet (a 422, and the failure is stored). */
export class NothingToReport extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NothingToReport';
  }
}

export interface ReportInput {
  reservation: ReservationDetail;
  images: StoredImage[];
  /** The guest's answers on the portal (the guest-portal report; null for the others). */
  portal: { answers: PortalAnswer[]; completedAt: string | null } | null;
  log: LogItem[];
  /** How many log entries there are in all (the report holds the newest). */
  logTotal: number;
  generatedAt: Date;
}

const KIND_LABELS: Record<string, string> = {
  id_front: 'ID front',
  id_back: 'ID back',
  selfie: 'Selfie',
};
/** A portal field as the host reads it in the report. */
const FIELD_LABELS: Record<string, string> = {
  email: 'Email',
  phone: 'Phone',
  street: 'Street',
  city: 'City',
  postal_code: 'Postal code',
  country: 'Country',
  accept: 'Accepted',
  signature: 'Signed as',
  arrival_time: 'Arrives at',
  arrival_note: 'Note',
  card: 'Deposit hold on the booking card',
};

const answerText = (value: string | boolean): string =>
  value === true ? 'Yes' : value === false ? 'No' : value;

const VERIFICATION_LABELS: Record<string, string> = {
  pending: 'Pending: not started',
  incomplete: 'Incomplete: started, not finished',
  review: 'In review: needs a person to look',
  verified: 'Verified',
  declined: 'Declined',
};
const TOLERANCE_LABELS: Record<string, string> = {
  low: 'Strict (low)',
  balanced: 'Balanced',
  high: 'Lenient (high)',
};

export function reportFileName(type: ReportType, id: string, format: ReportFormat): string {
  return `${type}-reservation-${id}.${format}`;
}

/** Refuses a report that would be empty. */
export function assertReportable(type: ReportType, input: ReportInput): void {
  const { reservation, images } = input;
  if (type === 'guest-portal' && reservation.verification_status === 'pending' && !images.length)
    throw new NothingToReport(
      'The guest has not started the guest portal yet: there is nothing to report. Try again once they have.',
    );
  if (type === 'screening' && reservation.risk.screened_at === null)
    throw new NothingToReport('This reservation has not been screened yet.');
}

const stay = (reservation: ReservationDetail): string =>
  `${reservation.check_in_date} to ${reservation.check_out_date} (${reservation.nights} night${reservation.nights === 1 ? '' : 's'}), ${reservation.guests} guest${reservation.guests === 1 ? '' : 's'}`;

const place = (reservation: ReservationDetail): string =>
  [reservation.guest_city, reservation.guest_country].filter(Boolean).join(', ');

const dateTime = (iso: string | null): string =>
  iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '-';

function detailsText(details: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(details)) {
    if (value === null || value === undefined || key === 'trigger') continue;
    if (typeof value === 'object' && !Array.isArray(value)) {
      const inner = value as Record<string, unknown>;
      parts.push(`${key}: ${String(inner.score ?? '')} ${String(inner.colour ?? '')}`.trim());
    } else if (Array.isArray(value)) {
      if (value.length) parts.push(`${key}: ${value.map(String).join(', ')}`);
    } else parts.push(`${key}: ${String(value)}`);
  }
  return parts.join('; ');
}

// ---- guest-portal ----

async function guestPortalPdf(input: ReportInput): Promise<Buffer> {
  const { reservation, images } = input;
  const pdf = await PdfLayout.create(`Guest portal report, reservation ${reservation.id}`);
  pdf.title(
    'Guest portal report',
    `Reservation ${reservation.id} · ${reservation.listing.nickname} · generated ${dateTime(input.generatedAt.toISOString())}`,
  );

  pdf.heading('The stay');
  pdf.field('Listing', reservation.listing.nickname);
  pdf.field(
    'Address',
    [reservation.listing.address, reservation.listing.city, reservation.listing.country].join(', '),
  );
  pdf.field('Dates', stay(reservation));
  pdf.field('Status', `${reservation.status} · booked via ${reservation.source}`);

  pdf.heading('Contact details');
  pdf.field('Guest', reservation.guest_name);
  pdf.field('Email', reservation.guest_email);
  pdf.field('Phone', reservation.guest_phone);
  pdf.field('Lives in', place(reservation));

  pdf.heading('Identity');
  pdf.field(
    'Verification',
    VERIFICATION_LABELS[reservation.verification_status] ?? reservation.verification_status,
  );
  for (const kind of ['id_front', 'id_back', 'selfie']) {
    const image = images.find((candidate) => candidate.kind === kind);
    pdf.field(
      KIND_LABELS[kind] ?? kind,
      image
        ? `Submitted (${image.width} x ${image.height}${image.rotation ? `, rotated ${image.rotation} degrees by the host` : ''})`
        : 'Not submitted',
    );
  }
  const embedded = await Promise.all(
    images.map(async (image) => ({
      // A copy of their own: pdf-lib reads a view's whole underlying buffer from its start (a
      // storage's bytes may be a view into a larger one, e.g. past a folder file's header line).
      image:
        image.content_type === 'image/png'
          ? await pdf.doc.embedPng(Uint8Array.from(image.bytes))
          : await pdf.doc.embedJpg(Uint8Array.from(image.bytes)),
      // The demo's sample images carry their own SAMPLE mark; a guest's upload is theirs.
      caption: KIND_LABELS[image.kind] ?? image.kind,
    })),
  );
  pdf.space(8);
  pdf.images(embedded);

  pdf.heading('On the guest portal');
  const portal = input.portal;
  pdf.field(
    'Check-in',
    portal?.completedAt
      ? `Finished ${dateTime(portal.completedAt)}`
      : portal?.answers.length
        ? 'Started, not finished'
        : 'Not started',
  );
  for (const answer of portal?.answers ?? []) {
    const words = Object.entries(answer.values)
      .map(([field, value]) => `${FIELD_LABELS[field] ?? field}: ${answerText(value)}`)
      .join(' · ');
    pdf.field(answer.title, `${words || 'Done'} (${dateTime(answer.completed_at)})`);
  }

  pdf.heading('Arrival');
  pdf.field(
    'Check-in',
    `${reservation.check_in_date} from ${reservation.listing.check_in_time} (${reservation.listing.timezone})`,
  );
  pdf.field('Check-out', `${reservation.check_out_date} by ${reservation.listing.check_out_time}`);
  pdf.field('Card check', reservation.card_check.replace('_', ' '));
  pdf.field('Message to the host', reservation.message);

  return pdf.finish(`Hostdash · guest portal · reservation ${reservation.id}`);
}

function guestPortalRows(input: ReportInput): string[][] {
  const { reservation, images } = input;
  const rows: string[][] = [
    ['stay', 'reservation_id', reservation.id, ''],
    ['stay', 'listing', reservation.listing.nickname, reservation.listing.address],
    ['stay', 'check_in_date', reservation.check_in_date, reservation.listing.check_in_time],
    ['stay', 'check_out_date', reservation.check_out_date, reservation.listing.check_out_time],
    ['stay', 'nights', String(reservation.nights), ''],
    ['stay', 'guests', String(reservation.guests), ''],
    ['stay', 'status', reservation.status, reservation.source],
    ['contact', 'guest_name', reservation.guest_name, ''],
    ['contact', 'guest_email', reservation.guest_email ?? '', ''],
    ['contact', 'guest_phone', reservation.guest_phone ?? '', ''],
    ['contact', 'guest_city', reservation.guest_city ?? '', ''],
    ['contact', 'guest_country', reservation.guest_country ?? '', ''],
    ['identity', 'verification_status', reservation.verification_status, ''],
  ];
  for (const kind of ['id_front', 'id_back', 'selfie']) {
    const image = images.find((candidate) => candidate.kind === kind);
    rows.push([
      'identity',
      kind,
      image ? 'submitted' : 'not submitted',
      image ? `${image.width}x${image.height}, rotation ${image.rotation}` : '',
    ]);
  }
  rows.push(['portal', 'completed_at', input.portal?.completedAt ?? '', '']);
  for (const answer of input.portal?.answers ?? []) {
    const fields = Object.entries(answer.values);
    if (fields.length === 0) rows.push(['portal', answer.screen, 'done', answer.completed_at]);
    for (const [field, value] of fields)
      rows.push(['portal', `${answer.screen}.${field}`, answerText(value), answer.completed_at]);
  }
  rows.push(['arrival', 'card_check', reservation.card_check, '']);
  rows.push(['arrival', 'message', reservation.message ?? '', '']);
  return rows;
}

// ---- screening ----

const COLOUR_RGB: Record<RiskColour, (typeof COLOURS)[keyof typeof COLOURS]> = {
  green: COLOURS.green,
  yellow: COLOURS.yellow,
  orange: COLOURS.orange,
  red: COLOURS.red,
};

async function screeningPdf(input: ReportInput): Promise<Buffer> {
  const { reservation, log, logTotal } = input;
  const { risk } = reservation;
  const pdf = await PdfLayout.create(`Screening report, reservation ${reservation.id}`);
  pdf.title(
    'Screening report',
    `Reservation ${reservation.id} · ${reservation.guest_name} · ${reservation.listing.nickname} · generated ${dateTime(input.generatedAt.toISOString())}`,
  );

  pdf.heading('Risk');
  pdf.badge(`${risk.colour.toUpperCase()} · score ${risk.score} / 100`, COLOUR_RGB[risk.colour]);
  pdf.space(4);
  pdf.field('Tolerance', TOLERANCE_LABELS[risk.tolerance] ?? risk.tolerance);
  pdf.field(
    'Thresholds',
    `green below ${risk.thresholds.yellow} · yellow from ${risk.thresholds.yellow} · orange from ${risk.thresholds.orange} · red from ${risk.thresholds.red}`,
  );
  pdf.field('Screened', dateTime(risk.screened_at));
  pdf.field('Stay', stay(reservation));
  pdf.field('Verification', reservation.verification_status);

  pdf.heading('Factors');
  if (risk.factors.length === 0) pdf.text('No risk factor applies to this reservation.');
  else
    pdf.table(
      ['Points', 'Factor', 'Why'],
      [0.1, 0.3, 0.6],
      risk.factors.map((factor) => [`+${factor.points}`, factor.label, factor.detail]),
    );

  pdf.heading('Protect log');
  const shown = log.slice(0, PDF_LOG_ENTRIES);
  if (shown.length === 0) pdf.text('Nothing recorded yet.');
  else
    pdf.table(
      ['When', 'Event', 'By', 'Details'],
      [0.2, 0.2, 0.18, 0.42],
      shown.map((entry) => [
        dateTime(entry.at),
        entry.event.replace(/_/g, ' '),
        `${entry.actor_name}${entry.supervised ? ' (by hand)' : ''}`,
        [entry.note, detailsText(entry.details)].filter(Boolean).join(' · '),
      ]),
    );
  if (logTotal > shown.length)
    pdf.text(
      `… and ${logTotal - shown.length} older entries (the CSV export lists the newest ${log.length}).`,
      { color: COLOURS.muted },
    );

  return pdf.finish(`Hostdash · screening · reservation ${reservation.id}`);
}

function screeningRows(input: ReportInput): string[][] {
  const { reservation, log } = input;
  const { risk } = reservation;
  const rows: string[][] = [
    ['summary', 'score', String(risk.score), ''],
    ['summary', 'colour', risk.colour, ''],
    ['summary', 'tolerance', risk.tolerance, ''],
    [
      'summary',
      'thresholds',
      `${risk.thresholds.yellow}/${risk.thresholds.orange}/${risk.thresholds.red}`,
      'yellow/orange/red',
    ],
    ['summary', 'screened_at', risk.screened_at ?? '', ''],
    ['summary', 'verification_status', reservation.verification_status, ''],
  ];
  for (const factor of risk.factors)
    rows.push(['factor', factor.code, String(factor.points), `${factor.label}: ${factor.detail}`]);
  for (const entry of log)
    rows.push([
      'log',
      entry.event,
      entry.at,
      [entry.actor_name, entry.note, detailsText(entry.details)].filter(Boolean).join(' · '),
    ]);
  return rows;
}

// ---- CSV ----

/** RFC 4180 quoting; a cell a spreadsheet would run as a formula is prefixed with `'`. */
export function csvCell(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

function toCsv(rows: string[][]): Buffer {
  const lines = [['section', 'field', 'value', 'detail'], ...rows].map((row) =>
    row.map(csvCell).join(','),
  );
  // A BOM so that spreadsheet apps read the accents as UTF-8.
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export async function renderReport(
  type: ReportType,
  format: ReportFormat,
  input: ReportInput,
): Promise<Buffer> {
  assertReportable(type, input);
  if (type === 'guest-portal')
    return format === 'pdf' ? guestPortalPdf(input) : toCsv(guestPortalRows(input));
  return format === 'pdf' ? screeningPdf(input) : toCsv(screeningRows(input));
}
