#!/bin/sh
# compose.yaml's one-shot `buckets` job (image minio/mc): makes the two buckets and the key the
# APIs and the publish job use. Safe to run again: each step leaves what is already there.
#   hostdash-files    private: identity images, guest uploads, reports, invoices (S3_BUCKET)
#   hostdash-remotes  public read: the remotes' published builds, which browsers load
#                     (REMOTES_S3_BUCKET; REMOTES_ORIGIN is its public address)
# MinIO answers CORS for the origins in MINIO_API_CORS_ALLOW_ORIGIN (the minio service); on AWS S3
# the remotes bucket gets a CORS rule instead (README, "Running in production").
set -eu

mc alias set hostdash http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD"

mc mb --ignore-existing hostdash/hostdash-files
mc mb --ignore-existing hostdash/hostdash-remotes
mc anonymous set none hostdash/hostdash-files
mc anonymous set download hostdash/hostdash-remotes

# The application's own key, limited to these two buckets (hostdash-policy.json): the root
# credentials stay with the operator.
mc admin policy create hostdash hostdash-buckets /hostdash/hostdash-policy.json
mc admin user add hostdash "$AWS_ACCESS_KEY_ID" "$AWS_SECRET_ACCESS_KEY"
if ! mc admin policy entities hostdash --user "$AWS_ACCESS_KEY_ID" | grep -q 'hostdash-buckets'; then
  mc admin policy attach hostdash hostdash-buckets --user "$AWS_ACCESS_KEY_ID"
fi
echo "Buckets ready: hostdash-files (private), hostdash-remotes (public read)"
