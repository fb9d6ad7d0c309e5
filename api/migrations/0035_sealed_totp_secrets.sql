-- Secrets at rest (docs/adr/0028-secrets-at-rest.md): a TOTP secret is what an authenticator app
-- makes codes from, so a copy of the database must not hold it. It is sealed like the PMS
-- credentials: a jsonb `{ v, kid, iv, tag, data }` the vault opens (src/auth/totpSecrets.ts).
-- A secret an earlier version kept in clear becomes a JSON string here, which the API seals when it
-- starts, right after its migrations (src/secrets/reseal.ts, sealSecretsInClear).
alter table users drop constraint users_totp_secret_check;
alter table users drop constraint users_totp_pending_secret_check;
alter table users
  alter column totp_secret type jsonb using to_jsonb(totp_secret),
  alter column totp_pending_secret type jsonb using to_jsonb(totp_pending_secret);
alter table users
  add constraint users_totp_secret_sealed check (
    totp_secret is null or jsonb_typeof(totp_secret) = 'object'
    or (jsonb_typeof(totp_secret) = 'string' and totp_secret #>> '{}' ~ '^[A-Z2-7]{16,128}$')
  ),
  add constraint users_totp_pending_secret_sealed check (
    totp_pending_secret is null or jsonb_typeof(totp_pending_secret) = 'object'
    or (jsonb_typeof(totp_pending_secret) = 'string'
        and totp_pending_secret #>> '{}' ~ '^[A-Z2-7]{16,128}$')
  );
