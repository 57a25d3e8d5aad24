# syntax=docker/dockerfile:1
# ibanmint as a container: a build stage compiles dist/ and the library's packages/iban/dist, a
# dependency stage installs the production dependencies only (the library is linked from
# packages/iban, an npm workspace), and the final stage runs the built JavaScript as the
# unprivileged `node` user. Configure it with the environment variables of the README
# (REDIS_URL to share keys and limits between instances).
#
# The base image is pinned to an exact release (Node 24.21.0 on Debian bookworm, slim), so that a
# rebuild gets the same Node; raise it deliberately. Appending its digest (`@sha256:…`, as
# `docker buildx imagetools inspect node:24.21.0-bookworm-slim` prints it) would also fix the
# Debian packages under it.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/iban/package.json ./packages/iban/
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY packages/iban/tsconfig.json ./packages/iban/
COPY scripts ./scripts
COPY src ./src
COPY workers ./workers
# The guide the page links (/guide) is rendered from these at build time.
COPY README.md CHANGELOG.md LICENSE ./
COPY docs ./docs
COPY packages/iban/README.md ./packages/iban/
RUN npm run build

FROM ${NODE_IMAGE} AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/iban/package.json ./packages/iban/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
# The image's provenance (OCI annotations): set SOURCE_URL to where the repository is published.
ARG VERSION=0.3.0
ARG SOURCE_URL=https://github.com/ibanmint/ibanmint
LABEL org.opencontainers.image.title="ibanmint" \
      org.opencontainers.image.description="Test IBANs for 91 countries: an HTTP API, an MCP tool server, a CLI. Test data only, never for payments." \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.source="${SOURCE_URL}" \
      org.opencontainers.image.licenses="MIT"
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    KEYS_FILE=/data/keys.json
WORKDIR /app
COPY --from=dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/packages/iban/dist ./packages/iban/dist
COPY packages/iban/package.json packages/iban/README.md packages/iban/LICENSE ./packages/iban/
COPY package.json README.md LICENSE CHANGELOG.md ./
COPY bin/ibanmint.js ./bin/ibanmint.js
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "bin/ibanmint.js", "serve"]
