#!/bin/sh
# Builds a local stand-in for the official Bun image (docker.io/oven/bun:<version>-slim) on machines
# that cannot reach an image registry, such as the CI machines: Debian bookworm (minbase, from the
# machine's configured Debian mirror) plus Bun from the npm package @oven/bun-linux-x64, with a `bun`
# user of uid 1000 as the official image has. The image is kept, so later runs reuse it.
#   usage: sh deploy/standin-base.sh [image-name]   (prints the image name)
set -eu
cd "$(dirname "$0")/.."
BUN_VERSION=$(sed -n 's/^BUN_VERSION=//p' scripts/bootstrap.sh)
IMAGE=${1:-localhost/pastebox-bun-standin:$BUN_VERSION}
PODMAN="podman --storage-driver vfs"

if $PODMAN image exists "$IMAGE"; then echo "$IMAGE"; exit 0; fi

work=$(mktemp -d /var/tmp/pastebox-standin.XXXXXX)
trap 'rm -rf "$work"' EXIT
echo "Building the stand-in base image $IMAGE (Debian minbase + Bun $BUN_VERSION)..." >&2
debootstrap --variant=minbase bookworm "$work/rootfs" >"$work/debootstrap.log" 2>&1 || {
  tail -n 20 "$work/debootstrap.log" >&2; exit 1; }
# The official slim image holds no apt lists or docs; neither should its stand-in.
rm -rf "$work/rootfs/var/lib/apt/lists"/* "$work/rootfs/var/cache/apt"/* "$work/rootfs/usr/share/doc"/* \
  "$work/rootfs/usr/share/man"/* "$work/rootfs/usr/share/locale"/*
tar -C "$work/rootfs" -c . | $PODMAN import --quiet - localhost/pastebox-debian-minbase:bookworm >/dev/null

(cd "$work" && npm pack --silent "@oven/bun-linux-x64@$BUN_VERSION" >/dev/null && tar -xzf oven-bun-linux-x64-*.tgz)
cp "$work/package/bin/bun" "$work/bun"
chmod 755 "$work/bun"
cat >"$work/Containerfile" <<'CONTAINERFILE'
FROM localhost/pastebox-debian-minbase:bookworm
COPY bun /usr/local/bin/bun
RUN ln -s /usr/local/bin/bun /usr/local/bin/bunx \
 && groupadd --gid 1000 bun && useradd --uid 1000 --gid bun --create-home --shell /bin/sh bun
WORKDIR /home/bun/app
CMD ["/usr/local/bin/bun"]
CONTAINERFILE
$PODMAN build --runtime runc --cgroup-manager cgroupfs --network host -q -t "$IMAGE" "$work" >/dev/null
$PODMAN rmi localhost/pastebox-debian-minbase:bookworm >/dev/null 2>&1 || true
echo "$IMAGE"
