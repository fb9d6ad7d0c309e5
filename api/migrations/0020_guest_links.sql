-- Version 20: the guest-facing portal (issue 16). Each reservation has at most one live guest link
-- (`GUEST_PORTAL_URL` + a token); the guest's progress through the portal is kept per screen, so a
-- guest who comes back on another day (or another phone) finds what they already did.

-- The link. Only the token's sha256 is looked up, so a copy of the database cannot open a portal;
-- the token itself is kept sealed with the PMS vault (src/pms/vault.ts) so the host can be shown
-- the same link again. Renewing replaces both: the old token then finds nothing.
create table guest_links (
  reservation_id bigint primary key references reservations (id) on delete cascade,
  token_sha256 text not null unique check (token_sha256 ~ '^[0-9a-f]{64}$'),
  token_sealed jsonb not null,
  created_at timestamptz not null default now(),
  -- Who asked for it first (null: made by the system), and the last renewal.
  created_by bigint references users (id) on delete set null,
  renewed_at timestamptz,
  renewed_by bigint references users (id) on delete set null,
  -- When the guest finished the whole portal (null: not yet). Kept across renewals: a new link
  -- opens the same progress.
  completed_at timestamptz
);

-- What the guest saved on each screen, and when the screen was first completed. The values are
-- the screen's fields (`email`, `accept`, …): text or true/false, never image bytes (the images
-- are the reservation's identity images).
create table guest_screen_progress (
  reservation_id bigint not null references reservations (id) on delete cascade,
  screen text not null references guest_portal_screens (name) on update cascade,
  field_values jsonb not null default '{}'::jsonb check (jsonb_typeof(field_values) = 'object'),
  completed_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (reservation_id, screen)
);

-- The protect log says what the guest did: each screen the first time it is completed, and the
-- whole portal.
alter table protect_log drop constraint protect_log_event_check;
alter table protect_log add constraint protect_log_event_check check (event in (
  'screened', 'risk_recalculated', 'verification_changed', 'image_rotated', 'report_generated',
  'report_failed', 'reservation_created', 'reservation_updated', 'tolerance_changed', 'message_released',
  'screen_completed', 'portal_completed'
));
