package dev.paperorchestra.literature.verify;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LookupKeysTest {

    @Test
    void doi_keys_are_lower_case_without_resolver_prefix() {
        assertThat(LookupKeys.doi("https://doi.org/10.1109/CVPR.2016.90")).contains("doi:10.1109/cvpr.2016.90");
        assertThat(LookupKeys.doi("10.1109/CVPR.2016.90")).contains("doi:10.1109/cvpr.2016.90");
    }

    @Test
    void arxiv_keys_drop_prefix_and_version() {
        assertThat(LookupKeys.arxiv("arXiv:1706.03762v7")).contains("arxiv:1706.03762");
    }

    @Test
    void blank_ids_have_no_key() {
        assertThat(LookupKeys.doi(" ")).isEmpty();
        assertThat(LookupKeys.arxiv(null)).isEmpty();
    }

    @Test
    void title_keys_use_the_normalised_title() {
        assertThat(LookupKeys.title("  Attention -- Is All You Need! ")).isEqualTo("title:attention is all you need");
    }
}
