-- Listings, version 2: the house times guests see, free-form custom fields, and a version number
-- for optimistic concurrency (POST /listing/update/{id} applies only to the version it was given).

alter table listings
  add column check_in_time time(0) not null default '15:00',
  add column check_out_time time(0) not null default '11:00',
  -- Host-defined details (wifi network, parking …): an object of string → string.
  add column custom_fields jsonb not null default '{}'::jsonb
    constraint listings_custom_fields_object check (jsonb_typeof(custom_fields) = 'object'),
  -- 1 when created, +1 on every update.
  add column version integer not null default 1 constraint listings_version_positive check (version >= 1);

