package dev.paperorchestra.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.cli.state.PaperRegistry;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PaperIdDecisionTest {

    @TempDir
    Path stateDir;
    private PaperRegistry registry;

    @BeforeEach
    void registry() {
        registry = new PaperRegistry(stateDir);
    }

    @Test
    void a_new_explicit_id_is_submitted() {
        assertThat(PaperIdDecision.decide("p1", "gen-1", "d1", registry))
                .isEqualTo(new PaperIdDecision.Submit("p1"));
    }

    @Test
    void an_explicit_id_reused_with_other_materials_is_refused_plainly() {
        registry.record("p1", "d1", PaperRegistry.State.COMPLETED);

        assertThatThrownBy(() -> PaperIdDecision.decide("p1", "gen-1", "d2", registry))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("paper id p1 already names another paper")
                .hasMessageContaining("different materials or options");
    }

    @Test
    void an_explicit_id_reused_with_the_same_materials_follows_the_earlier_paper_and_says_how() {
        registry.record("done", "d1", PaperRegistry.State.COMPLETED);
        registry.record("broken", "d1", PaperRegistry.State.FAILED);
        registry.record("crashed", "d1", PaperRegistry.State.SUBMITTED);

        assertThat(PaperIdDecision.decide("done", "g", "d1", registry)).isInstanceOfSatisfying(
                PaperIdDecision.Follow.class, follow -> assertThat(follow.notice())
                        .contains("completed: returning that result without running it again"));
        assertThat(PaperIdDecision.decide("broken", "g", "d1", registry)).isInstanceOfSatisfying(
                PaperIdDecision.Follow.class, follow -> assertThat(follow.notice())
                        .contains("failed: returning that result"));
        assertThat(PaperIdDecision.decide("crashed", "g", "d1", registry)).isInstanceOfSatisfying(
                PaperIdDecision.Follow.class, follow -> assertThat(follow.notice())
                        .contains("did not finish: resuming it where it stopped"));
    }

    @Test
    void a_generated_id_taken_by_other_materials_gets_a_new_one() {
        registry.record("gen-1", "d1", PaperRegistry.State.COMPLETED);
        registry.record("gen-1-2", "d2", PaperRegistry.State.FAILED);

        assertThat(PaperIdDecision.decide(null, "gen-1", "d3", registry))
                .isEqualTo(new PaperIdDecision.Submit("gen-1-3"));
    }

    @Test
    void an_unsafe_explicit_id_is_refused() {
        assertThatThrownBy(() -> PaperIdDecision.decide("../x", "g", "d", registry))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not allowed");
    }
}
