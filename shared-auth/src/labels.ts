// The words a person reads for each value the API answers with (DOMAIN.md): one place, so a page,
// a log line and a notification say "Lenient", "Vrbo" or "Guest portal report" alike, and never
// `balanced`, `vrbo` or `guest-portal`. `labels.test.ts` checks that every enum of the API
// contract a person can see has its words here.
import { readableMessage } from './apiErrors';
import type { HistoryAction } from './deliveryConsole';
import { PMS_NAMES, RISK_COLOUR_INFO, VERIFICATION_STATUSES } from './domain';
import type { ApiError } from './types';

const verification = Object.fromEntries(
  Object.entries(VERIFICATION_STATUSES).map(([value, info]) => [value, info.label]),
);
const riskColour = Object.fromEntries(
  Object.entries(RISK_COLOUR_INFO).map(([value, info]) => [value, info.label]),
);

export const LABELS = {
  /** Who a user is to Hostdash (`User.type`). */
  userType: { user: 'Host', admin: 'Hostdash staff', channel: 'Channel partner' },
  /** What a user is in their account (`User.subtype`). */
  userSubtype: {
    owner: 'Owner',
    manager: 'Manager',
    vendor: 'Building staff',
    admin: 'Account admin',
  },
  /** What an admin did to a user (`AuditEntry.action` of the user panel). */
  auditAction: {
    'user.activate': 'Activated',
    'user.deactivate': 'Deactivated',
    'user.send_password_reset': 'Password reset mail sent',
    'user.disable_second_step': 'Second step turned off',
    'user.set_subtype': 'Role changed',
    'team.invite_sent': 'Invited',
    'team.invite_cancelled': 'Invite withdrawn',
    'team.invite_accepted': 'Joined from an invite',
    'team.set_buildings': 'Buildings changed',
    'team.activate': 'Reactivated by the owner',
    'team.deactivate': 'Deactivated by the owner',
    'flag.changed': 'Feature flag changed',
    'user.update_profile': 'Profile changed',
    'user.change_password': 'Password changed',
    'account.signed_up': 'Signed up',
    'user.first_admin': 'Made the first admin (server settings)',
    'signup_link.created': 'Sign-up link made',
    'integration.connected': 'System connected',
    'integration.disconnected': 'System disconnected',
    'guestportal.screen_switched': 'Guest portal screen switched',
    'guestportal.screens_reordered': 'Guest portal screens reordered',
    'guestportal.screen_edited': 'Guest portal screen edited',
    'guestportal.screen_translated': 'Guest portal screen translated',
    'guestportal.screen_translation_removed': 'Guest portal screen translation removed',
    'job.retry': 'Background job retried',
    'job.discard': 'Background job discarded',
    'job.schedule_run': 'Schedule run now',
    'account.opened_by_staff': 'Account opened by Hostdash staff',
  },
  /** What the team page does to a teammate (`POST /user/accounts/update/{userId}/{action}`). */
  teamAction: {
    deactivate: 'Deactivate',
    activate: 'Reactivate',
    set_buildings: 'Change buildings',
  },
  listingStatus: { active: 'Active', inactive: 'Inactive', archived: 'Archived' },
  /** The languages of a guest's page and mails (a listing's `guest_language`), in the host's words. */
  guestLanguage: {
    en: 'English',
    es: 'Spanish',
    fr: 'French',
    de: 'German',
    pt: 'Portuguese',
    it: 'Italian',
  },
  reservationStatus: { CONFIRMED: 'Confirmed', CANCELLED: 'Cancelled', INQUIRY: 'Inquiry' },
  verification,
  riskColour,
  /** The owner's risk tolerance, as the protect page names its levels. */
  tolerance: { low: 'Strict', balanced: 'Balanced', high: 'Lenient' },
  cardCheck: { passed: 'Passed', failed: 'Failed', not_run: 'Not run' },
  bookingSource: { airbnb: 'Airbnb', 'booking.com': 'Booking.com', vrbo: 'Vrbo', direct: 'Direct' },
  imageKind: { id_front: 'ID front', id_back: 'ID back', selfie: 'Selfie', any: 'Any image' },
  reportType: { 'guest-portal': 'Guest portal report', screening: 'Screening report' },
  reportFormat: { pdf: 'PDF', csv: 'CSV' },
  reportStatus: { done: 'Ready', failed: 'Failed' },
  /** What happened, in a reservation's or an account's protect log. */
  protectEvent: {
    screened: 'Screened',
    risk_recalculated: 'Risk recalculated',
    verification_changed: 'Verification changed',
    image_rotated: 'Image rotated',
    report_generated: 'Report generated',
    report_failed: 'Report failed',
    reservation_created: 'Reservation created',
    reservation_updated: 'Reservation updated',
    tolerance_changed: 'Risk tolerance changed',
    message_released: 'Message released to the guest',
    screen_completed: 'Guest completed a step',
    portal_completed: 'Guest finished check-in',
  },
  /** What a guest message is (`StargateMessage.kind`). */
  messageKind: {
    check_in_instructions: 'Check-in instructions',
    door_code: 'Door code',
    wifi: 'Wi-Fi details',
    other: 'Other message',
  },
  /** Where a guest message is for one stay (`StargateDelivery.state`). */
  deliveryState: {
    held: 'Held until verified',
    released: 'Released',
    withdrawn: 'Withdrawn',
  },
  /** What was mailed to a stay's guest (`GuestMail.kind`, issue 31). */
  guestMailKind: {
    guest_invite: 'Check-in link',
    guest_reminder: 'Check-in reminder',
  },
  /** What became of a mail to a guest (`GuestMail.state`). */
  guestMailState: {
    queued: 'Sent',
    delivered: 'Delivered to the mail server',
    failed: 'Failed',
  },
  /** What a bulk send of check-in links did for one stay (`BulkInviteResult.results[].outcome`). */
  guestInviteOutcome: {
    sent: 'Sent',
    no_email: 'No email address',
    cancelled: 'Cancelled',
    ended: 'Already over',
    not_found: 'Not found',
  },
  /** Billing (issue 13): what a line of an invoice charges for. */
  invoiceLine: { active_listing: 'Active listings', screened_reservation: 'Screened stays' },
  invoiceStatus: { open: 'Due', paid: 'Paid', failed: 'Payment failed' },
  billingWarning: {
    card_expiring: 'Card expiring soon',
    card_expired: 'Card expired',
    last_charge_failed: 'Last payment failed',
    /** Every try of a month's charge failed; nothing is switched off (issue 32). */
    past_due: 'Past due',
  },
  /** Which payment provider takes the card: the built-in test mode, or Stripe. */
  paymentProvider: { test: 'Test mode', stripe: 'Stripe' },
  cardBrand: {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    discover: 'Discover',
    unknown: 'Card',
  },
  /** What a screening request checks (the protect webhook). */
  riskType: { screening: 'Screening', identity: 'Identity', payment: 'Payment' },
  pms: PMS_NAMES,
  /** How a property-management system lets Hostdash in (`PmsSystem.auth`). */
  pmsAuth: {
    api_key: 'API key',
    api_key_secret: 'API key and secret',
    client_credentials: 'API client ID and secret',
    oauth: 'Approve on the system’s page',
  },
  /** Where an import is (`ImportTask.step`). */
  importStep: {
    connecting: 'Connecting',
    listings: 'Listings',
    reservations: 'Reservations',
    screening: 'Screening',
  },
  /** How an import is going (`ImportTask.state`). */
  importState: {
    queued: 'Waiting to start',
    running: 'Importing',
    succeeded: 'Finished',
    failed: 'Stopped',
  },
  /** A connected system's state (`PmsConnectionSummary.status`). */
  connectionStatus: {
    pending: 'Not imported yet',
    connected: 'Connected',
    reconnect: 'Reconnect needed',
    failed: 'Import failed',
  },
  /** A screen of the guest portal (`GuestScreenSummary.name`). */
  guestScreen: {
    contact: 'Contact details',
    id_upload: 'ID photos',
    selfie: 'Selfie',
    address: 'Home address',
    house_rules: 'House rules',
    usage_agreement: 'Rental agreement',
    arrival_time: 'Arrival time',
    security_deposit: 'Security deposit',
  },
  /** What a guest portal screen asks for (`required_fields`, `allowed_fields`). */
  screenField: {
    email: 'Email',
    phone: 'Phone number',
    id_front: 'ID front',
    id_back: 'ID back',
    selfie: 'Selfie',
    street: 'Street',
    city: 'City',
    postal_code: 'Postal code',
    country: 'Country',
    accept: 'Accept checkbox',
    signature: 'Typed full name',
    arrival_time: 'Arrival time',
    arrival_note: 'Note about the arrival',
    card: 'Authorised deposit hold',
  },
  /** A screen switched on or off; `inherit` leaves it to the level above. */
  screenState: { on: 'On', off: 'Off', inherit: 'Inherit' },
  /**
   * Which setting decided a screen's state ("On — from this listing"). The account's own switch
   * and the screen's default are one thing to a host on a listing's page: what every guest gets
   * unless this listing or stay says otherwise.
   */
  screenSource: {
    reservation: 'From this reservation',
    listing: 'From this listing',
    account: 'Account default',
    default: 'Account default',
  },
  /** What a browser reported (telemetry, issue 17): the admin's front-end health names them. */
  telemetryEvent: {
    error: 'Uncaught error',
    rejection: 'Unhandled rejection',
    boundary_error: 'Error caught by the page',
    remote_load_failed: 'Remote did not load',
    contract_refused: 'Remote refused by its contract',
    api_failure: 'API call failed',
    api_refusal: 'API call refused, as the page expects',
    api_calls: 'API calls made',
    route_change: 'Page change',
    vital: 'Web Vital',
  },
  /** A switch in a remote's delivery history (the delivery console). */
  deliveryAction: {
    deploy: 'Deployed',
    rollback: 'Rolled back',
    promote: 'Promoted',
    canary: 'Canary started',
    advance: 'Rollout advanced',
    abort: 'Canary aborted',
    preview: 'Previewed',
  } satisfies Record<HistoryAction, string>,
  /**
   * What the sign-in and sign-up forms say where the words must be the same whoever the address
   * belongs to (issue 30): by the API's code (a 401 of `/login`), or the outcome (an open
   * sign-up's 202). The shell's sign-in page and the connect page say them alike.
   */
  authAnswer: {
    invalid_credentials:
      'The email or password is incorrect. If your account has been deactivated, ask your account owner or Hostdash support to reactivate it.',
    signup_requested:
      'We have sent a message to this address. Follow the link in it to go on: you can close this page.',
  },
  /** Where a background job is (`AdminJob.state`, /admin/jobs). */
  jobState: {
    queued: 'Waiting',
    running: 'Running',
    succeeded: 'Succeeded',
    failed: 'Failed',
    discarded: 'Discarded',
  },
  /** What became of a mail (`AdminMail.state`): handed to the mail server, or refused for good. */
  mailState: { queued: 'Not sent yet', delivered: 'Delivered', failed: 'Failed' },
  /** Which mail it is (`AdminMail.kind`: the template that made it). */
  mailKind: {
    password_reset: 'Password reset',
    team_invite: 'Team invite',
    signup_link: 'Sign-up link',
    signup_existing: 'Sign-up (existing account)',
    email_change: 'Email change',
    import_finished: 'Import finished',
    stay_alert: 'Stay alert',
    sync_failed: 'Sync failed',
    guest_invite: 'Guest check-in invite',
    guest_reminder: 'Guest check-in reminder',
    billing: 'Billing',
    notice: 'Notice',
  },
  /** The health analysis' verdict on a rollout's candidate (the API's `RolloutHealth.verdict`). */
  rolloutVerdict: {
    healthy: 'Healthy',
    unhealthy: 'Unhealthy',
    not_enough_data: 'Not enough data yet',
  },
} as const satisfies Record<string, Record<string, string>>;

export type LabelKind = keyof typeof LABELS;

/**
 * The words for `value` of `kind`. A value the dashboard does not know yet (a newer API) reads as
 * words too ("not_run" → "Not run"), never as the raw value.
 */
export function labelOf(kind: LabelKind, value: string): string {
  const known = (LABELS[kind] as Record<string, string>)[value];
  if (known !== undefined) return known;
  const words = value.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : value;
}

/**
 * What a sign-in form says for a refusal: the shared words where they must not tell one account
 * from another (LABELS.authAnswer), else the API's own sentence (readableMessage).
 */
export function signInRefusalOf(error: ApiError): string {
  return error.error === 'invalid_credentials'
    ? LABELS.authAnswer.invalid_credentials
    : readableMessage(error);
}

/**
 * A user's role in the middle of a sentence ("join as a manager", "invited as building staff"):
 * lower case, with its article unless it is a group of people (staff).
 */
export function roleInSentence(subtype: string): string {
  const role = labelOf('userSubtype', subtype).toLowerCase();
  if (/\bstaff$/.test(role)) return role;
  return `${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}`;
}

export const PRODUCT_NAME = 'Hostdash';

/** A browser tab's title: "Risks · Hostdash"; just "Hostdash" without a page title. */
export const documentTitleOf = (title: string | undefined): string =>
  title?.trim() ? `${title.trim()} · ${PRODUCT_NAME}` : PRODUCT_NAME;
