package dev.paperorchestra.literature.registry;

import static dev.paperorchestra.literature.Fixtures.accepted;
import static dev.paperorchestra.literature.Fixtures.candidate;
import static dev.paperorchestra.literature.Fixtures.record;
import static dev.paperorchestra.literature.Fixtures.rejected;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.ModelMode;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class CitationMapJsonTest {

    @Test
    void maps_each_key_to_its_metadata_and_lists_rejections() {
        CitationRegistry registry = CitationRegistry.build(List.of(
                accepted(candidate("Attention").setQuery("transformers").build(),
                        record("s2-a", "Attention Is All You Need").setAuthors(List.of("Ashish Vaswani"))
                                .setYear(2017).setArxivId("1706.03762").build()),
                rejected(candidate("Future Paper").setQuery("q").build(), "no abstract")));

        JsonNode map = Json.mapper().readTree(CitationMapJson.write(registry, ModelMode.OFFLINE_LABEL));

        assertThat(map.path("generatedBy").asString()).isEqualTo(ModelMode.OFFLINE_LABEL);
        JsonNode paper = map.path("keys").path("vaswani2017attention");
        assertThat(paper.path("title").asString()).isEqualTo("Attention Is All You Need");
        assertThat(paper.path("authors").get(0).asString()).isEqualTo("Ashish Vaswani");
        assertThat(paper.path("year").asInt()).isEqualTo(2017);
        assertThat(paper.path("abstract").asString()).isEqualTo("An abstract.");
        assertThat(paper.path("arxivId").asString()).isEqualTo("1706.03762");
        assertThat(paper.path("doi").isNull()).isTrue();
        assertThat(paper.path("scholarId").asString()).isEqualTo("s2-a");
        assertThat(paper.path("queries").get(0).asString()).isEqualTo("transformers");
        assertThat(map.path("rejected").get(0).path("reason").asString()).isEqualTo("no abstract");
    }
}
