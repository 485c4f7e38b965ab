package dev.paperorchestra.cli.tally;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.NamedArtifact;
import java.util.List;
import org.junit.jupiter.api.Test;

class PaperTallyTest {

    private static NamedArtifact file(String name) {
        return new NamedArtifact(name, new ArtifactRef("file:///b/" + name, "0".repeat(64), 1L, "text/plain"), null);
    }

    @Test
    void counts_requests_and_completions_per_paper_and_an_output_file_named_twice() {
        PaperTally tally = new PaperTally();
        tally.requested("p2");
        tally.requested("p1");
        tally.completed("p1", List.of(file("paper.tex"), file("paper.pdf")));
        tally.requested("p2");
        tally.completed("p2", List.of(file("paper.tex"), file("paper.tex")));
        tally.completed("p2", List.of(file("paper.tex")));

        assertThat(tally.lines()).containsOnlyKeys("p1", "p2");
        assertThat(tally.lines().get("p1")).isEqualTo(new PaperTally.Line(1, 1, 2, 0));
        assertThat(tally.lines().get("p2")).isEqualTo(new PaperTally.Line(2, 2, 3, 1));
        assertThat(tally.lines().get("p1")).hasToString("requests=1 completed=1 artifacts=2 duplicate_artifacts=0");
    }
}
