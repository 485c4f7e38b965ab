package dev.paperorchestra.literature.drafting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.base.errors.PermanentException;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CitationCheckTest {

    private static final List<String> POOL = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j");

    @Test
    void flags_a_paragraph_that_cites_many_papers_with_hardly_a_word_about_them() {
        String latex = "Depth estimation matters for robots~\\cite{a}.\n\nOther works include~\\cite{b,c,d,e,f,g}.";

        assertThat(CitationCheck.paddingParagraphs(latex)).containsExactly("Other works include~\\cite{b,c,d,e,f,g}.");
    }

    @Test
    void a_commented_blank_line_does_not_split_a_paragraph_and_commented_citations_do_not_count() {
        String latex = "Other works include~\\cite{b,c,d,e,f,g}.\n% a note to self\nand more.\n\n"
                + "% \\cite{h,i,j,k,l}\nA short note.";

        assertThat(CitationCheck.paddingParagraphs(latex))
                .containsExactly("Other works include~\\cite{b,c,d,e,f,g}. and more.");
    }

    @Test
    void accepts_a_grouped_comparative_citation_that_discusses_the_papers() {
        String latex = "Propagation-based completion methods~\\cite{b,c,d,e,f} refine a coarse depth map with affinities "
                + "learned from the image; they assume dense LiDAR input and degrade when only a handful of points "
                + "are measured, which motivates anchoring scale with sparse tokens instead of propagating values "
                + "across neighbouring pixels in every refinement step of the network.";

        assertThat(CitationCheck.paddingParagraphs(latex)).isEmpty();
    }

    @Test
    void requires_the_share_of_the_pool_and_names_keys_outside_it() {
        assertThat(CitationCheck.shortOfShare(Set.of("a", "b", "c", "d", "e", "f", "g", "h"), POOL, 0.9)).isTrue();
        assertThat(CitationCheck.shortOfShare(Set.of("a", "b", "c", "d", "e", "f", "g", "h", "i"), POOL, 0.9)).isFalse();
        assertThat(CitationCheck.shortOfShare(Set.of("a", "b", "c", "d", "e", "f", "g", "h", "x"), POOL, 0.9))
                .as("a key outside the pool does not count towards the share").isTrue();
        assertThat(CitationCheck.missing(Set.of("a", "b"), List.of("a", "b", "c"))).containsExactly("c");
        assertThatThrownBy(() -> CitationCheck.require(Set.of("a", "x"), POOL, 0.1))
                .isInstanceOf(PermanentException.class).hasMessageContaining("[x]");
    }
}
