-- Version 4: a reservation's account is its listing's account, enforced.
-- The reservation queries scope an owner's reads by `r.account_id` (src/reservations/
-- reservationQueries.ts), which lets the (account_id, check_in_date, id) index answer the default
-- list in order; that is only the same as the listing's scope because of this constraint.
alter table listings
  add constraint listings_id_account_key unique (id, account_id);

alter table reservations
  add constraint reservations_listing_account_fkey
    foreign key (listing_id, account_id) references listings (id, account_id);
