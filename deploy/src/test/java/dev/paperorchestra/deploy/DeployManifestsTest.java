package dev.paperorchestra.deploy;

import static dev.paperorchestra.deploy.Yamls.at;
import static dev.paperorchestra.deploy.Yamls.list;
import static dev.paperorchestra.deploy.Yamls.map;
import static dev.paperorchestra.deploy.Yamls.str;
import static dev.paperorchestra.deploy.Yamls.strings;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.schemas.topics.TopicLayout;
import dev.paperorchestra.schemas.topics.TopicLayout.TopicDefinition;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Renders every overlay with {@code kubectl kustomize} and checks the deployment's invariants on the rendered
 * objects: hardened pods, resources and probes, images exactly as Jib builds them, disruption budgets and
 * spreading, network policies, scaling bounds, topics as the catalog defines them.
 */
class DeployManifestsTest {

    private static final String TEX_BASE = "${po.image.tex-base}";
    /** Consumers one literature-agent replica runs on literature-search-tasks (po.literature.search-concurrency). */
    private static final int SEARCH_CONSUMERS_PER_REPLICA = 4;
    private static final Set<String> WRITABLE_ROOTS = Set.of("/tmp", "/var/lib/paperorchestra");
    /** Images only the dev overlay deploys: its blob store (prod uses S3 or a shared volume) and schema registry. */
    private static final Set<String> DEV_ONLY = Set.of("s3proxy", "schema-registry");
    /** The Localhost seccomp profile of the TeX agents, as nodes carry it (deploy/seccomp/bwrap.json). */
    static final String SECCOMP_PROFILE = "paperorchestra/bwrap.json";
    /** Apicurio Registry (Quarkus) answers health on its management port, not under /actuator. */
    private static final Set<String> QUARKUS_HEALTH = Set.of("schema-registry");

    private static RenderedOverlay overlay(String name) throws Exception {
        return RenderedOverlay.cached(name);
    }

    private static List<Map<String, Object>> podSpecs(RenderedOverlay overlay) {
        return overlay.ofKind("Deployment").stream().map(d -> map(d, "spec", "template", "spec")).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod", "prod-ingress"})
    void every_pod_runs_as_non_root_with_a_read_only_root_and_no_capabilities_or_token(String name) throws Exception {
        RenderedOverlay overlay = overlay(name);
        assertThat(overlay.ofKind("Deployment")).hasSizeGreaterThanOrEqualTo(6);
        assertThat(overlay.named("ServiceAccount", "paperorchestra-agent").get("automountServiceAccountToken"))
                .isEqualTo(false);
        for (Map<String, Object> deployment : overlay.ofKind("Deployment")) {
            String deploymentName = str(deployment, "metadata", "name");
            Map<String, Object> pod = map(deployment, "spec", "template", "spec");
            assertThat(pod.get("serviceAccountName")).as(deploymentName).isEqualTo("paperorchestra-agent");
            assertThat(pod.get("automountServiceAccountToken")).as(deploymentName).isEqualTo(false);
            assertThat(at(pod, "securityContext", "runAsNonRoot")).as(deploymentName).isEqualTo(true);
            assertThat(at(pod, "securityContext", "runAsUser")).as(deploymentName).isEqualTo(65532);
            assertThat(str(pod, "securityContext", "seccompProfile", "type")).as(deploymentName).isEqualTo("RuntimeDefault");
            for (Map<String, Object> container : list(pod, "containers")) {
                Map<String, Object> security = map(container, "securityContext");
                assertThat(security.get("allowPrivilegeEscalation")).as(deploymentName).isEqualTo(false);
                assertThat(security.get("readOnlyRootFilesystem")).as(deploymentName).isEqualTo(true);
                assertThat(security.get("runAsNonRoot")).as(deploymentName).isEqualTo(true);
                assertThat(strings(security, "capabilities", "drop")).as(deploymentName).containsExactly("ALL");
                // only the TeX agents leave RuntimeDefault: their compile sandbox (bubblewrap) unshares a user
                // namespace, which RuntimeDefault refuses without CAP_SYS_ADMIN; they run under the vendored Localhost
                // profile, which Pod Security `restricted` accepts (ImagesIT and the containers test compile under it)
                if (deploymentName.equals("writer-agent") || deploymentName.equals("refine-agent")) {
                    assertThat(at(security, "seccompProfile", "type")).as(deploymentName).isEqualTo("Localhost");
                    assertThat(str(security, "seccompProfile", "localhostProfile")).as(deploymentName)
                            .isEqualTo(SECCOMP_PROFILE);
                    assertThat(RenderedOverlay.DEPLOY.resolve("seccomp").resolve(SECCOMP_PROFILE.substring(
                            SECCOMP_PROFILE.indexOf('/') + 1))).isRegularFile();
                } else {
                    assertThat(at(security, "seccompProfile")).as(deploymentName).isNull();
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod", "prod-ingress"})
    void every_path_an_agent_writes_is_a_mounted_volume(String name) throws Exception {
        for (Map<String, Object> pod : podSpecs(overlay(name))) {
            Set<String> volumes = list(pod, "volumes").stream().map(v -> str(v, "name")).collect(Collectors.toSet());
            for (Map<String, Object> container : list(pod, "containers")) {
                List<String> mounts = list(container, "volumeMounts").stream().map(m -> str(m, "mountPath")).toList();
                assertThat(list(container, "volumeMounts")).extracting(m -> str(m, "name"))
                        .allMatch(volumes::contains);
                assertThat(mounts).as(str(container, "name") + " scratch").contains("/tmp");
                for (Map<String, Object> env : list(container, "env")) {
                    String value = str(env, "value");
                    if (WRITABLE_ROOTS.stream().anyMatch(value::startsWith)) {
                        assertThat(mounts).as(str(container, "name") + " " + str(env, "name") + "=" + value)
                                .anyMatch(mount -> value.equals(mount) || value.startsWith(mount + "/"));
                    }
                }
            }
        }
    }

    /**
     * A service that runs a Kafka Streams application writes its state stores under
     * {@code PO_KAFKA_STREAMS_STATE_DIR}; left unset, Streams writes beside the working directory, which the read-only
     * root refuses, and the service never starts (the outline agent's approval gate did exactly that).
     */
    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod", "prod-ingress"})
    void every_service_running_kafka_streams_keeps_its_state_on_a_mounted_volume(String name) throws Exception {
        for (Map<String, Object> pod : podSpecs(overlay(name))) {
            for (Map<String, Object> container : list(pod, "containers")) {
                Path sources = Path.of("..", str(container, "name"), "src", "main", "java");
                if (runsKafkaStreams(sources)) {
                    assertThat(list(container, "env")).as(str(container, "name") + " runs Kafka Streams")
                            .extracting(env -> str(env, "name")).contains("PO_KAFKA_STREAMS_STATE_DIR");
                }
            }
        }
    }

    private static boolean runsKafkaStreams(Path sources) throws java.io.IOException {
        if (!java.nio.file.Files.isDirectory(sources)) {
            return false;
        }
        try (var files = java.nio.file.Files.walk(sources)) {
            return files.filter(file -> file.toString().endsWith(".java")).anyMatch(file -> {
                try {
                    String text = java.nio.file.Files.readString(file);
                    return text.contains("PaperAggregationRunner") || text.contains("StreamsBuilder");
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod", "prod-ingress"})
    void every_container_has_resources_and_probes_on_the_actuator_groups(String name) throws Exception {
        for (Map<String, Object> pod : podSpecs(overlay(name))) {
            for (Map<String, Object> container : list(pod, "containers")) {
                String containerName = str(container, "name");
                String health = QUARKUS_HEALTH.contains(containerName) ? "/health" : "/actuator/health";
                assertThat(str(container, "resources", "requests", "cpu")).as(containerName).isNotEmpty();
                assertThat(str(container, "resources", "requests", "memory")).as(containerName).isNotEmpty();
                assertThat(str(container, "resources", "limits", "memory")).as(containerName).isNotEmpty();
                String live = QUARKUS_HEALTH.contains(containerName) ? "/live" : "/liveness";
                String ready = QUARKUS_HEALTH.contains(containerName) ? "/ready" : "/readiness";
                assertThat(str(container, "livenessProbe", "httpGet", "path")).as(containerName)
                        .isEqualTo(health + live);
                assertThat(str(container, "startupProbe", "httpGet", "path")).as(containerName)
                        .isEqualTo(health + live);
                assertThat(str(container, "readinessProbe", "httpGet", "path")).as(containerName)
                        .isEqualTo(health + ready);
                assertThat(list(container, "ports")).extracting(p -> str(p, "name")).contains("http");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod", "prod-ingress"})
    void manifests_name_exactly_the_images_jib_builds(String name) throws Exception {
        JibImages jib = JibImages.read(RenderedOverlay.DEPLOY.getParent());
        Map<String, String> deployed = new HashMap<>();
        for (Map<String, Object> deployment : overlay(name).ofKind("Deployment")) {
            for (Map<String, Object> container : list(deployment, "spec", "template", "spec", "containers")) {
                deployed.put(str(deployment, "metadata", "name"), str(container, "image"));
            }
        }
        Map<String, String> expected = new HashMap<>(jib.images());
        if (!name.equals("dev")) {
            expected.keySet().removeAll(DEV_ONLY);
        }
        assertThat(deployed).isEqualTo(expected);
        // the two agents that run latexmk are built on the TeX Live base, the others are not
        assertThat(jib.bases()).containsEntry("writer-agent", TEX_BASE).containsEntry("refine-agent", TEX_BASE);
        assertThat(jib.bases().entrySet()).filteredOn(e -> e.getValue().equals(TEX_BASE))
                .extracting(Map.Entry::getKey).containsExactlyInAnyOrder("writer-agent", "refine-agent");
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod", "prod-ingress"})
    void refine_agent_is_complete_for_compiling_revisions(String name) throws Exception {
        Map<String, Object> pod = map(overlay(name).named("Deployment", "refine-agent"), "spec", "template", "spec");
        Map<String, Object> container = list(pod, "containers").getFirst();
        Map<String, String> env = list(container, "env").stream()
                .collect(Collectors.toMap(e -> str(e, "name"), e -> str(e, "value")));
        assertThat(env).containsKeys("PO_REFINE_WORK_DIR", "TEXMFVAR");
        assertThat(list(container, "volumeMounts")).extracting(m -> str(m, "mountPath"))
                .contains(env.get("PO_REFINE_WORK_DIR"));
        assertThat(mebibytes(str(container, "resources", "limits", "memory"))).isGreaterThanOrEqualTo(2048);
        assertThat(env.get("JAVA_TOOL_OPTIONS")).contains("MaxRAMPercentage=50");
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod", "prod-ingress"})
    void every_deployment_has_a_disruption_budget_and_spreads_over_nodes_and_zones(String name) throws Exception {
        RenderedOverlay overlay = overlay(name);
        for (Map<String, Object> deployment : overlay.ofKind("Deployment")) {
            String deploymentName = str(deployment, "metadata", "name");
            Map<String, Object> selector = map(deployment, "spec", "selector", "matchLabels");
            assertThat(overlay.ofKind("PodDisruptionBudget")).as(deploymentName)
                    .anyMatch(pdb -> map(pdb, "spec", "selector", "matchLabels").equals(selector)
                            && map(pdb, "spec").containsKey("maxUnavailable"));
            assertThat(list(deployment, "spec", "template", "spec", "topologySpreadConstraints"))
                    .extracting(c -> str(c, "topologyKey"))
                    .as(deploymentName).contains("kubernetes.io/hostname", "topology.kubernetes.io/zone");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod", "prod-ingress"})
    void pods_accept_only_prometheus_or_the_ingress_and_reach_only_dns_kafka_and_https_endpoints(String name)
            throws Exception {
        RenderedOverlay overlay = overlay(name);
        for (Map<String, Object> deployment : overlay.ofKind("Deployment")) {
            String deploymentName = str(deployment, "metadata", "name");
            Map<String, Object> podLabels = map(deployment, "spec", "template", "metadata", "labels");
            boolean frontDoor = "front-door".equals(podLabels.get("app.kubernetes.io/component"));
            boolean blobStore = "blob-store".equals(podLabels.get("app.kubernetes.io/component"))
                    || "schema-registry".equals(podLabels.get("app.kubernetes.io/component"));
            List<Map<String, Object>> ingress = policiesSelecting(overlay, podLabels, "Ingress").stream()
                    .flatMap(p -> list(p, "spec", "ingress").stream()).toList();
            assertThat(ingress).as(deploymentName + " ingress").isNotEmpty().allSatisfy(rule -> {
                List<String> ports = list(rule, "ports").stream().map(p -> str(p, "port")).toList();
                // the blob store's S3 port and the registry's API take our own pods (same namespace, no
                // namespaceSelector) and nothing else
                if (blobStore && (ports.equals(List.of("s3")) || ports.equals(List.of("api")))) {
                    assertThat(list(rule, "from")).isNotEmpty().allMatch(peer -> at(peer, "namespaceSelector") == null
                            && "paperorchestra".equals(str(peer, "podSelector", "matchLabels",
                                    "app.kubernetes.io/part-of")));
                    return;
                }
                assertThat(list(rule, "from")).isNotEmpty().allMatch(peer -> isPrometheus(peer)
                        || frontDoor && "allowed".equals(str(peer, "namespaceSelector", "matchLabels",
                        "paperorchestra.dev/front-door")) && at(peer, "podSelector") == null);
                assertThat(ports).containsExactly("http");
            });
            List<Map<String, Object>> egress = policiesSelecting(overlay, podLabels, "Egress").stream()
                    .flatMap(p -> list(p, "spec", "egress").stream()).toList();
            assertThat(egress).as(deploymentName + " egress").isNotEmpty()
                    .allSatisfy(rule -> assertThat(list(rule, "to")).isNotEmpty());
            assertThat(egress).anyMatch(rule -> list(rule, "ports").stream().anyMatch(p -> str(p, "port").equals("53")));
            assertThat(egress).anyMatch(rule -> list(rule, "to").stream()
                    .anyMatch(peer -> "paperorchestra".equals(str(peer, "podSelector", "matchLabels", "strimzi.io/cluster"))));
            for (Map<String, Object> rule : egress) {
                for (Map<String, Object> peer : list(rule, "to")) {
                    if (at(peer, "ipBlock") != null) {
                        assertThat(list(rule, "ports")).as("outside the cluster only HTTPS")
                                .extracting(p -> str(p, "port")).containsExactly("443");
                        assertThat(strings(peer, "ipBlock", "except"))
                                .contains("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16");
                    } else {
                        assertThat(map(peer, "podSelector", "matchLabels")).as("in-cluster peers are selected pods")
                                .isNotEmpty();
                    }
                }
            }
        }
    }

    private static List<Map<String, Object>> policiesSelecting(RenderedOverlay overlay, Map<String, Object> podLabels,
            String type) {
        return overlay.ofKind("NetworkPolicy").stream()
                .filter(p -> strings(p, "spec", "policyTypes").contains(type))
                .filter(p -> podLabels.entrySet().containsAll(map(p, "spec", "podSelector", "matchLabels").entrySet()))
                .toList();
    }

    private static boolean isPrometheus(Map<String, Object> peer) {
        return "prometheus".equals(str(peer, "podSelector", "matchLabels", "app.kubernetes.io/name"))
                && "monitoring".equals(namespaceOf(peer));
    }

    private static String namespaceOf(Map<String, Object> peer) {
        return str(peer, "namespaceSelector", "matchLabels", "kubernetes.io/metadata.name");
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod", "prod-ingress"})
    void scaled_workers_never_outnumber_partitions_and_the_verifier_is_never_scaled(String name) throws Exception {
        RenderedOverlay overlay = overlay(name);
        Map<String, Integer> partitions = topics(overlay).stream()
                .collect(Collectors.toMap(t -> str(t, "metadata", "name"), t -> (Integer) at(t, "spec", "partitions")));
        assertThat(partitions.get("citation-verify-requests")).isEqualTo(1);
        for (Map<String, Object> scaled : overlay.ofKind("ScaledObject")) {
            String target = str(scaled, "spec", "scaleTargetRef", "name");
            overlay.named("Deployment", target);
            int max = (Integer) at(scaled, "spec", "maxReplicaCount");
            List<Map<String, Object>> triggers = list(scaled, "spec", "triggers");
            assertThat(triggers).as(target).isNotEmpty().allSatisfy(trigger -> {
                assertThat(str(trigger, "type")).isEqualTo("kafka");
                String topic = str(trigger, "metadata", "topic");
                assertThat(topic).as(target).isNotEqualTo("citation-verify-requests").isIn(partitions.keySet());
                int perReplica = "literature-search-tasks".equals(topic) ? SEARCH_CONSUMERS_PER_REPLICA : 1;
                assertThat(max).as(target + " on " + topic).isLessThanOrEqualTo(partitions.get(topic) / perReplica);
                assertThat(str(trigger, "metadata", "consumerGroup")).isNotEmpty();
            });
            assertThat((Integer) at(scaled, "spec", "minReplicaCount")).isBetween(1, max);
        }
    }

    @Test
    void prod_scales_the_partitioned_workers_and_keeps_a_standby_verifier() throws Exception {
        RenderedOverlay prod = overlay("prod");
        assertThat(prod.ofKind("ScaledObject")).extracting(s -> str(s, "spec", "scaleTargetRef", "name"))
                .contains("literature-agent", "plotting-agent", "reviewer-agent", "refine-agent");
        assertThat(at(prod.named("Deployment", "literature-agent"), "spec", "replicas")).isEqualTo(2);
        assertThat(overlay("dev").ofKind("ScaledObject")).isEmpty();
    }

    /**
     * A scratch volume without a sizeLimit can fill the node's disk (or, memory-backed, its memory) before anything
     * stops it; a disk-backed one whose limits add up to more than the pod's ephemeral-storage limit is evicted
     * before its own limit means anything; a memory-backed one counts against the container's memory limit, so it
     * stays a small part of it.
     */
    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod", "prod-ingress"})
    void every_empty_dir_has_a_size_limit_within_the_pods_storage_and_memory_limits(String name) throws Exception {
        for (Map<String, Object> deployment : overlay(name).ofKind("Deployment")) {
            String deploymentName = str(deployment, "metadata", "name");
            Map<String, Object> pod = map(deployment, "spec", "template", "spec");
            long ephemeral = 0;
            long memory = 0;
            for (Map<String, Object> container : list(pod, "containers")) {
                ephemeral += mebibytes(str(container, "resources", "limits", "ephemeral-storage"));
                memory += mebibytes(str(container, "resources", "limits", "memory"));
            }
            long disk = 0;
            for (Map<String, Object> volume : list(pod, "volumes")) {
                if (!volume.containsKey("emptyDir")) {
                    continue;
                }
                String what = deploymentName + " emptyDir " + str(volume, "name");
                String sizeLimit = str(volume, "emptyDir", "sizeLimit");
                assertThat(sizeLimit).as(what + " sizeLimit").isNotEmpty();
                if ("Memory".equals(str(volume, "emptyDir", "medium"))) {
                    assertThat(mebibytes(sizeLimit)).as(what + " (tmpfs) against the memory limit")
                            .isLessThanOrEqualTo(memory / 4);
                } else {
                    assertThat(str(volume, "emptyDir", "medium")).as(what + " medium").isEmpty();
                    disk += mebibytes(sizeLimit);
                }
            }
            assertThat(disk).as(deploymentName + ": disk-backed emptyDir limits against the ephemeral-storage limit")
                    .isLessThanOrEqualTo(ephemeral);
        }
    }

    /**
     * dev: blobs in the s3proxy pod's bucket, no ReadWriteMany volume anywhere; the agents' endpoint, bucket and
     * keys are the ones s3proxy serves. prod keeps the shared volume (or the S3 service its operators configure).
     */
    @Test
    void dev_keeps_blobs_in_the_s3proxy_bucket_and_mounts_no_shared_volume() throws Exception {
        RenderedOverlay dev = overlay("dev");
        Map<String, Object> env = map(dev.named("ConfigMap", "paperorchestra-env"), "data");
        assertThat(env).containsEntry("PO_BLOB_TYPE", "s3").containsEntry("PO_BLOB_S3_PATH_STYLE_ACCESS", "true")
                .doesNotContainKey("PO_BLOB_ROOT");
        assertThat(dev.ofKind("PersistentVolumeClaim")).extracting(c -> str(c, "metadata", "name"))
                .containsExactly("s3proxy-data");
        for (Map<String, Object> deployment : dev.ofKind("Deployment")) {
            String deploymentName = str(deployment, "metadata", "name");
            List<Map<String, Object>> claims = list(deployment, "spec", "template", "spec", "volumes").stream()
                    .filter(v -> v.containsKey("persistentVolumeClaim")).toList();
            if (deploymentName.equals("s3proxy")) {
                assertThat(claims).extracting(v -> str(v, "persistentVolumeClaim", "claimName"))
                        .containsExactly("s3proxy-data");
            } else if (DEV_ONLY.contains(deploymentName)) {
                assertThat(claims).as(deploymentName).isEmpty();
            } else {
                assertThat(claims).as(deploymentName).isEmpty();
                assertThat(list(deployment, "spec", "template", "spec", "containers").getFirst().get("envFrom"))
                        .as(deploymentName + " reads the ConfigMap and the Secret with the access key pair")
                        .asString().contains("paperorchestra-env").contains("paperorchestra-keys");
            }
        }
        Map<String, Object> s3proxy = dev.named("Deployment", "s3proxy");
        Map<String, Object> container = list(s3proxy, "spec", "template", "spec", "containers").getFirst();
        Map<String, String> own = new HashMap<>();
        Map<String, String> secretKeys = new HashMap<>();
        for (Map<String, Object> item : list(container, "env")) {
            own.put(str(item, "name"), str(item, "value"));
            secretKeys.put(str(item, "name"), str(item, "valueFrom", "secretKeyRef", "key"));
        }
        assertThat(own.get("PO_S3PROXY_BUCKETS")).contains(str(env, "PO_BLOB_S3_BUCKET"));
        assertThat(secretKeys).containsEntry("AWS_ACCESS_KEY_ID", "AWS_ACCESS_KEY_ID")
                .containsEntry("AWS_SECRET_ACCESS_KEY", "AWS_SECRET_ACCESS_KEY");
        // the endpoint is the Service, on its S3 port, which reaches the container's PO_S3PROXY_PORT
        Map<String, Object> service = dev.named("Service", "s3proxy");
        Map<String, Object> s3Port = list(service, "spec", "ports").stream().filter(p -> str(p, "name").equals("s3"))
                .findFirst().orElseThrow();
        assertThat(str(env, "PO_BLOB_S3_ENDPOINT")).isEqualTo("http://s3proxy:" + str(s3Port, "port"));
        assertThat(list(container, "ports")).anyMatch(p -> str(p, "name").equals(str(s3Port, "targetPort"))
                && str(p, "containerPort").equals(own.get("PO_S3PROXY_PORT")));
        // the agents' egress policy reaches in-cluster pods only with this label
        assertThat(map(s3proxy, "spec", "template", "metadata", "labels"))
                .containsEntry("paperorchestra.dev/agent-egress", "allowed");
        assertThat(overlay("prod").ofKind("Deployment")).extracting(d -> str(d, "metadata", "name"))
                .doesNotContainAnyElementsOf(DEV_ONLY);
    }

    /**
     * dev: every event's schema is registered in its own Apicurio Registry, through the Confluent-compatible API on
     * the registry Service's API port.
     */
    @Test
    void dev_registers_every_event_in_its_schema_registry() throws Exception {
        RenderedOverlay dev = overlay("dev");
        Map<String, Object> env = map(dev.named("ConfigMap", "paperorchestra-env"), "data");
        Map<String, Object> service = dev.named("Service", "schema-registry");
        Map<String, Object> api = list(service, "spec", "ports").stream().filter(p -> str(p, "name").equals("api"))
                .findFirst().orElseThrow();
        assertThat(str(env, "PO_SCHEMA_REGISTRY_URL")).isEqualTo("http://schema-registry:" + str(api, "port")
                + "/apis/ccompat/v7");
        Map<String, Object> registry = dev.named("Deployment", "schema-registry");
        assertThat(map(registry, "spec", "template", "metadata", "labels"))
                .containsEntry("paperorchestra.dev/agent-egress", "allowed");
        assertThat(at(registry, "spec", "replicas")).as("in-memory storage: one registry").isEqualTo(1);
        assertThat(map(overlay("prod").named("ConfigMap", "paperorchestra-env"), "data"))
                .doesNotContainKey("PO_SCHEMA_REGISTRY_URL");
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod", "prod-ingress"})
    void topics_are_the_catalog_with_replication_and_retention_for_the_overlay(String name) throws Exception {
        List<Map<String, Object>> topics = topics(overlay(name));
        Map<String, TopicDefinition> catalog = TopicLayout.defaults().definitions().stream()
                .collect(Collectors.toMap(TopicDefinition::name, Function.identity()));
        assertThat(topics).extracting(t -> str(t, "metadata", "name"))
                .containsExactlyInAnyOrderElementsOf(catalog.keySet());
        int replicas = name.equals("dev") ? 1 : 3;
        for (Map<String, Object> topic : topics) {
            TopicDefinition expected = catalog.get(str(topic, "metadata", "name"));
            Map<String, Object> config = map(topic, "spec", "config");
            assertThat(at(topic, "spec", "partitions")).as(expected.name()).isEqualTo(expected.partitions());
            assertThat(at(topic, "spec", "replicas")).as(expected.name()).isEqualTo(replicas);
            int minInsync = Integer.parseInt(str(config, "min.insync.replicas"));
            assertThat(minInsync).as(expected.name()).isEqualTo(Math.max(1, replicas - 1));
            assertThat(str(config, "cleanup.policy")).as(expected.name())
                    .isEqualTo(expected.compacted() ? "compact" : "delete");
            if (!expected.compacted()) {
                assertThat(Long.parseLong(str(config, "retention.ms"))).as(expected.name()).isPositive();
            }
        }
    }

    private static List<Map<String, Object>> topics(RenderedOverlay overlay) {
        return overlay.ofKind("KafkaTopic");
    }

    private static long mebibytes(String quantity) {
        if (quantity.endsWith("Gi")) {
            return Long.parseLong(quantity.substring(0, quantity.length() - 2)) * 1024;
        }
        if (quantity.endsWith("Mi")) {
            return Long.parseLong(quantity.substring(0, quantity.length() - 2));
        }
        throw new AssertionError("memory quantity in Gi or Mi expected, was " + quantity);
    }
}
