-- Version 41: preview before canary (issue 35, docs/adr/0042-preview-before-canary.md). A remote's
-- history records that someone loaded a published version in their own browser only ('preview'):
-- nobody else's version changed, and a version only ever previewed was never live.

alter table remote_history drop constraint remote_history_action_check;
alter table remote_history add constraint remote_history_action_check check (action in ('deploy',
  'rollback', 'promote', 'canary', 'advance', 'abort', 'preview'));
