#!/usr/bin/env bash
# Fetches the vendored schemas again (deploy/schemas/README.md): Kubernetes' from Debian unstable's Go packages of
# client-go and api, Strimzi's by running Strimzi's CRD generator on its released API classes from Maven Central.
# Needs apt (a scratch configuration under $WORK, nothing on the machine changes), Maven and a JDK 21+.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
WORK="${WORK:-$(mktemp -d)}"
K8S=0.36.4 STRIMZI=1.2.0
mkdir -p "$WORK/apt/lists/partial" "$WORK/apt/cache/archives/partial" "$WORK/debs"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian sid main" \
  > "$WORK/apt/sources.list"
APT=(-o "Dir::Etc::sourcelist=$WORK/apt/sources.list" -o Dir::Etc::sourceparts=- -o "Dir::State::Lists=$WORK/apt/lists"
     -o "Dir::Cache=$WORK/apt/cache")
apt-get "${APT[@]}" update -qq
(cd "$WORK/debs" && apt-get "${APT[@]}" download "golang-k8s-client-go-dev=$K8S-1" "golang-k8s-api-dev=$K8S-1")
for deb in "$WORK"/debs/*.deb; do dpkg-deb -x "$deb" "$WORK/x"; done
python3 - "$WORK/x/usr/share/gocode/src/k8s.io" "$HERE/kubernetes-1.36" <<'PY'
import glob, os, re, sys
src, out = sys.argv[1], sys.argv[2]
text = open(src + "/client-go/applyconfigurations/internal/internal.go").read()
open(out + "/types.yaml", "w").write(re.search(r"var schemaYAML = typed\.YAMLObject\(`(.*?)`\)", text, re.S).group(1))
rows = []
for f in sorted(glob.glob(src + "/api/**/zz_generated.prerelease-lifecycle.go", recursive=True)):
    package = os.path.relpath(os.path.dirname(f), src + "/api")
    for kind, major, minor in re.findall(r"func \(in \*(\w+)\) APILifecycleRemoved\(\) \(major, minor int\) \{\s*"
                                         r"return (\d+), (\d+)", open(f).read()):
        rows.append(f"{package} {kind} {major}.{minor}")
open(out + "/removed.txt", "w").write("# package/version kind release-that-stops-serving-it, from k8s.io/api "
                                      "v0.36.4 zz_generated.prerelease-lifecycle.go\n" + "\n".join(rows) + "\n")
PY
cp "$WORK/x/usr/share/doc/golang-k8s-client-go-dev/copyright" "$HERE/kubernetes-1.36/COPYRIGHT-client-go"
cat > "$WORK/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>vendor</groupId><artifactId>strimzi-crds</artifactId><version>1</version><dependencies>
<dependency><groupId>io.strimzi</groupId><artifactId>api</artifactId><version>$STRIMZI</version></dependency>
<dependency><groupId>io.strimzi</groupId><artifactId>crd-generator</artifactId><version>$STRIMZI</version></dependency>
</dependencies></project>
POM
(cd "$WORK" && mvn -B -q dependency:build-classpath -Dmdep.outputFile=cp.txt)
out="$HERE/strimzi-$STRIMZI"
java -cp "$(cat "$WORK/cp.txt")" io.strimzi.crdgenerator.CrdGenerator --label app:strimzi \
  --label strimzi.io/crd-install:true --target-kube 1.16+ --crd-api-version v1 --api-versions v1 \
  --storage-version v1 --yaml \
  io.strimzi.api.kafka.model.kafka.Kafka="$out/040-Crd-kafka.yaml" \
  io.strimzi.api.kafka.model.topic.KafkaTopic="$out/043-Crd-kafkatopic.yaml" \
  io.strimzi.api.kafka.model.user.KafkaUser="$out/044-Crd-kafkauser.yaml" \
  io.strimzi.api.kafka.model.nodepool.KafkaNodePool="$out/045-Crd-kafkanodepool.yaml"
echo "vendored into $HERE (work files in $WORK)"
