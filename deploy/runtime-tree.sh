#!/bin/sh
# Usage (from the monorepo root, after the build): sh deploy/runtime-tree.sh <workspace> <out dir>
#
# Writes into <out dir> what one process needs at run time, laid out as in the repository: the
# production dependencies of <workspace> (npm install --omit=dev against the committed lockfile)
# and, for each workspace package they link (node_modules/@hostdash/*: the workspace itself,
# shared-auth, …), its package.json and built output (dist, dist-server, migrations). Sources,
# tests, dev tools and the other workspaces stay behind. The Dockerfile's build stage runs it.
set -eu

workspace=$1
out=$2

# npm needs every workspace's manifest to read the lockfile; the unused ones are removed below.
sh "$(dirname "$0")/copy-manifests.sh" "$out"
(cd "$out" && npm install --omit=dev --prefer-offline --workspace "$workspace")

linked=""
for link in "$out"/node_modules/@hostdash/*; do
  package=$(basename "$(readlink -f "$link")")
  linked="$linked $package"
  for built in dist dist-server migrations; do
    if [ -d "$package/$built" ]; then cp -R "$package/$built" "$out/$package/"; fi
  done
done

for manifest in */package.json; do
  folder=${manifest%/package.json}
  case " $linked " in
    *" $folder "*) ;;
    *) rm -rf "${out:?}/$folder" ;;
  esac
done
echo "runtime tree of $workspace in $out:$linked"
