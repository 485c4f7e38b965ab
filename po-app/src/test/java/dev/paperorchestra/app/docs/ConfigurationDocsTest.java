package dev.paperorchestra.app.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md's property tables are the rendering of the configuration metadata, so the page cannot
 * drift from the code; and every property has a description. cli sees every module's metadata (it depends on
 * every agent and the paper service).
 */
class ConfigurationDocsTest {

    private static final String REGENERATE =
            "./scripts/test -pl po-app -am -Dtest=ConfigurationDocsTest -Dsurefire.failIfNoSpecifiedTests=false "
                    + "-Dit.test=NONE -Dpo.docs.write=true";

    private static final Path PAGE = Path.of("..", "docs", "configuration.md");

    @Test
    void everyPropertyIsDocumented() {
        Map<String, ConfigurationDocs.Property> properties = properties();

        assertThat(ConfigurationDocs.undocumented(properties))
                .as("properties without a description: give each an @param tag in its record's javadoc")
                .isEmpty();
    }

    @Test
    void theConfigurationPageIsTheRenderingOfTheMetadata() throws IOException {
        String page = Files.readString(PAGE, StandardCharsets.UTF_8);
        int marker = page.indexOf(ConfigurationDocs.MARKER);
        assertThat(marker).as("%s has no generated-region marker %s", PAGE, ConfigurationDocs.MARKER)
                .isNotNegative();
        String rendered = ConfigurationDocs.render(properties());

        if (Boolean.getBoolean("po.docs.write")) {
            Files.writeString(PAGE, page.substring(0, marker) + rendered, StandardCharsets.UTF_8);
            return;
        }
        assertThat(page.substring(marker))
                .as("docs/configuration.md is out of date with the @ConfigurationProperties metadata; regenerate "
                        + "it with: %s", REGENERATE)
                .isEqualTo(rendered);
    }

    private static Map<String, ConfigurationDocs.Property> properties() {
        Map<String, ConfigurationDocs.Property> properties =
                ConfigurationDocs.properties(ConfigurationDocsTest.class.getClassLoader());
        // one property of each module that binds any: a missing metadata file would shrink the page silently
        assertThat(properties).containsKeys("po.kafka.bootstrap-servers", "po.llm.provider", "po.outline.max-figures",
                "po.literature.candidates-per-query", "po.plotting.png-dpi", "po.writer.compile-timeout",
                "po.refine.default-iteration-limit", "po.reviewer.format", "po.service.tokens");
        return properties;
    }
}
