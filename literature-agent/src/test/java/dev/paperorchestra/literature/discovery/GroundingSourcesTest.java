package dev.paperorchestra.literature.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.literature.plan.SearchQuery;
import dev.paperorchestra.gateway.LlmResponse;
import dev.paperorchestra.schemas.Candidate;
import org.junit.jupiter.api.Test;

class GroundingSourcesTest {

    private static final SearchQuery QUERY = new SearchQuery("transformers", "INTRODUCTION", null);

    @Test
    void an_arxiv_page_gives_the_id_and_the_title_without_its_id_and_site() {
        Candidate candidate = GroundingSources.candidate(new LlmResponse.Source(
                "[1706.03762] Attention Is All You Need - arXiv", "https://arxiv.org/abs/1706.03762"), QUERY)
                .orElseThrow();

        assertThat(candidate.getTitle()).isEqualTo("Attention Is All You Need");
        assertThat(candidate.getArxivId()).isEqualTo("1706.03762");
        assertThat(candidate.getDoi()).isNull();
    }

    @Test
    void a_doi_address_gives_the_doi_and_a_site_suffix_goes() {
        Candidate candidate = GroundingSources.candidate(new LlmResponse.Source(
                "Deep Residual Learning for Image Recognition | IEEE Xplore", "https://doi.org/10.1109/CVPR.2016.90"),
                QUERY).orElseThrow();

        assertThat(candidate.getTitle()).isEqualTo("Deep Residual Learning for Image Recognition");
        assertThat(candidate.getDoi()).isEqualTo("10.1109/CVPR.2016.90");
    }

    @Test
    void a_source_titled_only_by_its_site_carries_no_paper() {
        assertThat(GroundingSources.candidate(new LlmResponse.Source("researchgate.net",
                "https://www.researchgate.net/publication/1"), QUERY)).isEmpty();
        assertThat(GroundingSources.candidate(new LlmResponse.Source("  ", "https://example.org"), QUERY)).isEmpty();
    }
}
