package dev.paperorchestra.bench.autorate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.bench.autorate.CitationF1.Priority;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.schemas.ScholarRecord;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class CitationAutoraterTest {

    private static final String CITATION_MAP = """
            {"keys": {
              "smith2020": {"title": "Sparse Depth Completion with Confidence", "scholarId": "S1"},
              "lee2021": {"title": "Learning Guided Upsampling for Depth Maps", "scholarId": "S2"},
              "kim2022": {"title": "A Survey of Monocular Depth", "scholarId": "S9"}}}""";
    private static final String BIB = """
            @inproceedings{ref1, title = {Sparse depth completion with confidence}, doi = {10.1/ABC}}
            @article{ref2, title = "{Learning} Guided Upsampling for Depth Maps", journal = {TPAMI}}
            @misc{ref3, title = {Totally Unrelated Work on Graph Neural Networks}}
            @string{venue = "CVPR"}
            """;

    private static ScholarRecord record(String id, String title) {
        return ScholarRecord.newBuilder().setScholarId(id).setTitle(title).setAuthors(List.of()).build();
    }

    @Test
    void references_resolve_by_doi_else_by_title_of_a_generated_reference_else_stay_unmatched() {
        // the verifier resolved ref1 only
        ScholarLookup cache = ScholarLookup.resolved(Map.of("ref1",
                record("S1", "Sparse Depth Completion with Confidence")));
        List<BibEntry> references = BibEntry.parse(BIB);

        ObjectNode rated = new CitationAutorater(cache).rate(Json.mapper().readTree(CITATION_MAP), references,
                Map.of("ref1", Priority.P0, "ref2", Priority.P1, "ref3", Priority.P0), null);

        assertThat(rated.get("reference").get(0).get("resolvedBy").asString()).isEqualTo("scholar");
        assertThat(rated.get("reference").get(1).get("resolvedBy").asString()).isEqualTo("title-of-generated");
        assertThat(rated.get("reference").get(1).get("id").asString()).isEqualTo("s2:S2");
        assertThat(rated.get("reference").get(2).get("resolvedBy").asString()).isEqualTo("unresolved");
        // all: 2 of 3 generated, 2 of 3 reference
        assertThat(rated.get("all").get("precision").asDouble()).isEqualTo(0.6667);
        assertThat(rated.get("all").get("recall").asDouble()).isEqualTo(0.6667);
        // P0 = {ref1, ref3}: S2 is P1 so it is left out of P0's generated: S1, S9 counted, S1 matched
        assertThat(rated.get("P0").get("recall").asDouble()).isEqualTo(0.5);
        assertThat(rated.get("P0").get("precision").asDouble()).isEqualTo(0.5);
        assertThat(rated.get("P1").get("recall").asDouble()).isEqualTo(1.0);
        assertThat(CitationAutorater.columns(rated)).containsEntry("citation_p1_recall", 1.0)
                .containsKey("citation_all_f1");
    }

    @Test
    void offline_the_case_recorded_answers_resolve_references_and_the_labels_are_said_to_be_skipped() {
        Path records = Path.of("..", "examples", "cvpr-sparse-depth", "scholar_records.json");
        var first = Json.mapper().readTree(records.toFile()).get("papers").get(0);
        String bib = "@article{x, title = {" + first.get("title").asString() + "}}";

        ObjectNode rated = new CitationAutorater(ScholarLookup.replay(records)).rate(Json.mapper().readTree(
                "{\"keys\": {}}"), BibEntry.parse(bib), null, "offline run");

        assertThat(rated.get("reference").get(0).get("id").asString()).isEqualTo("s2:" + first.get("paperId").asString());
        assertThat(rated.get("p0p1Skipped").asString()).isEqualTo("offline run");
        assertThat(rated.has("P0")).isFalse();
    }

    @Test
    void bib_fields_with_nested_braces_quotes_and_bare_values_are_read() {
        List<BibEntry> entries = BibEntry.parse("""
                @article{a, title = {The {BERT} Model: {A} Study}, eprint = 1810.04805, year = 2019}
                @comment{ignored}
                @inproceedings{b,
                  author = "X and Y",
                  title = "Deep Things",
                  doi = {10.5/xyz}
                }""");

        assertThat(entries).extracting(BibEntry::key).containsExactly("a", "b");
        assertThat(entries.get(0).title()).isEqualTo("The BERT Model: A Study");
        assertThat(entries.get(0).arxivId()).isEqualTo("1810.04805");
        assertThat(entries.get(1).doi()).isEqualTo("10.5/xyz");
    }

    @Test
    void the_literature_review_is_introduction_and_related_work_only() {
        String tex = "\\section{Introduction} intro \\cite{a,b} \\section{Related Work} rel \\citep{c}"
                + "\\section{Method} method \\cite{d}";

        String review = AutoraterSuite.literatureReview(tex);

        assertThat(review).contains("intro", "rel").doesNotContain("method");
        assertThat(AutoraterSuite.citedKeys(review)).isEqualTo(3);
    }
}
