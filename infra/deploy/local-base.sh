#!/usr/bin/env bash
# Assembles a Node 24 base image for infra/deploy/Dockerfile where `node:24-bookworm-slim` cannot be
# pulled (a builder with no access to an image registry, as on the machines that test this
# project): the project's pinned Node (node_modules/node), the libraries it links against and the
# CA certificates from this Debian system, busybox-static for the shell the build steps run in,
# npm, and a `node` user (uid 1000), as the official image has. Then:
#
#   bash infra/deploy/local-base.sh [image-name]          # default: localhost/mini-vagas-node24
#   buildah bud --build-arg BASE=localhost/mini-vagas-node24 -f infra/deploy/Dockerfile .
#
# Needs buildah and busybox-static (Debian packages), dpkg, and `npm ci` run first.
set -euo pipefail
cd "$(dirname "$0")/../.."
image="${1:-localhost/mini-vagas-node24}"
storage=(--storage-driver "${BUILDAH_STORAGE_DRIVER:-vfs}")
node_bin="node_modules/node/bin/node"
[ -x "$node_bin" ] || { echo "no $node_bin: run npm ci first (it installs the pinned Node 24)" >&2; exit 1; }
[ -x /bin/busybox ] || { echo "busybox-static is missing: apt-get install -y busybox-static" >&2; exit 1; }
npm_dir="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"
[ -f "$npm_dir/package.json" ] || { echo "npm's own folder not found (from $(command -v npm))" >&2; exit 1; }

root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,usr/bin,usr/local/bin,usr/local/lib/node_modules,etc/ssl/certs,tmp,home/node,app}
chmod 1777 "$root/tmp"
# A shell and the few tools the build steps use (mkdir, chown, rm…), statically linked.
cp /bin/busybox "$root/bin/busybox"
for tool in sh mkdir chown chmod rm cp mv ls cat env; do ln -s busybox "$root/bin/$tool"; done
ln -s /bin/busybox "$root/usr/bin/env" # npm's `#!/usr/bin/env node`
# Node 24, and the C and C++ runtime libraries of this system's Debian packages (Node and the
# build's native modules — rolldown's, esbuild's — link against them), where the loader looks.
cp "$node_bin" "$root/usr/local/bin/node"
for lib in $(dpkg -L libc6 libstdc++6 libgcc-s1 | grep -E '\.so(\.[0-9]+)*$'); do
  [ -e "$lib" ] || continue
  mkdir -p "$root$(dirname "$lib")"
  cp -P "$lib" "$root$lib"
done
cp -r "$npm_dir" "$root/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
cp -L /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
printf 'root:x:0:0:root:/root:/bin/sh\nnode:x:1000:1000::/home/node:/bin/sh\n' >"$root/etc/passwd"
printf 'root:x:0:\nnode:x:1000:\n' >"$root/etc/group"
chown 1000:1000 "$root/home/node"

container="$(buildah "${storage[@]}" from scratch)"
buildah "${storage[@]}" copy "$container" "$root" / >/dev/null
buildah "${storage[@]}" config --env PATH=/usr/local/bin:/bin --env NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt --workingdir / "$container"
buildah "${storage[@]}" commit --quiet "$container" "$image" >/dev/null
buildah "${storage[@]}" rm "$container" >/dev/null
echo "$image"
