# syntax=docker/dockerfile:1
# Hostdash's container images: one file, one target per process (docs/adr/0023-container-images.md).
#
#   docker build --target api           -t hostdash-api .            the product API
#   docker build --target shell         -t hostdash-shell .          the shell server (the dashboard)
#   docker build --target remote-origin -t hostdash-remote-origin .  remote builds from a folder,
#                                                                     where there is no bucket/CDN
#   docker build --target publish       -t hostdash-publish .        one-shot: publishes the remote
#                                                                     builds (npm run remotes)
#
# One install and one build feed all of them. Each server image holds only its process's production
# dependencies and built files, runs as the unprivileged `node` user and carries no secret: every
# setting comes from the environment when the container starts (README, "Running in production").
# compose.yaml runs them together; nothing in `npm test` needs Docker (scripts/containers.test.mjs
# reads this file instead).

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: install everything, build every workspace ------------------------------------------
FROM ${NODE_IMAGE} AS base
# Playwright (the e2e workspace) must not download a browser into the image; lerna's nx stays local.
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    NX_DAEMON=false \
    NX_NO_CLOUD=true \
    NX_TUI=false \
    npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false
# The npm the lockfile is written with (TOOLCHAIN.md); Node 20's image comes with npm 10.
RUN npm install --global npm@11.19.1
WORKDIR /app

# The manifests alone (deploy/copy-manifests.sh): the install below stays cached until one of them
# changes, whatever else does.
FROM base AS manifests
COPY . /src
RUN cd /src && sh deploy/copy-manifests.sh /manifests

FROM base AS deps
COPY --from=manifests /manifests/ ./
# npm install, not npm ci: the committed lockfile omits other platforms' binaries, which npm ci
# refuses (TOOLCHAIN.md); npm install against it leaves it unchanged.
RUN npm install

FROM deps AS build
COPY . .
RUN npx lerna run build
# What each process needs at run time, in a folder of its own (deploy/runtime-tree.sh).
RUN sh deploy/runtime-tree.sh @hostdash/api /runtime/api \
 && sh deploy/runtime-tree.sh @hostdash/shell /runtime/shell

# ---- run: Node alone, production dependencies only ----------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
# Each image's HEALTHCHECK: GET /health/ready on the port its process listens on.
COPY deploy/healthcheck.mjs /usr/local/lib/hostdash/healthcheck.mjs
# The code stays root's and read-only to the process (COPY writes as root whatever USER says); only
# the data folders are its own: the API's embedded PGlite and local files, the shell server's
# registry file, the remote origin's store — for a volume, when DATABASE_URL or a bucket is not set.
RUN mkdir -p /app/api/.data /app/.data/remotes && chown -R node:node /app/api/.data /app/.data
USER node
# Each process closes gracefully on SIGTERM (finishes open requests, then exits); the orchestrator
# sends it, then SIGKILL after its grace period.
STOPSIGNAL SIGTERM

FROM runtime AS api
COPY --from=build /runtime/api/ /app/
ENV API_HOST=0.0.0.0 \
    API_PORT=4000
EXPOSE 4000
# Ready once its database answers with every migration applied; the first start also seeds.
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "/usr/local/lib/hostdash/healthcheck.mjs", "API_PORT"]
CMD ["node", "api/dist/server.js"]

FROM runtime AS shell
COPY --from=build /runtime/shell/ /app/
ENV HOST=0.0.0.0 \
    PORT=3000
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "/usr/local/lib/hostdash/healthcheck.mjs", "PORT"]
CMD ["node", "shell/dist-server/server/main.js"]

# The same program as the shell server, started with --remote-origin: it serves REMOTES_DIR.
FROM runtime AS remote-origin
COPY --from=build /runtime/shell/ /app/
ENV REMOTES_HOST=0.0.0.0 \
    REMOTES_PORT=3001
EXPOSE 3001
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "/usr/local/lib/hostdash/healthcheck.mjs", "REMOTES_PORT"]
CMD ["node", "shell/dist-server/server/main.js", "--remote-origin"]

# ---- publish: a job, not a server ---------------------------------------------------------------
# The build stage as it is (the remotes' builds, the deploy command and what compiles it): by
# default it deploys each remote build that is new (deploy/publish-remotes.sh) to the store and
# registry its environment names; any other command runs too, e.g.
#   docker run --rm --env-file … hostdash-publish npm run remotes -- deploy listings --canary 10
FROM build AS publish
USER node
HEALTHCHECK NONE
CMD ["sh", "deploy/publish-remotes.sh"]
