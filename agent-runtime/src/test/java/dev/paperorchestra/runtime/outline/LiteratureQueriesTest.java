package dev.paperorchestra.runtime.outline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LiteratureQueriesTest {

    @Test
    void a_hint_about_a_named_resource_searches_for_the_name() {
        assertThat(LiteratureQueries.forCitationHint("research paper or technical report introducing 'NYU Depth v2'"))
                .isEqualTo("NYU Depth v2");
    }

    @Test
    void a_hint_with_author_and_exact_title_searches_for_the_title() {
        assertThat(LiteratureQueries.forCitationHint("He et al. (Deep Residual Learning for Image Recognition)"))
                .isEqualTo("Deep Residual Learning for Image Recognition");
    }

    @Test
    void any_other_hint_is_searched_as_written() {
        assertThat(LiteratureQueries.forCitationHint("  the AdamW optimizer ")).isEqualTo("the AdamW optimizer");
    }

    @Test
    void queries_differing_only_in_case_or_surrounding_space_count_once_and_blanks_not_at_all() {
        assertThat(LiteratureQueries.distinctCount(List.of("BTS", "bts ", "KITTI", " ", "NLSPN"))).isEqualTo(3);
    }
}
