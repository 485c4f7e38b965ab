package dev.paperorchestra.literature.discovery;

import static dev.paperorchestra.literature.Fixtures.candidate;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.literature.plan.Purpose;
import dev.paperorchestra.literature.plan.SearchQuery;
import dev.paperorchestra.base.errors.RetriableException;
import dev.paperorchestra.schemas.Candidate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CombinedDiscoveryTest {

    private static final SearchQuery QUERY = new SearchQuery("depth", Purpose.INTRODUCTION, null);

    private static DiscoverySource answering(String name, String... titles) {
        return new DiscoverySource() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public List<Candidate> search(String paperId, SearchQuery query) {
                return Arrays.stream(titles).map(title -> candidate(title).build()).toList();
            }
        };
    }

    private static DiscoverySource failing(String name) {
        return new DiscoverySource() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public List<Candidate> search(String paperId, SearchQuery query) {
                throw new RetriableException(name + " is down");
            }
        };
    }

    @Test
    void concatenates_the_candidates_of_every_source_under_a_joint_name() {
        DiscoverySource combined = CombinedDiscovery.of(List.of(answering("a", "One"), answering("b", "Two", "Three")));

        assertThat(combined.name()).isEqualTo("a+b");
        assertThat(combined.search("p1", QUERY)).extracting(Candidate::getTitle).containsExactly("One", "Two", "Three");
    }

    @Test
    void keeps_the_answers_of_the_other_sources_when_one_fails() {
        DiscoverySource combined = CombinedDiscovery.of(List.of(failing("a"), answering("b", "Two")));

        assertThat(combined.search("p1", QUERY)).extracting(Candidate::getTitle).containsExactly("Two");
    }

    @Test
    void fails_the_task_when_every_source_fails() {
        DiscoverySource combined = CombinedDiscovery.of(List.of(failing("a"), failing("b")));

        assertThatThrownBy(() -> combined.search("p1", QUERY)).isInstanceOf(RetriableException.class)
                .hasMessage("a is down");
    }

    @Test
    void a_single_source_is_used_as_it_is() {
        DiscoverySource only = answering("a");

        assertThat(CombinedDiscovery.of(List.of(only))).isSameAs(only);
    }
}
