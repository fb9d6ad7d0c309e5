-- Version 8: a notification leads somewhere and is read (issue 12, item 7). `link` is the page of
-- the dashboard it is about (an in-app path: one leading slash, never a second or a backslash, so
-- it can only ever lead inside the dashboard); `read_at` is when its person saw it.
alter table notifications
  add column link text check (link is null or (link ~ '^/[^/\\]' and length(link) <= 300) or link = '/'),
  add column read_at timestamptz;
create index notifications_unread_idx on notifications (user_id) where removed_at is null and read_at is null;
