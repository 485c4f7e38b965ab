# shellcheck shell=bash
# Finds a JDK 21 or newer and exports JAVA_HOME; sourced by ./po, scripts/test and .ci/run.
# Order: PO_JAVA_HOME, JAVA_HOME, the java on PATH, then every JDK under /usr/lib/jvm and ~/.sdkman (newest first).

po_java_major() {
  local version
  version=$("$1/bin/java" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2; exit}')
  echo "${version%%.*}"
}

po_find_jdk() {
  local candidates=() c major
  [ -n "${PO_JAVA_HOME:-}" ] && candidates+=("$PO_JAVA_HOME")
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  if command -v java >/dev/null 2>&1; then
    candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")")
  fi
  for c in $(ls -d /usr/lib/jvm/* "$HOME"/.sdkman/candidates/java/* 2>/dev/null | sort -rV); do
    candidates+=("$c")
  done
  for c in "${candidates[@]}"; do
    if [ -x "$c/bin/java" ] && [ -x "$c/bin/javac" ]; then
      major=$(po_java_major "$c")
      if [ -n "$major" ] && [ "$major" -ge 21 ] 2>/dev/null; then
        export JAVA_HOME="$c"
        export PO_JAVA_MAJOR="$major"
        return 0
      fi
    fi
  done
  echo "po: no JDK 21 or newer found (looked at PO_JAVA_HOME, JAVA_HOME, the java on PATH, /usr/lib/jvm/*, ~/.sdkman)." >&2
  echo "po: install one (e.g. a Temurin 21+ JDK) and set PO_JAVA_HOME to its directory." >&2
  return 1
}

po_require_maven() {
  if ! command -v mvn >/dev/null 2>&1; then
    echo "po: Maven 3.8+ is needed to build po (Debian: apt-get install maven)." >&2
    return 1
  fi
}
