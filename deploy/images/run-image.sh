#!/usr/bin/env bash
# Runs a docker-save image tarball (what `jib:buildTar` writes) on this machine without Docker, the way the
# manifests run it: as the image's user, with the image's environment and entrypoint, on a read-only root
# filesystem with a writable tmpfs on /tmp, in its own mount and PID namespaces. For trying an image where no
# container engine exists; not a container runtime (no network namespace, no cgroup limits, no whiteouts).
#   deploy/images/run-image.sh IMAGE.tar [-e NAME=VALUE]... [-- COMMAND [ARG]...]
# Without COMMAND the image's entrypoint runs. Needs root (unshare, mount, chroot).
set -euo pipefail
[ $# -ge 1 ] || { sed -n '2,7p' "$0" >&2; exit 2; }
IMAGE="$(readlink -f "$1")"; shift
ENVS=()
while [ $# -gt 0 ]; do
  case "$1" in
    -e) ENVS+=("$2"); shift 2 ;;
    --) shift; break ;;
    *) echo "run-image: unknown option $1" >&2; exit 2 ;;
  esac
done
[ "$(id -u)" = 0 ] || { echo "run-image: needs root (unshare, mount, chroot)" >&2; exit 2; }
WORK="$(mktemp -d "${TMPDIR:-/tmp}/po-run-image.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/image" "$WORK/root"
tar -xf "$IMAGE" -C "$WORK/image"
# manifest.json names the config and the layers in order; each layer is a (possibly gzipped) tar
python3 - "$WORK" "$@" > "$WORK/plan" <<'PY'
import json, shlex, sys
work, command = sys.argv[1], sys.argv[2:]
manifest = json.load(open(f"{work}/image/manifest.json"))[0]
config = json.load(open(f"{work}/image/{manifest['Config']}"))["config"]
print("LAYERS=(" + " ".join(shlex.quote(layer) for layer in manifest["Layers"]) + ")")
print("IMAGE_USER=" + shlex.quote(config.get("User") or "0:0"))
print("IMAGE_ENV=(" + " ".join(shlex.quote(e) for e in config.get("Env") or []) + ")")
print("IMAGE_WORKDIR=" + shlex.quote(config.get("WorkingDir") or "/"))
argv = command or (config.get("Entrypoint") or []) + (config.get("Cmd") or [])
print("IMAGE_ARGV=(" + " ".join(shlex.quote(a) for a in argv) + ")")
PY
# shellcheck disable=SC1091
. "$WORK/plan"
for layer in "${LAYERS[@]}"; do tar -xf "$WORK/image/$layer" -C "$WORK/root" 2>/dev/null; done
R="$WORK/root"
# the child keeps its own mounts; everything it mounts goes away with it
unshare --mount --pid --fork bash -euc '
  R="$1"; user="$2"; workdir="$3"; shift 3
  mount --bind "$R" "$R" && mount -o remount,bind,ro "$R"
  mount -t proc proc "$R/proc"
  mount -t tmpfs -o mode=1777 tmpfs "$R/tmp"
  mount -t tmpfs tmpfs "$R/dev"
  for d in null:1:3 zero:1:5 random:1:8 urandom:1:9; do IFS=: read -r n a b <<<"$d"; mknod -m 666 "$R/dev/$n" c "$a" "$b"; done
  [ -f /etc/resolv.conf ] && mount --bind /etc/resolv.conf "$R/etc/resolv.conf" 2>/dev/null || true
  exec chroot --userspec="$user" "$R" /usr/bin/env -i "$@"
' run-image "$R" "$IMAGE_USER" "$IMAGE_WORKDIR" "${IMAGE_ENV[@]}" "${ENVS[@]}" sh -c 'cd "$0" && exec "$@"' "$IMAGE_WORKDIR" "${IMAGE_ARGV[@]}"
