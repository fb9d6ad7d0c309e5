// The reservations and protect calls of spec section 7, typed.
import {
  api,
  type ListResponse,
  type RiskColour,
  type VerificationStatus,
} from '@hostdash/shared-auth';

export type ReservationStatus = 'CONFIRMED' | 'CANCELLED' | 'INQUIRY';
export const RESERVATION_STATUSES: readonly ReservationStatus[] = [
  'CONFIRMED',
  'CANCELLED',
  'INQUIRY',
];
export const RESERVATION_SOURCES = ['airbnb', 'booking.com', 'vrbo', 'direct'] as const;
export type ReservationSource = (typeof RESERVATION_SOURCES)[number];
export type RiskTolerance = 'low' | 'balanced' | 'high';
export type ImageKind = 'id_front' | 'id_back' | 'selfie';
export const IMAGE_KINDS: readonly ImageKind[] = ['id_front', 'id_back', 'selfie'];
export type ReportType = 'guest-portal' | 'screening';

export interface RiskFactor {
  code: string;
  label: string;
  points: number;
  detail?: string | null;
}

export interface Thresholds {
  yellow: number;
  orange: number;
  red: number;
}

export interface ReservationSummary {
  id: string;
  account_id: string;
  listing_id: string;
  listing_nickname: string;
  building: string | null;
  building_slug: string | null;
  guest_name: string;
  guest_email: string | null;
  guest_phone: string | null;
  guests: number;
  check_in_date: string;
  check_out_date: string;
  nights: number;
  status: ReservationStatus;
  source: string;
  verification_status: VerificationStatus;
  risk: { score: number; colour: RiskColour; top_factors: RiskFactor[] };
  version: number;
  created_at: string;
  _score?: number;
}

export interface ReservationImage {
  kind: ImageKind;
  rotation: number;
  width: number;
  height: number;
  updated_at: string;
}

export interface ReportTask {
  type: ReportType;
  status: 'done' | 'failed';
  generated_at: string | null;
  error: string | null;
  file_name?: string;
  content_type?: string;
  size?: number;
}

export interface Reservation extends Omit<ReservationSummary, 'risk'> {
  message: string | null;
  guest_city: string | null;
  guest_country: string | null;
  card_check: 'passed' | 'failed' | 'not_run';
  risk: {
    score: number;
    colour: RiskColour;
    factors: RiskFactor[];
    screened_at: string | null;
    tolerance: RiskTolerance;
    thresholds: Thresholds;
  };
  listing: {
    id: string;
    nickname: string;
    address: string;
    city: string;
    country: string;
    building: string | null;
    building_slug: string | null;
    timezone: string;
    check_in_time: string;
    check_out_time: string;
    bedrooms: number;
  };
  images: ReservationImage[];
  reports: ReportTask[];
}

export interface ProtectLogEntry {
  id: string;
  at: string;
  event: string;
  actor_name: string | null;
  supervised: boolean | null;
  note: string | null;
  details: Record<string, unknown> | null;
  reservation_id?: string | null;
  guest_name?: string | null;
  listing_nickname?: string | null;
}

export interface ReservationStats {
  total: number;
  by_status: Record<ReservationStatus, number>;
  by_colour: Record<RiskColour, number>;
  by_verification: Record<VerificationStatus, number>;
  arrivals_today: number;
  arrivals_next_7_days: number;
  needs_attention: number;
}

export interface ProtectSettings {
  risk_tolerance: RiskTolerance;
  levels: { level: RiskTolerance; label: string; meaning: string; thresholds: Thresholds }[];
}

export interface Analytics {
  months: {
    month: string;
    total: number;
    green: number;
    yellow: number;
    orange: number;
    red: number;
    verified: number;
    declined: number;
  }[];
  by_verification: { status: VerificationStatus; count: number }[];
  by_colour: { colour: RiskColour; count: number }[];
  by_source: { source: string; count: number }[];
  listings_by_status: { active: number; inactive: number; archived: number };
}

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

export interface ReservationInput {
  listing_id: string;
  guest_name: string;
  guest_email: string;
  guest_phone?: string;
  guest_city?: string;
  guest_country?: string;
  guests: number;
  check_in_date: string;
  check_out_date: string;
  source: ReservationSource;
  status?: ReservationStatus;
  message?: string;
}

export interface NormalisedAddress {
  formatted: string;
  components: {
    line1: string;
    line2: string | null;
    city: string | null;
    postal_code: string | null;
    country: string | null;
  };
  changed: boolean;
}

const list = (values: readonly string[]) => (values.length ? values.join(',') : undefined);

const enc = encodeURIComponent;

export const reservationsApi = {
  search: (query: ReservationQuery, signal?: AbortSignal) =>
    api.get<ListResponse<ReservationSummary>>('/reservation/search', {
      params: {
        from: query.from,
        size: query.size,
        sort: query.sort,
        search: query.search || undefined,
        status: query.status,
        // A search looks through every date; a list starts at the chosen day.
        startDate: query.search ? undefined : query.startDate,
        colour: list(query.colour),
        verification: list(query.verification),
      },
      signal,
    }),
  get: (id: string, signal?: AbortSignal) =>
    api.get<Reservation>(`/reservation/get/${enc(id)}`, { signal }),
  stats: (startDate: string, signal?: AbortSignal) =>
    api.get<ReservationStats>('/reservation/stats', { params: { startDate }, signal }),
  analytics: (months: number, signal?: AbortSignal) =>
    api.get<Analytics>('/reservation/analytics', { params: { months }, signal }),
  changeVerification: (id: string, status: VerificationStatus, note: string, supervised: boolean) =>
    api.post<Reservation>(`/reservation/changeVerification/${enc(id)}/`, {
      params: { supervised: supervised ? 1 : 0 },
      data: { status, ...(note.trim() ? { note: note.trim() } : {}) },
    }),
  protectLog: (id: string, from: number, size: number, signal?: AbortSignal) =>
    api.get<ListResponse<ProtectLogEntry>>(`/reservation/protectLog/${enc(id)}`, {
      params: { size, from },
      signal,
    }),
  accountLog: (from: number, size: number, signal?: AbortSignal) =>
    api.get<ListResponse<ProtectLogEntry>>('/protect/log', { params: { from, size }, signal }),
  rescreen: (id: string) =>
    api.post<{ reservation: Reservation }>('/protect/webhook', {
      data: { reservation: id, riskType: 'screening', source: 'dashboard' },
    }),
  protectSettings: (signal?: AbortSignal) =>
    api.get<ProtectSettings>('/protect/settings', { signal }),
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
  normaliseAddress: (address: string) =>
    api.post<NormalisedAddress>('/task/address', { data: { address } }),
  listingOptions: (search: string, signal?: AbortSignal) =>
    api.get<
      ListResponse<{
        id: string;
        nickname: string;
        address: string;
        city: string;
        building: string | null;
      }>
    >('/listing/load', {
      params: {
        search: search || undefined,
        size: 10,
        sort: search ? '_score:desc' : 'nickname:asc',
        status: 'active',
      },
      signal,
    }),
};
