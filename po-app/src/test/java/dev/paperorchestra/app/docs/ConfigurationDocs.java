package dev.paperorchestra.app.docs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Renders docs/configuration.md's generated region from the {@code META-INF/spring-configuration-metadata.json}
 * files the configuration processor writes for every {@code @ConfigurationProperties} record, so the page lists
 * exactly the properties the code binds, with the defaults of their {@code @DefaultValue}s and the
 * descriptions of their {@code @param} tags.
 */
final class ConfigurationDocs {

    /** Everything below this line of docs/configuration.md is generated; everything above it is written by hand. */
    static final String MARKER = "<!-- generated: do not edit below (ConfigurationDocsTest renders it from the "
            + "@ConfigurationProperties metadata) -->";

    private static final String METADATA = "META-INF/spring-configuration-metadata.json";
    private static final Pattern INLINE_TAG = Pattern.compile("\\{@(code|literal|link|linkplain)\\s+([^{}]*)}");

    record Property(String name, @Nullable String defaultValue, @Nullable String description, String source) {}

    private ConfigurationDocs() {
    }

    /** Every {@code po.*} property of every metadata file on the class path, by name. */
    static Map<String, Property> properties(ClassLoader loader) {
        Map<String, Property> byName = new TreeMap<>();
        try {
            for (URL url : Collections.list(loader.getResources(METADATA))) {
                JsonNode root;
                try (InputStream in = url.openStream()) {
                    root = JsonMapper.builder().build().readTree(in);
                }
                for (JsonNode property : root.path("properties")) {
                    String name = property.path("name").asString();
                    if (!name.startsWith("po.")) {
                        continue;
                    }
                    byName.putIfAbsent(name, new Property(name, defaultValue(property.get("defaultValue")),
                            text(property.get("description")), property.path("sourceType").asString("")));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return byName;
    }

    /** The properties whose record component has no {@code @param} description. */
    static List<String> undocumented(Map<String, Property> properties) {
        List<String> names = new ArrayList<>();
        properties.values().forEach(p -> {
            if (p.description() == null || p.description().isBlank()) {
                names.add(p.name() + " (" + p.source() + ")");
            }
        });
        return names;
    }

    /** The generated region: one table per prefix ({@code po.kafka}, {@code po.llm}, ...), properties by name. */
    static String render(Map<String, Property> properties) {
        Map<String, List<Property>> byPrefix = new TreeMap<>();
        properties.values().forEach(p -> byPrefix.computeIfAbsent(prefix(p.name()), k -> new ArrayList<>()).add(p));
        StringBuilder out = new StringBuilder();
        out.append(MARKER).append("\n\n");
        byPrefix.forEach((prefix, list) -> {
            out.append("### `").append(prefix).append("`\n\n");
            out.append("| property | default | description |\n|---|---|---|\n");
            for (Property p : list) {
                out.append("| `").append(p.name()).append("` | ")
                        .append(p.defaultValue() == null ? "unset" : "`" + cell(p.defaultValue()) + "`")
                        .append(" | ").append(p.description() == null ? "" : cell(markdown(p.description())))
                        .append(" |\n");
            }
            out.append('\n');
        });
        return out.toString().stripTrailing() + "\n";
    }

    private static String prefix(String name) {
        String[] parts = name.split("\\.");
        return parts.length <= 2 ? "po" : parts[0] + "." + parts[1];
    }

    private static @Nullable String defaultValue(@Nullable JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isArray()) {
            List<String> items = new ArrayList<>();
            node.forEach(item -> items.add(item.asString()));
            return items.isEmpty() ? null : String.join(",", items);
        }
        return node.asString();
    }

    private static @Nullable String text(@Nullable JsonNode node) {
        return node == null || node.isNull() ? null : node.asString();
    }

    /** Javadoc inline tags as Markdown code, line breaks of the comment as spaces. */
    static String markdown(String javadoc) {
        Matcher m = INLINE_TAG.matcher(javadoc);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String body = m.group(2).strip();
            m.appendReplacement(out, Matcher.quoteReplacement(
                    m.group(1).startsWith("link") ? body.substring(body.lastIndexOf('#') + 1) : "`" + body + "`"));
        }
        m.appendTail(out);
        return out.toString().replaceAll("\\s+", " ").strip();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }
}
