# syntax=docker/dockerfile:1
# Heliotrack API and web app in one image (README "Running as a service"): built once in the first
# stage, run from the compiled output only (apps/server/dist, apps/web/dist) with production
# dependencies, as the unprivileged `node` user. Build: docker build -t heliotrack .

# 1. Build: every dependency, then `npm run build` (server bundle, web app with .br/.gz twins).
FROM node:20-slim AS build
WORKDIR /app
# Native modules (better-sqlite3, sharp) compile from source when no prebuilt binary fits.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY tests/e2e/package.json tests/e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only (no Vite, no esbuild, no test tools, no web or bench packages).
FROM node:20-slim AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/packages/domain/package.json packages/domain/
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/tests/e2e/package.json tests/e2e/
COPY --from=build /app/bench/package.json bench/
# Only the server's and the domain's: the web app is served as built, the bench and tests are not shipped.
RUN npm ci --omit=dev --no-audit --no-fund --workspace apps/server --workspace packages/domain

# 3. Runtime: the compiled output and production dependencies, nothing else.
FROM node:20-slim
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=deps --chown=root:root /app ./
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
# node:20-slim has no curl: the probe is node's own fetch.
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health/').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches node directly (exec form): it finishes running requests within SHUTDOWN_TIMEOUT.
STOPSIGNAL SIGTERM
# The first organisation and administrator of a new database (no sources here, so not npm run):
#   docker compose exec api-1 node apps/server/dist/admin-create.js --organisation "…" --email …
# A young generation of 32 MB per half (README "Running as a service"): the sync stream and the lists
# allocate many short-lived strings.
CMD ["node", "--max-semi-space-size=32", "apps/server/dist/main.js"]
