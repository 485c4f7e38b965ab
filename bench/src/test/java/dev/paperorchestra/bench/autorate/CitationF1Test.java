package dev.paperorchestra.bench.autorate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.paperorchestra.bench.autorate.CitationF1.Priority;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CitationF1Test {

    // generated a b c d x; reference a b c e f g with P0 = {a, e}, P1 = {b, c, f, g}
    private static final Set<String> GENERATED = Set.of("a", "b", "c", "d", "x");
    private static final Set<String> REFERENCE = Set.of("a", "b", "c", "e", "f", "g");
    private static final Map<String, Priority> LABELS = Map.of("a", Priority.P0, "e", Priority.P0,
            "b", Priority.P1, "c", Priority.P1, "f", Priority.P1, "g", Priority.P1);

    @Test
    void all_references_score_matched_over_generated_and_over_reference() {
        CitationF1.Scores all = CitationF1.score(GENERATED, REFERENCE, LABELS).all();

        assertThat(all.matched()).isEqualTo(3);
        assertThat(all.precision()).isCloseTo(0.6, within(1e-9));
        assertThat(all.recall()).isCloseTo(0.5, within(1e-9));
        assertThat(all.f1()).isCloseTo(6.0 / 11.0, within(1e-9));
    }

    @Test
    void p0_precision_leaves_out_generated_references_that_are_p1() {
        CitationF1.Scores p0 = CitationF1.score(GENERATED, REFERENCE, LABELS).byPriority().get(Priority.P0);

        // counted generated: a d x (b and c are P1); matched: a
        assertThat(p0.generated()).isEqualTo(3);
        assertThat(p0.matched()).isEqualTo(1);
        assertThat(p0.precision()).isCloseTo(1.0 / 3, within(1e-9));
        assertThat(p0.recall()).isCloseTo(0.5, within(1e-9));
        assertThat(p0.f1()).isCloseTo(0.4, within(1e-9));
    }

    @Test
    void p1_recall_is_the_share_of_good_to_cite_references_cited() {
        CitationF1.Scores p1 = CitationF1.score(GENERATED, REFERENCE, LABELS).byPriority().get(Priority.P1);

        assertThat(p1.generated()).isEqualTo(4);
        assertThat(p1.matched()).isEqualTo(2);
        assertThat(p1.precision()).isCloseTo(0.5, within(1e-9));
        assertThat(p1.recall()).isCloseTo(0.5, within(1e-9));
        assertThat(p1.f1()).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void without_labels_only_all_is_reported() {
        CitationF1.Result result = CitationF1.score(GENERATED, REFERENCE, Map.of());

        assertThat(result.byPriority()).isEmpty();
        assertThat(result.all().toJson().get("f1").asDouble()).isEqualTo(0.5455);
    }

    @Test
    void no_overlap_is_an_f1_of_zero_and_an_empty_list_is_undefined() {
        assertThat(CitationF1.score(Set.of("x"), Set.of("a"), Map.of()).all().f1()).isZero();
        assertThat(CitationF1.score(Set.of(), Set.of("a"), Map.of()).all().toJson().get("precision").isNull()).isTrue();
    }
}
