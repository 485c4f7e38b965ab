package dev.paperorchestra.deploy;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON Schemas of every kind the manifests use, built from the files vendored under deploy/schemas (see its
 * README for where each came from): the Kubernetes API of the targeted release as its client-go describes it
 * (structured-merge-diff types, with the API versions that release no longer serves) and the CustomResourceDefinitions
 * of the operators. Objects are held to them strictly, as {@code kubectl apply} with server-side field validation
 * does: an unknown field, a wrong type or an API version that is not served is an error.
 */
final class VendoredSchemas {

    static final Path DIR = RenderedOverlay.DEPLOY.resolve("schemas");
    static final String KUBERNETES = "kubernetes-1.36";
    private static final int KUBERNETES_MINOR = 36;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** The vendored schema of each apiVersion and kind ("apps/v1 Deployment"). */
    private final Map<String, Schema> schemas = new HashMap<>();
    /** API versions the targeted Kubernetes release no longer serves, with the release that stopped. */
    private final Map<String, String> removed = new HashMap<>();
    private final ObjectNode kubernetesDefs = NODES.objectNode();
    private final SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    static VendoredSchemas load() {
        try {
            VendoredSchemas loaded = new VendoredSchemas();
            loaded.loadKubernetes();
            try (Stream<Path> dirs = Files.list(DIR)) {
                for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
                    if (!dir.getFileName().toString().equals(KUBERNETES)) {
                        loaded.loadCustomResources(dir);
                    }
                }
            }
            return loaded;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every error of the object against its kind's schema; an object of a kind without one is an error too. */
    List<String> validate(Map<String, Object> object) {
        String apiVersion = String.valueOf(object.get("apiVersion"));
        String kind = String.valueOf(object.get("kind"));
        String key = apiVersion + " " + kind;
        String gone = removed.get(key);
        if (gone != null) {
            return List.of(key + " is not served by Kubernetes 1." + KUBERNETES_MINOR + " (removed in " + gone + ")");
        }
        Schema schema = schemas.get(key);
        if (schema == null) {
            return List.of(key + ": no vendored schema serves this API version (removed, never released, or a "
                    + "kind deploy/schemas does not cover)");
        }
        List<String> errors = new ArrayList<>();
        for (Error error : schema.validate(JSON.valueToTree(object))) {
            errors.add(key + " " + error.getInstanceLocation() + ": " + error.getMessage());
        }
        return errors;
    }

    boolean covers(String apiVersion, String kind) {
        return schemas.containsKey(apiVersion + " " + kind);
    }

    // ------------------------------------------------------------------------------------------------ Kubernetes

    private void loadKubernetes() throws IOException {
        Path dir = DIR.resolve(KUBERNETES);
        Map<?, ?> document = new Yaml().load(Files.readString(dir.resolve("types.yaml")));
        List<Map<String, Object>> kinds = new ArrayList<>();
        for (Object entry : (List<?>) document.get("types")) {
            @SuppressWarnings("unchecked")
            Map<String, Object> type = (Map<String, Object>) entry;
            String name = String.valueOf(type.get("name"));
            kubernetesDefs.set(name, definition(type));
            if (name.startsWith("io.k8s.api.") && fieldNames(type).containsAll(List.of("apiVersion", "kind",
                    "metadata"))) {
                kinds.add(type);
            }
        }
        for (Map<String, Object> type : kinds) {
            String name = String.valueOf(type.get("name"));
            // io.k8s.api.<package>.<version>.<Kind>: the package is the group's first label, core the empty group
            String[] parts = name.substring("io.k8s.api.".length()).split("\\.");
            String group = groupOf(parts[0]);
            String apiVersion = group.isEmpty() ? parts[1] : group + "/" + parts[1];
            ObjectNode root = NODES.objectNode();
            root.set("$defs", kubernetesDefs);
            root.put("$ref", "#/$defs/" + name);
            schemas.put(apiVersion + " " + parts[2], registry.getSchema(root));
        }
        for (String line : Files.readAllLines(dir.resolve("removed.txt"))) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] fields = line.split(" ");
            int minor = Integer.parseInt(fields[2].substring(fields[2].indexOf('.') + 1));
            String[] packageVersion = fields[0].split("/");
            String group = groupOf(packageVersion[0]);
            String apiVersion = group.isEmpty() ? packageVersion[1] : group + "/" + packageVersion[1];
            if (minor <= KUBERNETES_MINOR) {
                removed.put(apiVersion + " " + fields[1], fields[2]);
            }
        }
    }

    /** The API group of a k8s.io/api package: the ones whose group is a domain name, and the core group. */
    private static String groupOf(String pkg) {
        return switch (pkg) {
            case "core" -> "";
            case "apps", "autoscaling", "batch", "policy" -> pkg;
            case "rbac" -> "rbac.authorization.k8s.io";
            default -> pkg + ".k8s.io";
        };
    }

    private static List<String> fieldNames(Map<String, Object> type) {
        Object map = type.get("map");
        if (!(map instanceof Map<?, ?> fields) || !(fields.get("fields") instanceof List<?> list)) {
            return List.of();
        }
        return list.stream().map(f -> String.valueOf(((Map<?, ?>) f).get("name"))).toList();
    }

    /** A structured-merge-diff type as JSON Schema: maps with their fields and nothing else, typed scalars. */
    private static JsonNode definition(Map<?, ?> type) {
        boolean untyped = "untyped".equals(type.get("scalar"));
        if (untyped) {
            // IntOrString, Quantity, Time and the untyped placeholders: any value the API server parses itself
            return NODES.objectNode();
        }
        if (type.get("scalar") != null) {
            return scalar(String.valueOf(type.get("scalar")));
        }
        if (type.get("list") instanceof Map<?, ?> list) {
            ObjectNode array = NODES.objectNode().put("type", "array");
            array.set("items", reference((Map<?, ?>) list.get("elementType")));
            return array;
        }
        if (type.get("map") instanceof Map<?, ?> map) {
            ObjectNode object = NODES.objectNode().put("type", "object");
            if (map.get("fields") instanceof List<?> fields) {
                ObjectNode properties = object.putObject("properties");
                for (Object field : fields) {
                    Map<?, ?> f = (Map<?, ?>) field;
                    properties.set(String.valueOf(f.get("name")), reference((Map<?, ?>) f.get("type")));
                }
            }
            if (map.get("elementType") instanceof Map<?, ?> element) {
                object.set("additionalProperties", reference(element));
            } else {
                object.put("additionalProperties", false);
            }
            return object;
        }
        return NODES.objectNode();
    }

    private static JsonNode reference(Map<?, ?> type) {
        if (type.get("namedType") != null) {
            return NODES.objectNode().put("$ref", "#/$defs/" + type.get("namedType"));
        }
        return definition(type);
    }

    private static JsonNode scalar(String kind) {
        return switch (kind) {
            case "string" -> NODES.objectNode().put("type", "string");
            case "numeric" -> NODES.objectNode().put("type", "number");
            case "boolean" -> NODES.objectNode().put("type", "boolean");
            default -> NODES.objectNode();
        };
    }

    // ------------------------------------------------------------------------------------------ custom resources

    private void loadCustomResources(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
                for (Object document : new Yaml().loadAll(Files.readString(file))) {
                    if (document instanceof Map<?, ?> crd && "CustomResourceDefinition".equals(crd.get("kind"))) {
                        loadDefinition(crd);
                    }
                }
            }
        }
    }

    private void loadDefinition(Map<?, ?> crd) {
        Map<?, ?> spec = (Map<?, ?>) crd.get("spec");
        String group = String.valueOf(spec.get("group"));
        String kind = String.valueOf(((Map<?, ?>) spec.get("names")).get("kind"));
        for (Object entry : (List<?>) spec.get("versions")) {
            Map<?, ?> version = (Map<?, ?>) entry;
            if (!Boolean.TRUE.equals(version.get("served"))) {
                continue;
            }
            Map<?, ?> openApi = (Map<?, ?>) ((Map<?, ?>) version.get("schema")).get("openAPIV3Schema");
            ObjectNode root = (ObjectNode) strict(JSON.valueToTree(openApi), true);
            root.set("$defs", kubernetesDefs);
            // every custom resource's metadata is an ObjectMeta, which the CRD leaves to the API server
            ((ObjectNode) root.get("properties")).set("metadata", NODES.objectNode()
                    .put("$ref", "#/$defs/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"));
            schemas.put(group + "/" + version.get("name") + " " + kind, registry.getSchema(root));
        }
    }

    /**
     * An OpenAPI v3 structural schema as strict JSON Schema: objects allow only their properties unless they say
     * x-kubernetes-preserve-unknown-fields, int-or-string takes either, nullable allows null.
     */
    private static JsonNode strict(JsonNode node, boolean root) {
        if (!(node instanceof ObjectNode source)) {
            return node;
        }
        ObjectNode out = NODES.objectNode();
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        source.properties().forEach(e -> fields.put(e.getKey(), e.getValue()));
        fields.forEach((key, value) -> {
            switch (key) {
                case "properties" -> {
                    ObjectNode properties = out.putObject("properties");
                    value.properties().forEach(p -> properties.set(p.getKey(), strict(p.getValue(), false)));
                }
                case "items", "additionalProperties" -> out.set(key, value.isObject() ? strict(value, false) : value);
                case "allOf", "anyOf", "oneOf" -> {
                    ArrayNode list = out.putArray(key);
                    value.forEach(v -> list.add(strict(v, false)));
                }
                case "not" -> out.set(key, strict(value, false));
                case "type", "enum", "required", "minimum", "maximum", "minLength", "maxLength", "pattern",
                     "minItems", "maxItems", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "uniqueItems",
                     "minProperties", "maxProperties", "default" -> out.set(key, value);
                default -> {
                    // description, format, x-kubernetes-* markers: not validation keywords here
                }
            }
        });
        if (source.path("x-kubernetes-int-or-string").asBoolean(false)) {
            out.remove("type");
            out.putArray("type").add("integer").add("string");
        }
        if (source.path("nullable").asBoolean(false) && out.get("type") instanceof JsonNode type && type.isString()) {
            out.putArray("type").add(type.asString()).add("null");
        }
        boolean preserve = source.path("x-kubernetes-preserve-unknown-fields").asBoolean(false);
        if ("object".equals(source.path("type").asString("")) && !out.has("additionalProperties") && !preserve
                && (out.has("properties") || root)) {
            out.put("additionalProperties", false);
        }
        return out;
    }
}
