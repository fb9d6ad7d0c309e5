#!/bin/sh
# Usage (from the monorepo root): sh deploy/copy-manifests.sh <out dir>
#
# Copies what npm needs to install against the committed lockfile, laid out as in the repository:
# the root's package.json, package-lock.json and .npmrc, and every workspace's package.json (found
# by a glob, so a new workspace needs no change here). The Dockerfile installs from these alone, so
# its install stays cached until one of them changes; deploy/runtime-tree.sh starts from them too.
set -eu

out=$1
mkdir -p "$out"
cp package.json package-lock.json .npmrc "$out/"
for manifest in */package.json; do
  mkdir -p "$out/${manifest%/package.json}"
  cp "$manifest" "$out/$manifest"
done
