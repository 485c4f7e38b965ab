package dev.paperorchestra.literature;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.literature.discovery.DiscoveryKind;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.junit.jupiter.api.Test;

class LiteratureAgentPropertiesTest {

    @Test
    void binds_s2_bulk_as_the_documented_spelling_of_the_bulk_discovery_source() {
        List<DiscoveryKind> kinds = new Binder(new MapConfigurationPropertySource(Map.of(
                "po.literature.discovery-sources", "searcher,s2-bulk")))
                .bind("po.literature.discovery-sources", Bindable.listOf(DiscoveryKind.class)).get();

        assertThat(kinds).containsExactly(DiscoveryKind.SEARCHER, DiscoveryKind.S2_BULK);
    }

    @Test
    void prints_neither_the_semantic_scholar_key_nor_the_openalex_key() {
        Duration second = Duration.ofSeconds(1);
        LiteratureAgentProperties.SemanticScholar s2 = new LiteratureAgentProperties.SemanticScholar("", "s2-secret",
                second, 5, second, second, second, 10, 1, second, second);
        LiteratureAgentProperties.OpenAlex openalex = new LiteratureAgentProperties.OpenAlex("", "oa-secret", "",
                second, second, 5, second, second);

        assertThat(s2.toString()).doesNotContain("s2-secret").contains("apiKey=***");
        assertThat(openalex.toString()).doesNotContain("oa-secret").contains("apiKey=***");
    }
}
