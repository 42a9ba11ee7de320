# syntax=docker/dockerfile:1
# Lamplight Puzzle Co.: the one-port server (API + the built shell and remotes) in one image.
#   docker build -t lamplight .
#   docker run -p 3000:3000 -e DATABASE_URL=... -e AUTH_SECRET=... lamplight
# The API is compiled to JavaScript in the build stage (docs/decisions/055): the final image
# holds api/dist, the SQL migrations, the apps' built dist/ folders, the shell's server
# renderer (dist-server/) and the API's production dependencies; no TypeScript, no tsx, no
# build or test tools.

ARG NODE_IMAGE=node:24.21-bookworm-slim

# ---- build: every dependency, then the shell, the remotes and the API ---------------------
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
      --filter='./puzzle-app' --filter='./admin-app' --filter='./api' --output-logs=errors-only
# The packages the compiled API loads, picked from this install at the same paths
# (api/scripts/runtime-deps.mjs: not `npm ci --omit=dev`, which keeps optional peers such as
# drizzle-kit and vitest, about 450 MB; decision 055).
RUN node api/scripts/runtime-deps.mjs /runtime

# ---- runtime: the compiled API and the packages it loads, as the unprivileged node user ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /runtime/ ./
# The shell's manifest: a remote release is checked against the versions it provides.
COPY --from=build /app/api/package.json api/
COPY --from=build /app/shell/package.json shell/
# What the API reads at run time: the compiled server and commands (our workspace packages
# bundled in, the seed's drawings beside them), the SQL migrations it applies at start, the builds.
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/api/drizzle api/drizzle
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
CMD ["node", "--enable-source-maps", "dist/server.mjs"]
