# syntax=docker/dockerfile:1
# The portal (the API, serving the built app) in one container: built with every dependency, then run
# from a slim image with production dependencies only, as an unprivileged user. See docs/OPERATIONS.md,
# "Container": the settings it needs, the data volume and the stop timeout.
ARG NODE_IMAGE=node:20.19-bookworm

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY . .
# npm 11 skips dependencies' install scripts and none is needed (README, "Notes on the machine").
RUN npm ci --ignore-scripts --no-audit --no-fund && npm run build

# Debian's slim image, not Alpine: DuckDB's prebuilt binding is for glibc.
FROM ${NODE_IMAGE}-slim AS runtime
ENV NODE_ENV=production \
    PORT=8787 \
    DATA_DIR=/data \
    APP_DIST=/app/packages/app/dist
WORKDIR /app
# The manifests of the root and of every workspace (npm ci installs the workspaces' dependencies too).
COPY --from=build /src/package.json /src/package-lock.json ./
COPY --from=build /src/packages/shared/package.json packages/shared/
COPY --from=build /src/packages/embed-sdk/package.json packages/embed-sdk/
COPY --from=build /src/packages/app/package.json packages/app/
COPY --from=build /src/packages/parent-demo/package.json packages/parent-demo/
COPY --from=build /src/packages/analytics/package.json packages/analytics/
COPY --from=build /src/packages/api/package.json packages/api/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
# What the API reads at run time: its build, its migrations and the app's build.
COPY --from=build /src/packages/api/dist packages/api/dist
COPY --from=build /src/packages/api/migrations packages/api/migrations
COPY --from=build /src/packages/app/dist packages/app/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8787
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) stops it gracefully: give it longer than SHUTDOWN_GRACE_MS (docker stop -t 60).
CMD ["node", "--enable-source-maps", "packages/api/dist/server.js"]
