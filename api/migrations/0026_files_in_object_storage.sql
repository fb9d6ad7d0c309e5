-- Version 26: file bytes move out of the database into the object storage (a folder, or an
-- S3-compatible bucket; docs/adr/0021-object-storage.md). The rows keep what is known of each file;
-- the storage keeps the bytes. Rows written before keep their bytes and are read from them.

-- Identity images: a new blob's bytes are in the storage under `identity/<sha256>` (the row's own
-- key), so `bytes` stays null.
alter table identity_blobs alter column bytes drop not null;
comment on column identity_blobs.bytes is
  'Only for images kept before version 26; otherwise null, the bytes are the storage object identity/<sha256>.';

-- Reports: the file is the object `storage_key` names (`reports/<reservation>/<type>.<format>`).
-- A done report has its file in one place or the other, a failed one in neither.
alter table reservation_reports add column storage_key text;
alter table reservation_reports drop constraint reservation_reports_check;
alter table reservation_reports add constraint reservation_reports_file_check check (
  (status = 'done') = (bytes is not null or storage_key is not null)
  and (bytes is null or storage_key is null)
);

-- Invoices: the PDF a paid invoice keeps, as it was first downloaded once paid (nothing on a paid
-- invoice changes any more, so neither does its document). Beside the invoice, which is immutable
-- once paid; written once, never changed: the first of two downloads at once wins.
create table invoice_documents (
  invoice_id bigint primary key references invoices (id),
  storage_key text not null,
  size integer not null check (size > 0),
  created_at timestamptz not null default now()
);
create function invoice_documents_kept() returns trigger
language plpgsql as $$
begin
  raise exception 'invoice documents are kept: % is not allowed', tg_op
    using errcode = 'restrict_violation';
end
$$;
create trigger invoice_documents_no_change before update or delete on invoice_documents
  for each row execute function invoice_documents_kept();
create trigger invoice_documents_no_truncate before truncate on invoice_documents
  for each statement execute function invoice_documents_kept();
