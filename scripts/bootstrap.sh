#!/bin/sh
# The README's two commands land here: `npm start` (or `bun run start`) and `npm test` (or `bun run test`).
# On a fresh Debian machine with only Node and npm it installs what is missing: bun (from npm), the
# packages, the generated database clients, the built client and, for the tests, Debian's chromium,
# postgresql and podman. Then it starts the app or runs every test suite.
set -eu
cd "$(dirname "$0")/.."
BUN_VERSION=1.4.5

ensure_bun() {
  if command -v bun >/dev/null 2>&1; then BUN=$(command -v bun); return; fi
  if [ -x .tools/node_modules/@oven/bun-linux-x64/bin/bun ]; then BUN=$PWD/.tools/node_modules/@oven/bun-linux-x64/bin/bun; return; fi
  echo "Installing bun $BUN_VERSION from npm..."
  if npm install -g "bun@$BUN_VERSION" >/dev/null 2>&1 && command -v bun >/dev/null 2>&1; then
    BUN=$(command -v bun)
  else
    # No global install rights: the platform binary ships inside a registry package.
    npm install --prefix .tools --no-save --ignore-scripts "@oven/bun-linux-x64@$BUN_VERSION" >/dev/null
    BUN=$PWD/.tools/node_modules/@oven/bun-linux-x64/bin/bun
  fi
}

ensure_packages() {
  # Fast when nothing changed; its postinstall generates the Prisma clients.
  "$BUN" install --frozen-lockfile
}

ensure_apt() {
  missing=""
  command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$missing postgresql"
  command -v litmus >/dev/null 2>&1 || missing="$missing litmus"
  command -v rclone >/dev/null 2>&1 || missing="$missing rclone"
  # The container test (deploy/): podman builds and runs the image without a daemon, with runc (crun
  # fails on these machines' cgroups); debootstrap makes the stand-in base image.
  command -v podman >/dev/null 2>&1 || missing="$missing podman"
  command -v buildah >/dev/null 2>&1 || missing="$missing buildah"
  [ -x /usr/sbin/runc ] || command -v runc >/dev/null 2>&1 || missing="$missing runc"
  [ -x /usr/sbin/debootstrap ] || command -v debootstrap >/dev/null 2>&1 || missing="$missing debootstrap"
  if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO=sudo; else SUDO=none; fi
  if [ -n "$missing" ]; then
    echo "Installing Debian packages:$missing"
    if [ "$SUDO" = none ]; then
      echo "The tests need:$missing. Install them as root: apt-get install -y$missing" >&2; exit 1
    fi
    $SUDO apt-get update -qq >/dev/null || true
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
  fi
  # Without it every `podman run` here fails on setrlimit(RLIMIT_NOFILE); one already there is kept.
  if [ ! -f /etc/containers/containers.conf ] && [ "$SUDO" != none ]; then
    $SUDO mkdir -p /etc/containers
    printf '[containers]\ndefault_ulimits = []\n' | $SUDO tee /etc/containers/containers.conf >/dev/null
  fi
}

ensure_bun
export PATH="$(dirname "$BUN"):$PATH"
case "${1:-start}" in
  start)
    ensure_packages
    if [ ! -f dist/client/index.html ] || [ -n "$(find client shared vite.config.ts -newer dist/client/index.html -type f 2>/dev/null | head -n 1)" ]; then
      "$BUN" run build
    fi
    exec "$BUN" run server/main.ts
    ;;
  test)
    ensure_apt
    ensure_packages
    shift
    exec "$BUN" run scripts/test/run.ts "$@"
    ;;
  *)
    echo "usage: scripts/bootstrap.sh start|test" >&2; exit 2
    ;;
esac
