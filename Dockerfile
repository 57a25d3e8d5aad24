# syntax=docker/dockerfile:1
# ibanmint as a container: a build stage compiles dist/ and the library's packages/iban/dist, a
# dependency stage installs the production dependencies only (the library is linked from
# packages/iban, an npm workspace), and the final stage runs the built JavaScript as the
# unprivileged `node` user. Configure it with the environment variables of the README
# (REDIS_URL to share keys and limits between instances).
ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/iban/package.json ./packages/iban/
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY packages/iban/tsconfig.json ./packages/iban/
COPY scripts ./scripts
COPY src ./src
COPY workers ./workers
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/iban/package.json ./packages/iban/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

FROM node:${NODE_VERSION}-bookworm-slim
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
