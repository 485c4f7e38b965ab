package dev.paperorchestra.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every object of every kustomization a platform team applies, held to the real schema of its kind (deploy/schemas:
 * Kubernetes 1.36, Strimzi 1.2.0): an unknown field, a wrong type or an API version the target no longer serves
 * fails here, as {@code kubectl apply} would fail in the cluster.
 */
class ManifestSchemasTest {

    /**
     * Groups whose schemas are not vendored yet (deploy/schemas/README.md says why): their objects are checked by
     * the invariant tests only. Any other group without a schema fails.
     */
    static final Set<String> NOT_VENDORED = Set.of("keda.sh", "gateway.networking.k8s.io", "cert-manager.io",
            "monitoring.coreos.com");

    private static VendoredSchemas schemas;

    @BeforeAll
    static void load() {
        schemas = VendoredSchemas.load();
    }

    @ParameterizedTest
    @ValueSource(strings = {"overlays/dev", "overlays/prod", "overlays/prod-ingress", "namespace", "kafka/prod"})
    void every_rendered_object_validates_against_the_vendored_schema_of_its_kind(String kustomization)
            throws Exception {
        List<String> errors = new ArrayList<>();
        Set<String> unchecked = new TreeSet<>();
        for (Map<String, Object> object : RenderedOverlay.cached(kustomization).objects()) {
            String apiVersion = String.valueOf(object.get("apiVersion"));
            String group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
            if (NOT_VENDORED.contains(group) && !schemas.covers(apiVersion, String.valueOf(object.get("kind")))) {
                unchecked.add(apiVersion + " " + object.get("kind"));
                continue;
            }
            for (String error : schemas.validate(object)) {
                errors.add(Yamls.str(object, "metadata", "name") + ": " + error);
            }
        }
        if (!unchecked.isEmpty()) {
            System.out.println("ManifestSchemasTest " + kustomization + ": no vendored schema for " + unchecked);
        }
        assertThat(errors).as(kustomization).isEmpty();
    }

    @Test
    void a_removed_api_version_fails() {
        Map<String, Object> budget = Map.of("apiVersion", "policy/v1beta1", "kind", "PodDisruptionBudget",
                "metadata", Map.of("name", "x"), "spec", Map.of("maxUnavailable", 1));
        Map<String, Object> topic = Map.of("apiVersion", "kafka.strimzi.io/v1beta2", "kind", "KafkaTopic",
                "metadata", Map.of("name", "x"), "spec", Map.of("partitions", 1));

        assertThat(schemas.validate(budget)).singleElement().asString().contains("removed in 1.25");
        assertThat(schemas.validate(topic)).singleElement().asString().contains("no vendored schema serves");
    }

    @Test
    void an_unknown_field_or_a_wrong_type_fails() {
        Map<String, Object> deployment = Map.of("apiVersion", "apps/v1", "kind", "Deployment",
                "metadata", Map.of("name", "x"), "spec", Map.of("replica", 1, "selector", Map.of(),
                        "template", Map.of()));
        Map<String, Object> topic = Map.of("apiVersion", "kafka.strimzi.io/v1", "kind", "KafkaTopic",
                "metadata", Map.of("name", "x"), "spec", Map.of("partitions", "six"));

        assertThat(schemas.validate(deployment)).anySatisfy(e -> assertThat(e).contains("replica"));
        assertThat(schemas.validate(topic)).anySatisfy(e -> assertThat(e).contains("partitions"));
    }
}
