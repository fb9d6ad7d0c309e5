// The reservations and protect calls of spec section 7, typed with the API contract
// (@hostdash/api-contract, generated from the API's schemas): no answer is declared here.
import type {
  AccountLogPage,
  Analytics,
  Body,
  BulkInviteResult,
  CalendarMonth,
  GuestMail,
  GuestMailLog,
  ListingPage,
  NormalisedAddress,
  ProtectLogPage,
  ProtectSettings,
  ReportTask,
  Rescreened,
  Reservation,
  ReservationImage,
  ReservationPage,
  ReservationStats,
  ReservationSummary,
  RiskFactor,
  Thresholds,
  TolerancePreview,
} from '@hostdash/api-contract';
import { api, type RiskColour, type VerificationStatus } from '@hostdash/shared-auth';

export type {
  Analytics,
  BulkInviteResult,
  CalendarMonth,
  GuestMail,
  GuestMailLog,
  NormalisedAddress,
  ProtectSettings,
  ReportTask,
  Reservation,
  ReservationImage,
  ReservationStats,
  ReservationSummary,
  RiskFactor,
  Thresholds,
  TolerancePreview,
};

export type ReservationStatus = Reservation['status'];
export const RESERVATION_STATUSES: readonly ReservationStatus[] = [
  'CONFIRMED',
  'CANCELLED',
  'INQUIRY',
];
export type ReservationSource = Reservation['source'];
export const RESERVATION_SOURCES: readonly ReservationSource[] = [
  'airbnb',
  'booking.com',
  'vrbo',
  'direct',
];
export type RiskTolerance = ProtectSettings['risk_tolerance'];
export type ImageKind = ReservationImage['kind'];
export const IMAGE_KINDS: readonly ImageKind[] = ['id_front', 'id_back', 'selfie'];
export type ReportType = ReportTask['type'];

/** An entry of a reservation's log, or of the account's (which names the stay it is about). */
export type ProtectLogEntry = ProtectLogPage['items'][number] | AccountLogPage['items'][number];

export interface ReservationQuery {
  from: number;
  size: number;
  sort: string;
  search: string;
  /** `all` or a comma list; the API's default is CONFIRMED. */
  status: string;
  /** YYYY-MM-DD; arrivals from this day on. */
  startDate: string;
  colour: RiskColour[];
  verification: VerificationStatus[];
}

/** What a list selects, apart from its order and page: the stat cards count the same stays. */
export type ReservationFilter = Pick<
  ReservationQuery,
  'search' | 'status' | 'startDate' | 'colour' | 'verification'
>;

/** The list's filters, as /reservation/search and /reservation/stats both take them. */
export const filterOf = ({
  search,
  status,
  startDate,
  colour,
  verification,
}: ReservationFilter): ReservationFilter => ({ search, status, startDate, colour, verification });

const FILTER_KEYS = ['search', 'status', 'startDate', 'colour', 'verification'] as const;

/** Whether a change to a list's query changes which stays it holds (not just their order or page). */
export const changesFilter = (changes: Partial<ReservationQuery>): boolean =>
  FILTER_KEYS.some((key) => changes[key] !== undefined);

/** What the form sends: the create call's body. */
export type ReservationInput = Body<'/reservation/create', 'post'>;

const list = (values: readonly string[]) => (values.length ? values.join(',') : undefined);

const enc = encodeURIComponent;

const filterParams = (filter: ReservationFilter) => ({
  search: filter.search || undefined,
  status: filter.status,
  // A search looks through every date; a list starts at the chosen day.
  startDate: filter.search ? undefined : filter.startDate,
  colour: list(filter.colour),
  verification: list(filter.verification),
});

export const reservationsApi = {
  search: (query: ReservationQuery, signal?: AbortSignal) =>
    api.get<ReservationPage>('/reservation/search', {
      params: {
        from: query.from,
        size: query.size,
        sort: query.sort,
        ...filterParams(query),
      },
      signal,
    }),
  get: (id: string, signal?: AbortSignal) =>
    api.get<Reservation>(`/reservation/get/${enc(id)}`, { signal }),
  /** The counts over the stays a list's filters select. */
  stats: (filter: ReservationFilter, signal?: AbortSignal) =>
    api.get<ReservationStats>('/reservation/stats', { params: filterParams(filter), signal }),
  analytics: (months: number, signal?: AbortSignal) =>
    api.get<Analytics>('/reservation/analytics', { params: { months }, signal }),
  calendar: (month: string, signal?: AbortSignal) =>
    api.get<CalendarMonth>('/reservation/calendar', { params: { month }, signal }),
  changeVerification: (id: string, status: VerificationStatus, note: string, supervised: boolean) =>
    api.post<Reservation>(`/reservation/changeVerification/${enc(id)}/`, {
      params: { supervised: supervised ? 1 : 0 },
      data: { status, ...(note.trim() ? { note: note.trim() } : {}) },
    }),
  protectLog: (id: string, from: number, size: number, signal?: AbortSignal) =>
    api.get<ProtectLogPage>(`/reservation/protectLog/${enc(id)}`, {
      params: { size, from },
      signal,
    }),
  accountLog: (from: number, size: number, signal?: AbortSignal) =>
    api.get<AccountLogPage>('/protect/log', { params: { from, size }, signal }),
  rescreen: (id: string) =>
    api.post<Rescreened>('/protect/webhook', {
      data: { reservation: id, riskType: 'screening', source: 'dashboard' },
    }),
  protectSettings: (signal?: AbortSignal) =>
    api.get<ProtectSettings>('/protect/settings', { signal }),
  tolerancePreview: (risk: RiskTolerance, signal?: AbortSignal) =>
    api.get<TolerancePreview>('/protect/tolerancePreview', { params: { risk }, signal }),
  setRiskTolerance: (risk: RiskTolerance) =>
    api.post<ProtectSettings>('/protect/actions/setRiskTolerance', { params: { risk } }),
  rotateImage: (id: string, image: ImageKind) =>
    api.get<ReservationImage>(`/reservation/rotateImage/${enc(id)}/`, {
      params: { image, sync: 1 },
    }),
  imageUrl: (id: string, image: ImageKind, version: string) =>
    `/api/reservation/image/${enc(id)}?image=${image}&v=${enc(version)}`,
  generateReport: (type: ReportType, id: string, refresh: boolean) =>
    api.get<ReportTask>(`/user/reports/generate/${enc(type)}/${enc(id)}`, {
      params: { refresh: refresh ? 1 : undefined },
    }),
  downloadReport: (type: string, id: string, format: 'pdf' | 'csv') =>
    api.get<Blob>(`/user/reports/generate/${enc(type)}/${enc(id)}`, {
      params: { download: 1, format },
      responseType: 'blob',
    }),
  create: (input: ReservationInput) =>
    api.post<Reservation>('/reservation/create', { data: input }),
  update: (id: string, version: number, input: Partial<ReservationInput>) =>
    api.post<Reservation>(`/reservation/update/${enc(id)}`, { data: { version, ...input } }),
  /** What was mailed to the stay's guest, and whether the check-in link can be sent. */
  guestMails: (id: string, signal?: AbortSignal) =>
    api.get<GuestMailLog>(`/reservation/guestMails/${enc(id)}`, { signal }),
  /** Mails the check-in link to the stay's guest now (send, or send again). */
  sendGuestInvite: (id: string) => api.post<GuestMailLog>(`/reservation/guestInvite/${enc(id)}`),
  /** Mails the check-in link to the guests of several stays now. */
  sendGuestInvites: (ids: string[]) =>
    api.post<BulkInviteResult>('/reservation/guestInvites', { data: { ids } }),
  normaliseAddress: (address: string) =>
    api.post<NormalisedAddress>('/task/address', { data: { address } }),
  listingOptions: (search: string, signal?: AbortSignal) =>
    api.get<ListingPage>('/listing/load', {
      params: {
        search: search || undefined,
        size: 10,
        sort: search ? '_score:desc' : 'nickname:asc',
        status: 'active',
      },
      signal,
    }),
};

/** The file name the server gave (Content-Disposition is not readable through axios' blob here). */
export function reportFileName(type: string, id: string, format: 'pdf' | 'csv'): string {
  return `hostdash-${type}-report-${id}.${format}`;
}

/** Hands a downloaded file to the browser as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A report downloaded and handed to the browser as a file. */
export async function downloadReportFile({
  type,
  id,
  format,
}: {
  type: string;
  id: string;
  format: 'pdf' | 'csv';
}): Promise<{ fileName: string }> {
  const blob = await reservationsApi.downloadReport(type, id, format);
  const fileName = reportFileName(type, id, format);
  saveFile(blob, fileName);
  return { fileName };
}
