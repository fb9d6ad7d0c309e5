-- Version 18: the guest portal's screens (issue 16, spec sections 1 and 7): the pages a guest goes
-- through before arrival, switchable for the account, per listing and per reservation; the most
-- specific setting wins (reservation > listing > account > the screen's default).
--
-- The catalogue holds each screen's defaults. An account's own choices are nullable columns, null
-- meaning "the default": an account made by sign-up needs no row, and a default reworded here
-- reaches every account that never changed it. src/guestportal/screens.ts resolves the levels.

-- Every screen there is, with its defaults. The names are the API's (`GuestScreenName`): a test
-- holds this table and src/guestportal/screens.ts together.
create table guest_portal_screens (
  name text primary key check (name ~ '^[a-z][a-z_]{1,39}$'),
  -- Where a guest meets it unless the account reorders (1 = first).
  position integer not null unique check (position between 1 and 100),
  enabled_by_default boolean not null,
  -- For the host: what the screen asks the guest, one sentence.
  description text not null check (char_length(description) between 1 and 300),
  -- What the guest reads: a title and a text in the portal's Markdown subset (paragraphs, **bold**,
  -- *italic*, "- " bullet lists, [links](https://…)).
  title text not null check (char_length(title) between 1 and 120),
  body text not null check (char_length(body) <= 20000),
  -- The fields this screen can ask for, and those it requires unless the account says otherwise.
  allowed_fields text[] not null check (cardinality(allowed_fields) between 1 and 10),
  required_fields text[] not null check (required_fields <@ allowed_fields)
);

insert into guest_portal_screens
  (name, position, enabled_by_default, description, title, body, allowed_fields, required_fields)
values
  ('contact', 1, true,
   'The guest’s email and phone number, so you can reach them before and during the stay.',
   'How can we reach you?',
   E'We use these only about your stay: check-in instructions, and anything that comes up while you are with us.\n\nPlease give a phone number that works **during your trip**.',
   array['email', 'phone'], array['email', 'phone']),
  ('id_upload', 2, true,
   'Photos of the front and back of a government ID: passport, ID card or driving licence.',
   'Your ID',
   E'Take a photo of the **front and back** of your passport, ID card or driving licence.\n\n- Lay it flat in good light\n- Make sure all four corners are in the picture\n- No glare over the photo or the text\n\nOnly your host sees it, and only to confirm who is staying.',
   array['id_front', 'id_back'], array['id_front', 'id_back']),
  ('selfie', 3, true,
   'A photo of the guest’s face, compared with their ID.',
   'A quick selfie',
   E'Take a photo of your face so your host can match it with your ID.\n\n- Face the camera, in good light\n- No sunglasses, hat or mask',
   array['selfie'], array['selfie']),
  ('address', 4, false,
   'The guest’s home address.',
   'Your home address',
   E'Your host needs your home address for the local guest register.',
   array['street', 'city', 'postal_code', 'country'], array['street', 'city', 'country']),
  ('house_rules', 5, true,
   'The house rules, which the guest reads and accepts.',
   'House rules',
   E'Please read the house rules and accept them before you arrive.\n\n- No parties or events\n- No smoking inside\n- Quiet hours from 22:00 to 08:00\n- Only the guests on the booking may stay overnight',
   array['accept', 'signature'], array['accept']),
  ('usage_agreement', 6, true,
   'A rental agreement the guest accepts and signs by typing their full name.',
   'Rental agreement',
   E'By accepting, you agree to use the property as a private guest, to respect the house rules, and to be responsible for any damage during your stay.\n\nType your **full name** to sign.',
   array['accept', 'signature'], array['accept', 'signature']),
  ('arrival_time', 7, true,
   'When the guest expects to arrive, so check-in can be ready.',
   'When will you arrive?',
   E'Tell us roughly when you expect to arrive, so everything is ready for you. You can change it later.',
   array['arrival_time', 'arrival_note'], array['arrival_time']),
  ('security_deposit', 8, false,
   'A card hold for the security deposit, released after check-out.',
   'Security deposit',
   E'A refundable hold is placed on your card for the security deposit. It is *not* a charge: the hold is released after check-out unless something was damaged.',
   array['card'], array['card']);

-- The account's choices; a null column is the catalogue's default (no row at all: every default).
create table account_guest_screens (
  account_id bigint not null references accounts (id) on delete cascade,
  screen text not null references guest_portal_screens (name) on update cascade,
  position integer check (position between 1 and 100),
  enabled boolean,
  title text check (char_length(title) between 1 and 120),
  body text check (char_length(body) <= 20000),
  required_fields text[] check (cardinality(required_fields) <= 10),
  updated_at timestamptz not null default now(),
  updated_by bigint references users (id) on delete set null,
  primary key (account_id, screen),
  -- A screen's content is saved whole: a title without its text would mix two versions.
  check ((title is null) = (body is null) and (title is null) = (required_fields is null))
);

-- A listing's own setting for a screen; no row: the account's. Removed with the listing.
create table listing_guest_screens (
  listing_id bigint not null references listings (id) on delete cascade,
  screen text not null references guest_portal_screens (name) on update cascade,
  enabled boolean not null,
  updated_at timestamptz not null default now(),
  updated_by bigint references users (id) on delete set null,
  primary key (listing_id, screen)
);
-- /guestportal counts the listings overriding each screen.
create index listing_guest_screens_screen_idx on listing_guest_screens (screen, listing_id);

-- A reservation's own setting for a screen; no row: its listing's, then the account's.
create table reservation_guest_screens (
  reservation_id bigint not null references reservations (id) on delete cascade,
  screen text not null references guest_portal_screens (name) on update cascade,
  enabled boolean not null,
  updated_at timestamptz not null default now(),
  updated_by bigint references users (id) on delete set null,
  primary key (reservation_id, screen)
);
create index reservation_guest_screens_screen_idx on reservation_guest_screens (screen, reservation_id);
