# syntax=docker/dockerfile:1
# Lamplight Puzzle Co.: the one-port server (API + the built shell and remotes) in one image.
#   docker build -t lamplight .
#   docker run -p 3000:3000 -e DATABASE_URL=... -e AUTH_SECRET=... lamplight
# The API runs from TypeScript source with tsx (docs/decisions/005), so the final image holds
# the API's and the shared packages' sources, the apps' built dist/ folders, the shell's
# server renderer (dist-server/) and production dependencies only.

ARG NODE_IMAGE=node:24.21-bookworm-slim

# ---- build: every dependency, then the shell and the remotes ----------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/class-merge/package.json packages/class-merge/
COPY packages/config/package.json packages/config/
COPY packages/contracts/package.json packages/contracts/
COPY packages/remote/package.json packages/remote/
COPY packages/routes/package.json packages/routes/
COPY packages/session/package.json packages/session/
COPY packages/testing/package.json packages/testing/
COPY packages/ui/package.json packages/ui/
COPY shell/package.json shell/
COPY storefront/package.json storefront/
COPY resources-app/package.json resources-app/
COPY puzzle-app/package.json puzzle-app/
COPY admin-app/package.json admin-app/
COPY api/package.json api/
COPY bench/package.json bench/
# The API's postinstall mends the PostgreSQL driver (api/scripts/fix-postgres-driver.mjs).
COPY api/scripts/fix-postgres-driver.mjs api/scripts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx turbo run build --filter='./shell' --filter='./storefront' --filter='./resources-app' \
      --filter='./puzzle-app' --filter='./admin-app' --output-logs=errors-only

# ---- runtime: production dependencies of the API only, as the unprivileged node user ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json /app/.npmrc ./
COPY --from=build /app/packages/class-merge/package.json packages/class-merge/
COPY --from=build /app/packages/config/package.json packages/config/
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/remote/package.json packages/remote/
COPY --from=build /app/packages/routes/package.json packages/routes/
COPY --from=build /app/packages/session/package.json packages/session/
COPY --from=build /app/packages/testing/package.json packages/testing/
COPY --from=build /app/packages/ui/package.json packages/ui/
COPY --from=build /app/shell/package.json shell/
COPY --from=build /app/storefront/package.json storefront/
COPY --from=build /app/resources-app/package.json resources-app/
COPY --from=build /app/puzzle-app/package.json puzzle-app/
COPY --from=build /app/admin-app/package.json admin-app/
COPY --from=build /app/api/package.json api/
COPY --from=build /app/bench/package.json bench/
COPY --from=build /app/api/scripts/fix-postgres-driver.mjs api/scripts/
RUN npm ci --omit=dev --workspace api --no-audit --no-fund && npm cache clean --force
# What the API reads at run time: its source and migrations, the shared packages it imports
# from source, the TypeScript settings tsx compiles with (JSX for the mail templates), the builds.
COPY --from=build /app/tsconfig.base.json ./
COPY --from=build /app/api/tsconfig.json api/
COPY --from=build /app/api/src api/src
COPY --from=build /app/api/drizzle api/drizzle
COPY --from=build /app/packages/contracts/src packages/contracts/src
COPY --from=build /app/packages/config/src packages/config/src
COPY --from=build /app/packages/routes/src packages/routes/src
COPY --from=build /app/shell/dist shell/dist
# The shell's server renderer (docs/decisions/016): without it every page renders in the browser only.
COPY --from=build /app/shell/dist-server shell/dist-server
COPY --from=build /app/storefront/dist storefront/dist
COPY --from=build /app/resources-app/dist resources-app/dist
COPY --from=build /app/puzzle-app/dist puzzle-app/dist
COPY --from=build /app/admin-app/dist admin-app/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
WORKDIR /app/api
CMD ["node", "--import", "tsx", "src/server.ts"]
