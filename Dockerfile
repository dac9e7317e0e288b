# Pastebox's container image: a build stage with every package (client build, generated database
# clients), then a runtime stage holding only Bun, the server's sources, the built client and the
# node_modules files the server loads (deploy/runtime-files.ts). docs/deploy.md explains its use.
#
# BASE_IMAGE is the official Bun image by default. A machine that cannot pull it builds on a local
# stand-in made by deploy/standin-base.sh (Debian + Bun from npm, same user and paths).
ARG BASE_IMAGE=docker.io/oven/bun:1.4.5-slim

FROM ${BASE_IMAGE} AS build
# Behind a TLS-intercepting proxy, the proxy's CA file (mounted into the build) for `bun install`;
# only this stage sees it.
ARG NODE_EXTRA_CA_CERTS
WORKDIR /src
# Packages first: this layer is reused while package.json and bun.lock stay the same. The postinstall
# generates the database clients, which needs the schemas and their generator script.
COPY package.json bun.lock bunfig.toml prisma.config.ts ./
COPY patches ./patches
COPY prisma ./prisma
COPY scripts/db ./scripts/db
RUN bun install --frozen-lockfile
COPY . .
RUN bun --bun run build && bun deploy/runtime-files.ts /out

FROM ${BASE_IMAGE}
ARG VERSION=0.6.8
# The repository states no licence yet: SPDX's word for "not stated" until it does.
ARG LICENSE=NOASSERTION
LABEL org.opencontainers.image.title="Pastebox" \
      org.opencontainers.image.description="Self-hosted online clipboard and file sharing: pastes, files, S3 storage, mount explorer, WebDAV" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.source="https://github.com/pastebox/pastebox" \
      org.opencontainers.image.licenses="${LICENSE}"
WORKDIR /app
# Owned by root and read-only to the app: it writes only under /data.
COPY --from=build /out /app
RUN mkdir -p /data && chown bun:bun /data
ENV NODE_ENV=production \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=8787
VOLUME /data
EXPOSE 8787
USER bun
# The health answer is 200 once the database answers (GET /api/health).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["bun", "-e", "const r = await fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).catch(() => null); process.exit(r?.ok ? 0 : 1)"]
STOPSIGNAL SIGTERM
CMD ["bun", "server/main.ts"]
