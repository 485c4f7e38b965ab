#!/usr/bin/env bash
# Builds the two base images every PaperOrchestra image starts from, without a Docker daemon and without a
# registry: Debian bookworm root filesystems made from Debian packages, written as docker-save tarballs that
# Jib reads with `from.image=tar://...`.
#
#   po-jre-base.tar   Debian bookworm (minbase) + fonts + a Java runtime linked with jlink from the build JDK
#   po-tex-base.tar   po-jre-base + TeX Live (latexmk, pdflatex, bibtex and the LaTeX packages the writer uses)
#
# How:
#   1. debootstrap --variant=minbase bookworm into a directory (only Debian packages, from the apt mirror this
#      machine already uses), plus the libraries and fonts Java2D needs to draw charts headless;
#   2. jlink a runtime from the JDK 21+ this build uses (scripts/lib/jdk.sh) into /opt/java/openjdk;
#   3. add the unprivileged user `nonroot` (uid/gid 65532) that every image runs as;
#   4. for the TeX image: copy that tree and run `apt-get install` of the TeX Live packages inside it with
#      chroot, so their maintainer scripts run (fmtutil builds pdflatex.fmt, mktexlsr indexes the tree) —
#      unpacking the .deb files with dpkg -x would leave TeX without its format files;
#   5. drop apt lists, caches, documentation and man pages, and write each tree as one layer of a
#      docker-save tarball (manifest.json, config, gzip layer) with a fixed modification time.
#
# Needs root (debootstrap, chroot), debootstrap, and access to a Debian mirror. Output: deploy/images/target/
# (or --out DIR). In production push the two tarballs to your registry (e.g. `skopeo copy
# docker-archive:po-tex-base.tar docker://registry.example/paperorchestra/tex-base:bookworm`) and build the
# application images with -Dpo.image.jre-base=registry://... / -Dpo.image.tex-base=... (deploy/README.md).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
OUT="$HERE/target"
MIRROR="${PO_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
SUITE=bookworm
ONLY=""
while [ $# -gt 0 ]; do
  case "$1" in
    --out) OUT="$2"; shift 2 ;;
    --mirror) MIRROR="$2"; shift 2 ;;
    --only) ONLY="$2"; shift 2 ;;   # jre or tex
    -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
    *) echo "build-base: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
done
[ "$(id -u)" = 0 ] || { echo "build-base: needs root (debootstrap and chroot)" >&2; exit 2; }
command -v debootstrap >/dev/null || { echo "build-base: debootstrap is missing (apt-get install debootstrap)" >&2; exit 2; }
# shellcheck source=../../scripts/lib/jdk.sh
. "$ROOT/scripts/lib/jdk.sh"
po_find_jdk
mkdir -p "$OUT"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/po-base.XXXXXX")"
MOUNTS=()
cleanup() {
  local m
  for m in "${MOUNTS[@]}"; do umount -l "$m" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

# Libraries and fonts for headless Java2D (JFreeChart, PDFBox rendering) and TLS roots; tini reaps the
# latexmk process trees the writer and refine agents start.
JRE_PACKAGES=ca-certificates,tzdata,fontconfig,fonts-dejavu-core,libfreetype6,libpng16-16,zlib1g,tini
# bubblewrap: the compile sandbox the writer and refine agents run latexmk in (docs/operations.md, "The deployment
# as containers": the seccomp setting it needs in a container)
TEX_PACKAGES=(latexmk latexdiff texlive-latex-base texlive-latex-recommended texlive-latex-extra texlive-fonts-recommended poppler-utils bubblewrap)
# Modules of the runtime: what Spring Boot, the Kafka clients and Streams, Avro, PDFBox and JFreeChart load, and
# jdk.httpserver for the cli (`po broker` runs in this image in scripts/containers; the cli loads its stub servers).
JAVA_MODULES=java.base,java.compiler,java.desktop,java.instrument,java.logging,java.management,java.management.rmi,java.naming,java.net.http,java.prefs,java.rmi,java.scripting,java.security.jgss,java.security.sasl,java.sql,java.transaction.xa,java.xml,java.xml.crypto,jdk.charsets,jdk.crypto.cryptoki,jdk.httpserver,jdk.jfr,jdk.localedata,jdk.management,jdk.management.jfr,jdk.naming.dns,jdk.net,jdk.security.auth,jdk.unsupported,jdk.zipfs
EPOCH=1700000000   # fixed layer timestamps: the same inputs give the same layer digest

step() { echo "build-base: $*" >&2; }

strip_tree() {
  local r="$1"
  rm -rf "$r"/var/lib/apt/lists/* "$r"/var/cache/apt/*.bin "$r"/var/cache/apt/archives/*.deb \
         "$r"/usr/share/doc/* "$r"/usr/share/man/* "$r"/usr/share/info/* "$r"/var/log/* \
         "$r"/usr/share/texlive/texmf-dist/doc "$r"/usr/share/texmf/doc "$r"/tmp/* "$r"/root/.cache
  # no package manager state is needed at run time, but keep dpkg's database so scanners can list packages
  chmod 1777 "$r/tmp"
}

# write_image ROOTFS TAG FILE ENV...: one-layer docker-save tarball
write_image() {
  local rootfs="$1" tag="$2" file="$3"; shift 3
  local dir="$WORK/image-$(basename "$file" .tar)"
  mkdir -p "$dir"
  step "packing $tag"
  tar --numeric-owner --sort=name --mtime="@$EPOCH" -C "$rootfs" -cf "$dir/layer.tar" .
  local diff_id; diff_id="sha256:$(sha256sum "$dir/layer.tar" | cut -d' ' -f1)"
  gzip -n -1 "$dir/layer.tar"
  local envjson="" e
  for e in "$@"; do envjson+="${envjson:+,}\"$e\""; done
  local created; created="$(date -u -d "@$EPOCH" +%Y-%m-%dT%H:%M:%SZ)"
  cat > "$dir/config.json" <<JSON
{"architecture":"amd64","os":"linux","created":"$created",
 "config":{"User":"65532:65532","WorkingDir":"/home/nonroot","Env":[$envjson],
           "Labels":{"org.opencontainers.image.title":"$tag","org.opencontainers.image.description":"Debian $SUITE base made by deploy/images/build-base.sh"}},
 "rootfs":{"type":"layers","diff_ids":["$diff_id"]},
 "history":[{"created":"$created","created_by":"deploy/images/build-base.sh"}]}
JSON
  local config_sha; config_sha="$(sha256sum "$dir/config.json" | cut -d' ' -f1)"
  mv "$dir/config.json" "$dir/$config_sha.json"
  mv "$dir/layer.tar.gz" "$dir/layer.tar"   # docker-save names the layer layer.tar; Jib detects gzip itself
  printf '[{"Config":"%s.json","RepoTags":["%s"],"Layers":["layer.tar"]}]\n' "$config_sha" "$tag" > "$dir/manifest.json"
  tar --numeric-owner -C "$dir" -cf "$file.tmp" manifest.json "$config_sha.json" layer.tar
  mv "$file.tmp" "$file"
  step "wrote $file ($(du -h "$file" | cut -f1))"
}

JAVA_ENV=("PATH=/opt/java/openjdk/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
          "JAVA_HOME=/opt/java/openjdk" "LANG=C.UTF-8" "HOME=/home/nonroot")

JRE_ROOT="$WORK/jre"
step "debootstrap $SUITE (minbase) from $MIRROR"
debootstrap --variant=minbase --include="$JRE_PACKAGES" "$SUITE" "$JRE_ROOT" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 \
  || { tail -20 "$WORK/debootstrap.log" >&2; exit 1; }
step "jlink a Java $PO_JAVA_MAJOR runtime from $JAVA_HOME"
available="$("$JAVA_HOME/bin/java" --list-modules | sed 's/@.*//' | tr '\n' ',')"
modules=""
for m in ${JAVA_MODULES//,/ }; do
  case ",$available" in *",$m,"*) modules+="${modules:+,}$m" ;; esac
done
"$JAVA_HOME/bin/jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages \
  --compress=zip-6 --output "$JRE_ROOT/opt/java/openjdk"
# a class-data-sharing archive for the linked runtime: faster start of every agent
"$JRE_ROOT/opt/java/openjdk/bin/java" -Xshare:dump >/dev/null 2>&1 || true
echo 'nonroot:x:65532:65532:nonroot:/home/nonroot:/usr/sbin/nologin' >> "$JRE_ROOT/etc/passwd"
echo 'nonroot:x:65532:' >> "$JRE_ROOT/etc/group"
install -d -o 65532 -g 65532 -m 0755 "$JRE_ROOT/home/nonroot"
cp /dev/null "$JRE_ROOT/etc/resolv.conf"

if [ "$ONLY" != tex ]; then
  cp -a "$JRE_ROOT" "$WORK/jre-out"
  strip_tree "$WORK/jre-out"
  write_image "$WORK/jre-out" "paperorchestra/jre-base:bookworm" "$OUT/po-jre-base.tar" "${JAVA_ENV[@]}"
  rm -rf "$WORK/jre-out"
fi

if [ "$ONLY" != jre ]; then
  TEX_ROOT="$JRE_ROOT"
  step "apt-get install ${TEX_PACKAGES[*]} (in a chroot, so TeX's formats are built)"
  cp /etc/resolv.conf "$TEX_ROOT/etc/resolv.conf"
  for m in proc dev; do mount --bind "/$m" "$TEX_ROOT/$m"; MOUNTS+=("$TEX_ROOT/$m"); done
  chroot "$TEX_ROOT" env DEBIAN_FRONTEND=noninteractive sh -c \
    "apt-get update -qq && apt-get install -y -qq --no-install-recommends ${TEX_PACKAGES[*]}" \
    >"$WORK/apt.log" 2>&1 || { tail -30 "$WORK/apt.log" >&2; exit 1; }
  chroot "$TEX_ROOT" sh -c 'command -v latexmk && kpsewhich -engine=pdftex pdflatex.fmt' >&2 \
    || { echo "build-base: pdflatex.fmt was not built in the TeX tree" >&2; exit 1; }
  for m in "${MOUNTS[@]}"; do umount -l "$m"; done
  MOUNTS=()
  cp /dev/null "$TEX_ROOT/etc/resolv.conf"
  strip_tree "$TEX_ROOT"
  write_image "$TEX_ROOT" "paperorchestra/tex-base:bookworm" "$OUT/po-tex-base.tar" "${JAVA_ENV[@]}"
fi
