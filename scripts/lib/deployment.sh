# shellcheck shell=bash
# A deployment on one machine, every part its own JVM: `po broker`, `po stubs` (the simulation's scripted model
# and Semantic Scholar/OpenAlex stub) and the agents' runnable jars, as docs/operations.md "Agents as separate processes
# on one machine" describes. Sourced by scripts/prometheus-proof and scripts/chaos after scripts/lib/jdk.sh's
# po_find_jdk. The caller sets ROOT (the repository), W (its work directory, with W/logs) and a say() function;
# every process started here is appended to PIDS, which the caller's cleanup stops.

PO_AGENTS=(outline-agent literature-agent plotting-agent writer-agent refine-agent reviewer-agent)
CLI_JAR="$ROOT/po-app/target/po-app-0.1.0-SNAPSHOT-exec.jar"
JAVA="$JAVA_HOME/bin/java"
JVM=(-Xmx384m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true)
[ "${PO_JAVA_MAJOR:-21}" -ge 24 ] && JVM+=(--sun-misc-unsafe-memory-access=allow)
PIDS=()

po_agent_jar() { echo "$ROOT/$1/target/$1-0.1.0-SNAPSHOT-exec.jar"; }

po_free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }

# po_wait_for SECONDS DESCRIPTION COMMAND...: poll every second until the command succeeds
po_wait_for() {
  local deadline=$((SECONDS + $1)) what="$2"; shift 2
  until "$@" >/dev/null 2>&1; do
    if [ $SECONDS -ge $deadline ]; then say "gave up waiting for $what"; return 1; fi
    sleep 1
  done
}

# the cli jar and every agent's jar: built by ./scripts/test (mvn verify), or here when one is missing;
# the cli jar's classes are unpacked to W/cli-jar for the single-file helpers in scripts/lib (CLASSES)
po_ensure_jars() {
  local missing=false a
  [ -f "$CLI_JAR" ] || missing=true
  for a in "${PO_AGENTS[@]}"; do [ -f "$(po_agent_jar "$a")" ] || missing=true; done
  if $missing; then
    po_require_maven
    say "building the jars (mvn package -pl po-app -am)"
    (cd "$ROOT" && mvn -q -B -ntp -DskipTests -pl po-app -am package) > "$W/logs/build.log" 2>&1 \
      || { tail -30 "$W/logs/build.log" >&2; return 1; }
  fi
  CLASSES="$W/cli-jar/BOOT-INF/classes:$W/cli-jar/BOOT-INF/lib/*"
  rm -rf "$W/cli-jar" && mkdir "$W/cli-jar" && (cd "$W/cli-jar" && "$JAVA_HOME/bin/jar" xf "$CLI_JAR")
}

# po_start_stubs PAPERS: `po stubs` with PAPERS model-mode papers; sources its addresses (MODEL_URL, SCHOLAR_URL,
# CONTROL_URL, MODEL_PAPERS, MODEL_PAPER_ID, MODEL_PAPER_MATERIALS)
po_start_stubs() {
  "$JAVA" -Xmx256m -jar "$CLI_JAR" stubs --examples "$ROOT/examples" --materials "$W/model-materials" \
    --papers "$1" --env-file "$W/providers.env" > "$W/logs/stubs.out" 2>&1 &
  PIDS+=($!)
  STUBS_PID=$!
  po_wait_for 120 "the model and scholarly stubs" test -f "$W/providers.env" || { cat "$W/logs/stubs.out" >&2; return 1; }
  # shellcheck source=/dev/null
  . "$W/providers.env"
  say "scripted model at $MODEL_URL, scholarly stub at $SCHOLAR_URL"
}

# what the stubs were asked so far, as name=value lines
po_stub_counts() { curl -fsS "$CONTROL_URL/counts"; }

# po_start_broker: `po broker` on a free port; sets BOOTSTRAP
po_start_broker() {
  local port
  port="$(po_free_port)"
  "$JAVA" "${JVM[@]}" -jar "$CLI_JAR" broker --port "$port" --state-dir "$W/broker" --startup-timeout PT5M \
    > "$W/logs/broker.out" 2>&1 &
  PIDS+=($!)
  po_wait_for 330 "po broker" grep -q "broker up at" "$W/logs/broker.out" || { cat "$W/logs/broker.out" >&2; return 1; }
  BOOTSTRAP="127.0.0.1:$port"
  say "po broker up at $BOOTSTRAP"
}

# po_start_agent AGENT INSTANCE PORT [SPRING_ARGS...]: one agent JVM against the broker and the stubs, its
# Actuator on PORT, its Kafka Streams state under W/streams/INSTANCE and its transactional ids named after INSTANCE
# (both kept across restarts of the instance, so a restart fences what a killed predecessor left open) and its
# output appended to W/logs/INSTANCE.out; sets AGENT_PID
po_start_agent() {
  local agent="$1" instance="$2" port="$3"; shift 3
  local replay
  replay="$(ls "$ROOT"/examples/*/scholar_records.json | paste -sd, -)"
  PO_KAFKA_BOOTSTRAP_SERVERS="$BOOTSTRAP" PO_KAFKA_CREATE_TOPICS=false PO_BLOB_ROOT="$W/blobs" \
  PO_KAFKA_STREAMS_STATE_DIR="$W/streams/$instance" PO_KAFKA_INSTANCE_ID="$instance" PO_WRITER_WORK_DIR="$W/writer-jobs" \
  PO_REFINE_WORK_DIR="$W/refine-jobs" PO_LITERATURE_REPLAY_FILES="$replay" \
    "$JAVA" "${JVM[@]}" -jar "$(po_agent_jar "$agent")" --server.port="$port" \
    --po.llm.provider=openai --po.llm.base-url="$MODEL_URL" --po.llm.model=simulated-model --po.llm.api-key=stub-model-key \
    --po.literature.discovery-sources=searcher,openalex --po.literature.s2.base-url="$SCHOLAR_URL" \
    --po.literature.openalex.base-url="$SCHOLAR_URL" --po.literature.s2.request-spacing=50ms \
    "$@" >> "$W/logs/$instance.out" 2>&1 &
  AGENT_PID=$!
  PIDS+=($AGENT_PID)
}

# po_wait_ready INSTANCE PORT [SECONDS]: until the agent's readiness probe answers UP
po_wait_ready() {
  po_wait_for "${3:-300}" "$1 readiness" curl -fsS "http://127.0.0.1:$2/actuator/health/readiness" \
    || { tail -40 "$W/logs/$1.out" >&2; return 1; }
}

# po_stop_all: TERM every process started here, then wait for each
po_stop_all() {
  local pid
  for pid in "${PIDS[@]}"; do kill -CONT "$pid" 2>/dev/null || true; kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
}
