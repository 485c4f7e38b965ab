package dev.paperorchestra.deploy;

import static dev.paperorchestra.deploy.Yamls.at;
import static dev.paperorchestra.deploy.Yamls.list;
import static dev.paperorchestra.deploy.Yamls.map;
import static dev.paperorchestra.deploy.Yamls.str;
import static dev.paperorchestra.deploy.Yamls.strings;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.Yaml;

/**
 * The conventions a platform team's review looks for, on the rendered overlays: Kafka reached over TLS with each
 * service's own SCRAM user; KEDA that can reach Kafka from its own namespace and log in; a TLS-only front door;
 * Pod Security labels on a namespace the application does not own; the sandbox required where TeX runs; the
 * dashboard as a sidecar ConfigMap; every image overridable from the overlay.
 */
class ClusterConventionsTest {

    private static final String CLUSTER = "paperorchestra";
    /** A bootstrap address KEDA's operator can resolve from its own namespace: service.namespace.svc[.domain]:port. */
    private static final Pattern QUALIFIED = Pattern.compile("[a-z0-9-]+\\.[a-z0-9-]+\\.svc(\\.[a-z0-9.-]+)?:\\d+");
    private static final Set<String> TEX_AGENTS = Set.of("writer-agent", "refine-agent");

    private static RenderedOverlay overlay(String name) throws Exception {
        return RenderedOverlay.cached(name);
    }

    /** The application's own services: every Deployment but the dev-only stores. */
    private static List<Map<String, Object>> services(RenderedOverlay overlay) {
        return overlay.ofKind("Deployment").stream().filter(d -> {
            String component = str(d, "spec", "template", "metadata", "labels", "app.kubernetes.io/component");
            return component.equals("agent") || component.equals("front-door");
        }).toList();
    }

    private static Map<String, Object> container(Map<String, Object> deployment) {
        return list(deployment, "spec", "template", "spec", "containers").getFirst();
    }

    private static Map<String, Object> envItem(Map<String, Object> container, String name) {
        return list(container, "env").stream().filter(e -> str(e, "name").equals(name)).findFirst().orElse(Map.of());
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod", "prod-ingress"})
    void strimzi_resources_use_the_v1_api_that_current_operators_serve(String name) throws Exception {
        List<Map<String, Object>> strimzi = overlay(name).objects().stream()
                .filter(o -> str(o, "apiVersion").startsWith("kafka.strimzi.io/")).toList();
        assertThat(strimzi).isNotEmpty().allSatisfy(o -> assertThat(str(o, "apiVersion")).as(str(o, "kind") + " "
                + str(o, "metadata", "name")).isEqualTo("kafka.strimzi.io/v1"));
        assertThat(strimzi).allSatisfy(o -> assertThat(str(o, "metadata", "labels", "strimzi.io/cluster"))
                .as(str(o, "kind")).isIn(CLUSTER, ""));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod", "prod-ingress"})
    void every_service_logs_in_to_kafka_as_its_own_scram_user_over_tls(String name) throws Exception {
        RenderedOverlay overlay = overlay(name);
        Map<String, Object> env = map(overlay.named("ConfigMap", "paperorchestra-env"), "data");
        assertThat(env).containsEntry("PO_KAFKA_PROPERTIES_SECURITY_PROTOCOL", "SASL_SSL")
                .containsEntry("PO_KAFKA_PROPERTIES_SASL_MECHANISM", "SCRAM-SHA-512")
                .containsEntry("PO_KAFKA_PROPERTIES_SSL_TRUSTSTORE_TYPE", "PEM")
                .doesNotContainKey("PO_KAFKA_PROPERTIES_SASL_JAAS_CONFIG");
        assertThat(str(env, "PO_KAFKA_BOOTSTRAP_SERVERS")).matches(QUALIFIED)
                .startsWith(CLUSTER + "-kafka-bootstrap." + CLUSTER + ".svc:9093");
        String truststore = str(env, "PO_KAFKA_PROPERTIES_SSL_TRUSTSTORE_LOCATION");
        Set<String> users = overlay.ofKind("KafkaUser").stream().map(u -> str(u, "metadata", "name"))
                .collect(Collectors.toSet());
        for (Map<String, Object> deployment : services(overlay)) {
            String service = str(deployment, "metadata", "name");
            Map<String, Object> container = container(deployment);
            assertThat(map(envItem(container, "PO_KAFKA_PROPERTIES_SASL_JAAS_CONFIG"), "valueFrom", "secretKeyRef"))
                    .as(service + ": the JAAS line from its own KafkaUser's Secret")
                    .containsEntry("name", service).containsEntry("key", "sasl.jaas.config");
            assertThat(users).as("a KafkaUser for " + service).contains(service);
            // the truststore file is the cluster CA's public certificate, from Strimzi's Secret
            String mount = list(container, "volumeMounts").stream()
                    .filter(m -> truststore.startsWith(str(m, "mountPath") + "/")).map(m -> str(m, "name"))
                    .findFirst().orElseThrow(() -> new AssertionError(service + ": nothing mounted at " + truststore));
            Map<String, Object> volume = list(deployment, "spec", "template", "spec", "volumes").stream()
                    .filter(v -> str(v, "name").equals(mount)).findFirst().orElseThrow();
            assertThat(str(volume, "secret", "secretName")).as(service).isEqualTo(CLUSTER + "-cluster-ca-cert");
        }
        for (Map<String, Object> user : overlay.ofKind("KafkaUser")) {
            assertThat(str(user, "spec", "authentication", "type")).isEqualTo("scram-sha-512");
            assertThat(str(user, "spec", "authorization", "type")).isEqualTo("simple");
        }
    }

    @Test
    void the_dev_cluster_offers_the_listener_and_authorization_every_overlay_assumes() throws Exception {
        for (String kustomization : List.of("dev", "kafka/prod")) {
            RenderedOverlay overlay = overlay(kustomization);
            Map<String, Object> kafka = overlay.named("Kafka", CLUSTER);
            assertThat(list(kafka, "spec", "kafka", "listeners")).as(kustomization).singleElement().satisfies(l -> {
                assertThat(at(l, "port")).isEqualTo(9093);
                assertThat(at(l, "tls")).isEqualTo(true);
                assertThat(str(l, "authentication", "type")).isEqualTo("scram-sha-512");
            });
            assertThat(str(kafka, "spec", "kafka", "authorization", "type")).isEqualTo("simple");
            assertThat(map(kafka, "spec", "entityOperator")).containsKeys("topicOperator", "userOperator");
            assertThat(overlay.ofKind("KafkaNodePool")).as(kustomization + ": KRaft node pools")
                    .flatExtracting(p -> strings(p, "spec", "roles")).contains("controller", "broker");
        }
        assertThat(overlay("prod").ofKind("Kafka")).as("prod uses the platform team's cluster").isEmpty();
    }

    @Test
    void keda_reaches_kafka_by_a_qualified_address_and_logs_in_with_its_own_describe_only_user() throws Exception {
        RenderedOverlay prod = overlay("prod");
        Set<String> topics = new TreeSet<>();
        Set<String> groups = new TreeSet<>();
        for (Map<String, Object> scaled : prod.ofKind("ScaledObject")) {
            for (Map<String, Object> trigger : list(scaled, "spec", "triggers")) {
                String where = str(scaled, "metadata", "name") + " on " + str(trigger, "metadata", "topic");
                // a short Service name is looked up in KEDA's own namespace and never reaches Kafka
                assertThat(str(trigger, "metadata", "bootstrapServers")).as(where).matches(QUALIFIED)
                        .isEqualTo(str(prod.named("ConfigMap", "paperorchestra-env"), "data",
                                "PO_KAFKA_BOOTSTRAP_SERVERS"));
                Map<String, Object> auth = prod.named("TriggerAuthentication",
                        str(trigger, "authenticationRef", "name"));
                Map<String, String> parameters = new java.util.HashMap<>();
                for (Map<String, Object> ref : list(auth, "spec", "configMapTargetRef")) {
                    parameters.put(str(ref, "parameter"), str(prod.named("ConfigMap", str(ref, "name")), "data",
                            str(ref, "key")));
                }
                for (Map<String, Object> ref : list(auth, "spec", "secretTargetRef")) {
                    parameters.put(str(ref, "parameter"), "secret " + str(ref, "name") + "/" + str(ref, "key"));
                }
                assertThat(parameters).as(where).containsEntry("sasl", "scram_sha512").containsEntry("tls", "enable")
                        .containsEntry("ca", "secret " + CLUSTER + "-cluster-ca-cert/ca.crt");
                String user = parameters.get("username");
                prod.named("KafkaUser", user);
                assertThat(parameters).containsEntry("password", "secret " + user + "/password");
                topics.add(str(trigger, "metadata", "topic"));
                groups.add(str(trigger, "metadata", "consumerGroup"));
            }
        }
        Map<String, Object> keda = prod.named("KafkaUser", "paperorchestra-keda");
        Set<String> allowed = new TreeSet<>();
        for (Map<String, Object> acl : list(keda, "spec", "authorization", "acls")) {
            assertThat(strings(acl, "operations")).containsExactly("Describe");
            assertThat(str(acl, "resource", "patternType")).isEqualTo("literal");
            allowed.add(str(acl, "resource", "type") + " " + str(acl, "resource", "name"));
        }
        Set<String> needed = new TreeSet<>();
        topics.forEach(t -> needed.add("topic " + t));
        groups.forEach(g -> needed.add("group " + g));
        assertThat(allowed).isEqualTo(needed);
    }

    @Test
    void a_short_service_name_in_a_trigger_is_refused() {
        assertThat("paperorchestra-kafka-bootstrap:9093").doesNotMatch(QUALIFIED);
        assertThat("paperorchestra-kafka-bootstrap.paperorchestra.svc:9093").matches(QUALIFIED);
        assertThat("paperorchestra-kafka-bootstrap.paperorchestra.svc.cluster.local:9093").matches(QUALIFIED);
    }

    @Test
    void the_gateway_serves_the_api_over_tls_only_and_redirects_http() throws Exception {
        for (String name : List.of("dev", "prod")) {
            RenderedOverlay overlay = overlay(name);
            Map<String, Object> gateway = overlay.named("Gateway", CLUSTER);
            Map<String, Map<String, Object>> listeners = list(gateway, "spec", "listeners").stream()
                    .collect(Collectors.toMap(l -> str(l, "name"), l -> l));
            assertThat(listeners.keySet()).containsExactlyInAnyOrder("https", "http");
            Map<String, Object> https = listeners.get("https");
            assertThat(str(https, "protocol")).isEqualTo("HTTPS");
            assertThat(str(https, "tls", "mode")).isEqualTo("Terminate");
            String secret = str(list(https, "tls", "certificateRefs").getFirst(), "name");
            assertThat(overlay.ofKind("Certificate")).as(name + ": cert-manager keeps " + secret)
                    .anyMatch(c -> str(c, "spec", "secretName").equals(secret)
                            && strings(c, "spec", "dnsNames").contains(str(https, "hostname")));
            for (Map<String, Object> route : overlay.ofKind("HTTPRoute")) {
                String section = str(list(route, "spec", "parentRefs").getFirst(), "sectionName");
                List<Map<String, Object>> rules = list(route, "spec", "rules");
                if (section.equals("http")) {
                    // plain HTTP gets nothing but the redirect
                    assertThat(rules).allSatisfy(rule -> {
                        assertThat(list(rule, "backendRefs")).isEmpty();
                        assertThat(list(rule, "filters")).singleElement().satisfies(f -> {
                            assertThat(str(f, "type")).isEqualTo("RequestRedirect");
                            assertThat(str(f, "requestRedirect", "scheme")).isEqualTo("https");
                        });
                    });
                } else {
                    assertThat(section).isEqualTo("https");
                    assertThat(rules).allSatisfy(rule -> {
                        assertThat(list(rule, "backendRefs")).extracting(b -> str(b, "name"))
                                .containsOnly("paper-service");
                        assertThat(list(rule, "matches")).extracting(m -> str(m, "path", "value"))
                                .noneMatch(path -> path.startsWith("/actuator"));
                        assertThat(list(rule, "filters")).anyMatch(f -> list(f, "responseHeaderModifier", "set")
                                .stream().anyMatch(h -> str(h, "name").equals("Strict-Transport-Security")));
                    });
                }
            }
            // the events stream stays open for po.service.events-timeout (60 min): its route must allow that
            assertThat(overlay.ofKind("HTTPRoute").stream().flatMap(r -> list(r, "spec", "rules").stream())
                    .filter(rule -> list(rule, "matches").stream()
                            .anyMatch(m -> str(m, "path", "value").equals("/papers"))))
                    .singleElement().satisfies(rule -> assertThat(str(rule, "timeouts", "request")).isEqualTo("65m"));
        }
    }

    @Test
    void the_ingress_variant_is_tls_only_and_routes_no_actuator() throws Exception {
        RenderedOverlay overlay = overlay("prod-ingress");
        assertThat(overlay.ofKind("Gateway")).isEmpty();
        Map<String, Object> ingress = overlay.named("Ingress", "paper-service");
        assertThat(str(ingress, "spec", "ingressClassName")).isNotEqualTo("").isNotEqualTo("ingress-nginx");
        List<String> tlsHosts = list(ingress, "spec", "tls").stream().flatMap(t -> strings(t, "hosts").stream())
                .toList();
        assertThat(list(ingress, "spec", "rules")).isNotEmpty().allSatisfy(rule -> {
            assertThat(tlsHosts).contains(str(rule, "host"));
            assertThat(list(rule, "http", "paths")).extracting(p -> str(p, "path"))
                    .noneMatch(path -> path.startsWith("/actuator"));
        });
        assertThat(map(ingress, "metadata", "annotations")).containsEntry("nginx.org/ssl-redirect", "true")
                .containsKeys("cert-manager.io/cluster-issuer", "nginx.org/client-max-body-size",
                        "nginx.org/proxy-read-timeout");
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod", "prod-ingress"})
    void the_namespace_is_not_part_of_the_application(String name) throws Exception {
        assertThat(overlay(name).ofKind("Namespace")).isEmpty();
        assertThat(overlay(name).objects()).allSatisfy(o -> assertThat(str(o, "metadata", "namespace"))
                .as(str(o, "kind") + " " + str(o, "metadata", "name")).isEqualTo(CLUSTER));
    }

    @Test
    void the_namespace_enforces_pod_security_restricted() throws Exception {
        Map<String, Object> labels = map(overlay("namespace").named("Namespace", CLUSTER), "metadata", "labels");
        assertThat(labels).containsEntry("pod-security.kubernetes.io/enforce", "restricted")
                .containsEntry("pod-security.kubernetes.io/warn", "restricted")
                .containsEntry("pod-security.kubernetes.io/audit", "restricted");
    }

    /**
     * What Pod Security `restricted` requires of a pod, checked here so a pod the namespace would refuse fails the
     * build instead of the rollout.
     */
    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod", "prod-ingress"})
    void every_pod_passes_pod_security_restricted(String name) throws Exception {
        for (Map<String, Object> deployment : overlay(name).ofKind("Deployment")) {
            Map<String, Object> pod = map(deployment, "spec", "template", "spec");
            String what = str(deployment, "metadata", "name");
            assertThat(at(pod, "hostNetwork")).as(what).isNotEqualTo(true);
            assertThat(list(pod, "volumes")).as(what).allSatisfy(v -> assertThat(v.keySet())
                    .containsAnyOf("emptyDir", "secret", "configMap", "persistentVolumeClaim", "projected",
                            "downwardAPI", "ephemeral", "csi"));
            for (Map<String, Object> container : list(pod, "containers")) {
                Map<String, Object> security = map(container, "securityContext");
                assertThat(security.get("allowPrivilegeEscalation")).as(what).isEqualTo(false);
                assertThat(strings(security, "capabilities", "drop")).as(what).contains("ALL");
                assertThat(strings(security, "capabilities", "add")).as(what).isEmpty();
                String seccomp = str(security, "seccompProfile", "type");
                if (seccomp.isEmpty()) {
                    seccomp = str(pod, "securityContext", "seccompProfile", "type");
                }
                assertThat(seccomp).as(what).isIn("RuntimeDefault", "Localhost");
                boolean nonRoot = Boolean.TRUE.equals(security.getOrDefault("runAsNonRoot",
                        at(pod, "securityContext", "runAsNonRoot")));
                assertThat(nonRoot).as(what).isTrue();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"dev", "prod", "prod-ingress"})
    void tex_runs_only_inside_bubblewrap(String name) throws Exception {
        for (Map<String, Object> deployment : overlay(name).ofKind("Deployment")) {
            String what = str(deployment, "metadata", "name");
            if (TEX_AGENTS.contains(what)) {
                assertThat(str(envItem(container(deployment), "PO_SANDBOX_MODE"), "value")).as(what)
                        .isEqualTo("bwrap");
            }
        }
    }

    @Test
    void the_dashboard_ships_as_a_configmap_the_grafana_sidecar_loads() throws Exception {
        for (String name : RenderedOverlay.OVERLAYS) {
            Map<String, Object> dashboard = overlay(name).named("ConfigMap", "paperorchestra-grafana-dashboard");
            assertThat(map(dashboard, "metadata", "labels")).containsEntry("grafana_dashboard", "1");
            String json = str(dashboard, "data", "paperorchestra-dashboard.json");
            assertThat(json).isEqualTo(Files.readString(RenderedOverlay.DEPLOY.resolve(
                    "grafana/paperorchestra-dashboard.json")));
        }
    }

    @Test
    void every_image_an_overlay_deploys_can_be_overridden_in_it() throws Exception {
        for (String name : RenderedOverlay.OVERLAYS) {
            Map<?, ?> kustomization = new Yaml().load(Files.readString(RenderedOverlay.DEPLOY.resolve("k8s")
                    .resolve(name).resolve("kustomization.yaml")));
            Set<String> overridable = new HashSet<>();
            for (Object image : (List<?>) kustomization.get("images")) {
                overridable.add(String.valueOf(((Map<?, ?>) image).get("name")));
            }
            for (Map<String, Object> deployment : overlay(name).ofKind("Deployment")) {
                String image = str(container(deployment), "image");
                assertThat(overridable).as(name + ": an images entry for " + image)
                        .contains(image.substring(0, image.lastIndexOf(':')));
            }
        }
    }
}
