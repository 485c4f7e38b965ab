package dev.paperorchestra.app.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.app.kafka.KafkaAccessCatalog.Access;
import dev.paperorchestra.app.kafka.KafkaAccessCatalog.Acl;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The Kafka user of every deployed service (deploy/k8s/base/kafka-users.yaml) allows exactly what the service's
 * code does on Kafka ({@link KafkaAccessCatalog}): a new listener, a new publish or a new Streams step without its
 * ACL fails here, and so does an ACL that no code needs any more. On a difference the message holds the users as
 * the code wants them, to replace the file's service users with.
 */
class KafkaUserAclTest {

    private static final Path USERS = Path.of("..", "deploy", "k8s", "base", "kafka-users.yaml");
    private static Map<String, List<Acl>> derived;
    private static Map<String, Access> accesses;
    private static Map<String, Map<String, Object>> users;

    @BeforeAll
    static void derive_from_the_code_and_read_the_manifests() throws Exception {
        KafkaAccessCatalog catalog = new KafkaAccessCatalog();
        accesses = catalog.accesses();
        derived = catalog.acls();
        users = new TreeMap<>();
        for (Object document : new Yaml().loadAll(Files.readString(USERS))) {
            if (document instanceof Map<?, ?> map && "KafkaUser".equals(map.get("kind"))) {
                @SuppressWarnings("unchecked")
                Map<String, Object> user = (Map<String, Object>) map;
                users.put(String.valueOf(((Map<?, ?>) user.get("metadata")).get("name")), user);
            }
        }
    }

    @Test
    void every_use_of_the_topic_catalog_is_placed_as_a_read_or_a_write() {
        assertThat(accesses.values().stream().flatMap(access -> access.unplaced().stream()).toList())
                .as("extend TopicUseScanner for these, or write them as the rest of the code does").isEmpty();
    }

    @Test
    void the_derivation_sees_each_services_listeners_publishes_and_streams() {
        // spot checks that fail if the reading of the code goes blind, whatever the users file says
        assertThat(accesses.get("outline-agent").reads()).contains("paper-requests", "approval-decisions");
        assertThat(accesses.get("outline-agent").writes()).contains("paper-outlines", "paper-status", "llm-usage");
        assertThat(accesses.get("outline-agent").streams()).isTrue();
        assertThat(accesses.get("literature-agent").reads()).contains("citation-verify-requests", "scholar-cache");
        assertThat(accesses.get("literature-agent").writes()).contains("scholar-cache", "literature-ready");
        assertThat(accesses.get("refine-agent").writes()).contains("citation-verify-requests")
                .doesNotContain("paper-requests");
        assertThat(accesses.get("paper-service").writes()).contains("paper-requests", "paper-cancellations",
                "approval-decisions", "paper-views");
        assertThat(accesses.get("paper-service").readsOtherGroups()).isTrue();
        assertThat(accesses.get("writer-agent").deadLetters()).contains("draft-requests", "literature-ready",
                "figures-ready");
    }

    @Test
    void every_service_has_a_scram_user_whose_acls_are_exactly_what_its_code_uses() {
        Map<String, Set<String>> expected = new TreeMap<>();
        Map<String, Set<String>> actual = new TreeMap<>();
        derived.forEach((service, acls) -> {
            expected.put(service, acls.stream().map(KafkaUserAclTest::line).collect(Collectors.toCollection(TreeSet::new)));
            actual.put(service, users.containsKey(service) ? manifestAcls(users.get(service)) : Set.of());
        });
        assertThat(actual).as("deploy/k8s/base/kafka-users.yaml against the code; the users as the code wants "
                + "them:\n" + yaml(derived)).isEqualTo(expected);
        for (String service : derived.keySet()) {
            Map<?, ?> spec = (Map<?, ?>) users.get(service).get("spec");
            assertThat(((Map<?, ?>) spec.get("authentication")).get("type")).as(service).isEqualTo("scram-sha-512");
            assertThat(((Map<?, ?>) spec.get("authorization")).get("type")).as(service).isEqualTo("simple");
        }
    }

    private static Set<String> manifestAcls(Map<String, Object> user) {
        Set<String> lines = new TreeSet<>();
        Map<?, ?> authorization = (Map<?, ?>) ((Map<?, ?>) user.get("spec")).get("authorization");
        for (Object entry : (List<?>) authorization.get("acls")) {
            Map<?, ?> acl = (Map<?, ?>) entry;
            Map<?, ?> resource = (Map<?, ?>) acl.get("resource");
            assertThat(acl.get("type") == null || "allow".equals(acl.get("type"))).as("only allow rules: " + acl)
                    .isTrue();
            Object pattern = resource.get("patternType");
            lines.add(line(new Acl(String.valueOf(resource.get("type")), String.valueOf(resource.get("name")),
                    pattern == null ? "literal" : String.valueOf(pattern),
                    new TreeSet<>(((List<?>) acl.get("operations")).stream().map(String::valueOf).toList()))));
        }
        return lines;
    }

    private static String line(Acl acl) {
        return acl.type() + " " + acl.patternType() + " " + acl.name() + " " + acl.operations();
    }

    /** The users as YAML, in the file's layout. */
    static String yaml(Map<String, List<Acl>> all) {
        List<String> out = new ArrayList<>();
        all.forEach((service, acls) -> {
            out.add("---");
            out.add("apiVersion: kafka.strimzi.io/v1");
            out.add("kind: KafkaUser");
            out.add("metadata:");
            out.add("  name: " + service);
            out.add("  labels:");
            out.add("    strimzi.io/cluster: paperorchestra");
            out.add("    app.kubernetes.io/part-of: paperorchestra");
            out.add("spec:");
            out.add("  authentication:");
            out.add("    type: scram-sha-512");
            out.add("  authorization:");
            out.add("    type: simple");
            out.add("    acls:");
            for (Acl acl : acls) {
                out.add("      - resource: {type: " + acl.type() + ", name: " + acl.name() + ", patternType: "
                        + acl.patternType() + "}");
                out.add("        operations: [" + String.join(", ", acl.operations()) + "]");
            }
        });
        return String.join("\n", out);
    }
}
