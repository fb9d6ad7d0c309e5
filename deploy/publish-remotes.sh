#!/bin/sh
# The publish image's default command (Dockerfile, target publish; compose.yaml's publish-remotes
# job): each remote's build in the image goes to the store and becomes live if it is new, exactly as
# `npm start` does on one machine — `npm run remotes -- deploy <remote> --if-new` for every remote.
# Where to is the environment's: REMOTES_S3_BUCKET (+ S3_ENDPOINT and the AWS credentials) for the
# store, DATABASE_URL for the registry. A rollback or a canary already in place stays as it is; the
# first failure ends the job with its exit code.
set -eu

remotes=$(node --input-type=module -e "import { REMOTES } from './scripts/builds.mjs'; console.log(REMOTES.join(' '))")
for remote in $remotes; do
  node scripts/deploy.mjs deploy "$remote" --if-new
done
