// The version of the contract between the shell and its remotes. A remote declares the range it
// was built for (`hostdash.contract` in its package.json, written into its mf-manifest.json at
// build); the shell refuses to mount a remote whose range does not include this version
// (docs/adr/0005-versioned-remotes-registry-and-canary.md).
//
// The contract is: what `./feature` exports and what the shell passes it (federation.ts), the
// shell's store and slices a remote relies on (auth, snackbar), and the shared singletons' major
// versions (build/webpack.federation.cjs). Bump the minor for an addition a remote may start to
// rely on, the major for a change that breaks remotes built before it.
//
// 1.1.0 added what the remotes' lists and forms now call: isStaleWrite, leadingSortKey and
// toggledSort (and nextPath, for the shell itself).
// 1.2.0: the shell provides the page's one federation runtime (`_FEDERATION_RUNTIME_CORE`), and
// a remote's production entry uses it instead of carrying its own (docs/adr/0007-…). A remote
// built since needs a shell on 1.2.0 or later; one built before still runs on it. The shared
// `react-router` is the API build/shared/react-router.js lists (a remote's build checks it).
// Still 1.2.0: the sign-in pages call the sign-in, second-step and password-reset endpoints
// themselves (authApi), so the auth slice lost those steps' actions and state, which only the
// shell's own pages used; what a remote relies on (the user, notifications, loadAuth, logout, the
// snackbar) is unchanged.
// 1.3.0 added what the remotes' pages now read and do through the shell (issue 12): the words for
// every value a person reads (labelOf, LABELS), dates and times in one form (formatDate,
// formatDateTime, formatTimeOfDay), a snackbar action that dispatches (Undo), endsSession and
// LOGOUT_PATH. A remote that uses them declares ^1.3.0.
// 1.4.0: the history gate (installHistoryGate, gateHistory, historyIndex), through which a form
// with unsaved changes hears Back and Forward before the shell's router; documentTitleOf and
// PRODUCT_NAME, which name the browser tab on the shell's pages and the remotes' alike; readableMessage;
// the words for billing's values (invoiceLine, invoiceStatus, billingWarning, paymentProvider,
// cardBrand).
// 1.5.0: the outage banner's flag and how its value reads (OUTAGE_BANNER_FLAG, parseOutageNotice,
// outageNoticeValue), which the admin area's flags page edits and previews as the banner shows it.
// 1.6.0: the admin area's pages (the delivery console's route /admin/remotes, the team invite's
// /accept-invite/:token) and what they read through the shell: the delivery console's types and
// constants (DELIVERY_CONSOLE_PREFIX, DELIVERY_CONSOLE_ACTIONS) and the words for its history
// (LABELS.deliveryAction), and a role inside a sentence (roleInSentence: "a manager", "building
// staff"); the invite calls (authApi.lookupInvite, acceptInvite, InviteLookup) for the shell's
// own page.
// 1.7.0: the `form` slice in the shell's store (spec section 3: formSlice, formActions,
// selectFormDraft, withoutSecrets), where a form keeps its draft for the session (shared-ui's
// useFormDraft). The reservations remote's form uses it. Still 1.7.0: authApi.lookupInvite answers
// a LinkLookup (a team invite or a sign-up link, told apart by `kind`); types only.
// 1.8.0: the words for onboarding's values (LABELS.pmsAuth, importStep, importState,
// connectionStatus, and the new audit actions); the onboarding remote reads them.
// 1.9.0: widgets (docs/adr/0017-widgets.md): the shell passes `FeatureProps.Widget`, a host that
// mounts another remote's exposed widget inside a page (WidgetProps, WidgetModule, WidgetRequest,
// WidgetHost); shared-ui's WidgetHostProvider and WidgetSlot place it.
// 1.10.0: the words for the guest portal's screens (LABELS.guestScreen, screenField, screenState,
// screenSource, and its audit actions); the guest-portal remote and its widget read them.
// 1.11.0: the words for Stargate's values (LABELS.messageKind, deliveryState).
// 1.12: guest-portal progress words (LABELS.protectEvent's screen_completed and portal_completed,
// what the guest does through their portal link).
// 1.13.0: the guest portal module: the shell's guest page (/guest/<token>, docs/adr/0018-guest-
// page.md) mounts the guest-portal remote's `./guestPortal` (GuestPortalModule, GuestPortalProps,
// GUEST_PORTAL_EXPOSE) with the guest link's token; the API client reports a body's upload
// progress (RequestOptions.onUploadProgress), for the guest's photos.
// 1.14.0: the API client tells `onFailure` of each failed call (ApiFailure), for the shell's
// telemetry (issue 17).
// 1.15.0: the API client sends a W3C `traceparent` (a new sampled trace per call: newTraceparent,
// TRACEPARENT) on every call, which the shell's proxy and the API continue (issue 17's tracing).
// 1.16.0: the words for what a browser reports (LABELS.telemetryEvent: "Uncaught error", "Remote
// did not load" …), which the admin's front-end health on /admin/kibana reads.
// 1.17.0: rollouts in the delivery console (issue 17, docs/adr/0020): RolloutStrategy,
// RolloutHealth, RolloutProgress, the canary's `rollout` and `health`, history entries' `percent`
// and `reason` and the `advance` action, promote's `force`; LABELS.rolloutVerdict.
// 1.18.0: the API client tells `onCall` of every call that ended (the shell's telemetry counts the
// calls a remote's pages make, so the rollout health rates failures per call);
// LABELS.telemetryEvent.api_calls.
// 1.19.0: LABELS.auditAction['user.first_admin'], the admin a server makes from ADMIN_EMAIL.
// 1.20.0: issue 31's words: the background work's page (/admin/jobs): LABELS.jobState,
// mailState, mailKind, and the audit actions job.retry and job.discard; the guests' mails:
// LABELS.guestMailKind, guestMailState, guestInviteOutcome (the reservation page and bulk send).
// 1.21.0: issue 32's words and months: LABELS.billingWarning.past_due, the audit action
// job.schedule_run, and formatMonth ("October 2026" for an invoice's `2026-10`), which the shell's
// billing banner, the billing page and the admin area's user panel read alike. The shell refreshes
// its user when a remote asks (authActions.loadAuth, unchanged): the billing remote does after a
// saved card, so the banner goes once the failed months are paid.
// 1.22.0: issue 33's one product. The staff area and the account staff open (STAFF_HOME_PATH,
// isHostPage, inStaffArea, navigationFor, entryPath, NavEntry, RouteDef.beforeCard and .personal,
// authActions.viewAccount, User.viewing: docs/adr/0031); places and rooms in words (countryName,
// placeName, countryOptions, bedroomsOf, bedroomsInWords); the theme's contrast, focus ring and
// one field density (docs/adr/0034), which a remote gets from the shell's ThemeProvider.
// 1.23.0: issue 34's light guest page (docs/adr/0035-guest-page-weight.md). The guest page mounts
// the portal without single-spa (GuestPortalMountProps: the props single-spa gave it, by the same
// names) and passes its own GET /guest/portal, started at once (GuestPortalProps.firstPortal). Its
// share table holds only react, react-dom, emotion and the MUI components the portal uses; the
// portal takes what it needs of shared-auth from `@hostdash/shared-auth/guest`, compiled in.
// 1.24.0: issue 35's truthful health (docs/adr/0038-truthful-health.md). The API client tells
// `onFailure` whether a failed call was a refusal the page expects or a failure, and the API's
// error code (ApiFailure.outcome and .code, from apiOutcome: one rule for every call);
// LABELS.telemetryEvent.api_refusal, which the admin's front-end health reads.
// 1.25.0: issue 35's preview before canary (docs/adr/0042-preview-before-canary.md): `previewApi`
// (start and stop a preview in this browser), ConsolePreviewStopped, the `preview` history action
// and its word (LABELS.deliveryAction.preview).
//
// build/webpack.federation.cjs reads the line below at build time: keep it a plain string literal.
export const CONTRACT_VERSION = '1.25.0';
