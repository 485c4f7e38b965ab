package dev.paperorchestra.literature.registry;

import static dev.paperorchestra.literature.Fixtures.accepted;
import static dev.paperorchestra.literature.Fixtures.candidate;
import static dev.paperorchestra.literature.Fixtures.record;
import static dev.paperorchestra.literature.Fixtures.rejected;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.schemas.ScholarRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

class CitationRegistryTest {

    private static ScholarRecord.Builder resnet(String scholarId) {
        return record(scholarId, "Deep Residual Learning for Image Recognition").setAuthors(List.of("Kaiming He"))
                .setYear(2016);
    }

    @Test
    void collapses_verdicts_on_the_same_scholar_id() {
        CitationRegistry registry = CitationRegistry.build(List.of(
                accepted(candidate("ResNet").setQuery("q1").build(), resnet("s2-1").build()),
                accepted(candidate("Deep residual learning").setQuery("q2").build(), resnet("s2-1").build())));

        assertThat(registry.entries()).singleElement().satisfies(entry -> {
            assertThat(entry.key()).isEqualTo("he2016deep");
            assertThat(entry.queries()).containsExactly("q1", "q2");
        });
    }

    @Test
    void collapses_different_scholar_ids_sharing_a_doi() {
        CitationRegistry registry = CitationRegistry.build(List.of(
                accepted(candidate("a").build(), resnet("s2-1").setDoi("10.1109/CVPR.2016.90").build()),
                accepted(candidate("b").build(), resnet("s2-2").setDoi("10.1109/cvpr.2016.90").build())));

        assertThat(registry.size()).isEqualTo(1);
        assertThat(registry.entries().getFirst().record().getScholarId()).isEqualTo("s2-1");
    }

    @Test
    void collapses_different_scholar_ids_sharing_an_arxiv_id() {
        CitationRegistry registry = CitationRegistry.build(List.of(
                accepted(candidate("a").build(), resnet("s2-1").setArxivId("1512.03385").build()),
                accepted(candidate("b").build(), resnet("s2-2").setDoi("10.1/x").setArxivId("1512.03385v2").build())));

        assertThat(registry.size()).isEqualTo(1);
    }

    @Test
    void collapses_on_the_scholar_id_before_the_doi() {
        // the third verdict shares its scholar id with the first and its DOI with the second
        CitationRegistry registry = CitationRegistry.build(List.of(
                accepted(candidate("a").setQuery("qa").build(), resnet("s2-1").setDoi("10.1/a").build()),
                accepted(candidate("b").setQuery("qb").build(), resnet("s2-2").setDoi("10.1/b").build()),
                accepted(candidate("c").setQuery("qc").build(), resnet("s2-1").setDoi("10.1/b").build())));

        assertThat(registry.entries()).filteredOn(entry -> entry.record().getScholarId().equals("s2-1"))
                .singleElement().satisfies(entry -> assertThat(entry.queries()).containsExactly("qa", "qc"));
    }

    @Test
    void collapses_on_the_doi_before_the_arxiv_id() {
        CitationRegistry registry = CitationRegistry.build(List.of(
                accepted(candidate("a").setQuery("qa").build(), resnet("s2-1").setDoi("10.1/a").build()),
                accepted(candidate("b").setQuery("qb").build(), resnet("s2-2").setArxivId("2101.00001").build()),
                accepted(candidate("c").setQuery("qc").build(),
                        resnet("s2-3").setDoi("10.1/A").setArxivId("2101.00001").build())));

        assertThat(registry.entries()).filteredOn(entry -> entry.record().getScholarId().equals("s2-1"))
                .singleElement().satisfies(entry -> assertThat(entry.queries()).containsExactly("qa", "qc"));
        assertThat(registry.size()).isEqualTo(2);
    }

    @Test
    void collapses_candidates_differing_only_in_case_and_punctuation_that_resolve_to_one_paper() {
        CitationRegistry registry = CitationRegistry.build(List.of(
                accepted(candidate("Deep Residual Learning for Image Recognition").setQuery("q1").build(),
                        resnet("s2-1").build()),
                accepted(candidate("deep residual-learning for image recognition.").setQuery("q2").build(),
                        resnet("s2-1").build())));

        assertThat(registry.size()).isEqualTo(1);
        assertThat(registry.entries().getFirst().queries()).containsExactly("q1", "q2");
    }

    @Test
    void keeps_papers_apart_that_share_no_id() {
        CitationRegistry registry = CitationRegistry.build(List.of(
                accepted(candidate("a").build(), resnet("s2-1").setDoi("10.1/a").build()),
                accepted(candidate("b").build(), resnet("s2-2").setDoi("10.1/b").build())));

        assertThat(registry.keys()).containsExactly("he2016deep", "he2016deepa");
    }

    @Test
    void gives_unique_keys_independent_of_arrival_order() {
        ScholarRecord first = resnet("s2-1").build();
        ScholarRecord second = resnet("s2-2").build();
        ScholarRecord third = resnet("s2-3").build();

        CitationRegistry forward = CitationRegistry.build(List.of(accepted(candidate("a").build(), first),
                accepted(candidate("b").build(), second), accepted(candidate("c").build(), third)));
        CitationRegistry backward = CitationRegistry.build(List.of(accepted(candidate("c").build(), third),
                accepted(candidate("b").build(), second), accepted(candidate("a").build(), first)));

        assertThat(forward.keys()).containsExactly("he2016deep", "he2016deepa", "he2016deepb");
        assertThat(backward.entries()).extracting(entry -> entry.key() + "=" + entry.record().getScholarId())
                .containsExactlyElementsOf(forward.entries().stream()
                        .map(entry -> entry.key() + "=" + entry.record().getScholarId()).toList());
    }

    @Test
    void lists_rejected_candidates_with_their_query_and_reason() {
        CitationRegistry registry = CitationRegistry.build(List.of(
                rejected(candidate("Late Paper").setQuery("q").build(), "not-before-cutoff",
                        "published 2025-03-01, not before cutoff 2024-11-01")));

        assertThat(registry.size()).isZero();
        assertThat(registry.rejected()).containsExactly(
                new Rejection("Late Paper", "q", "published 2025-03-01, not before cutoff 2024-11-01",
                        "not-before-cutoff"));
    }
}
