package dev.paperorchestra.literature.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ScholarIdsTest {

    @Test
    void reads_the_arxiv_id_of_an_abstract_or_pdf_address() {
        assertThat(ScholarIds.arxivOfAddress("https://arxiv.org/abs/1706.03762v7")).contains("1706.03762v7");
        assertThat(ScholarIds.arxivOfAddress("https://arxiv.org/pdf/2401.00001.pdf?download=1#page=2"))
                .contains("2401.00001");
        assertThat(ScholarIds.arxivOfAddress("https://www.arxiv.org/abs/hep-th/9901001")).isEmpty();
        assertThat(ScholarIds.arxivOfAddress("https://example.org/abs/1706.03762")).isEmpty();
        assertThat(ScholarIds.arxivOfAddress("not an address")).isEmpty();
    }

    @Test
    void reads_the_doi_of_a_resolver_address_and_strips_its_schemes() {
        assertThat(ScholarIds.doiOfAddress("https://doi.org/10.1109/CVPR.2016.90")).contains("10.1109/CVPR.2016.90");
        assertThat(ScholarIds.doiOfAddress("https://dx.doi.org/10.1145/3292500.3330701?ref=x"))
                .contains("10.1145/3292500.3330701");
        assertThat(ScholarIds.doiOfAddress("https://doi.org/about")).isEmpty();
        assertThat(ScholarIds.doi("DOI:10.1/x")).isEqualTo("10.1/x");
        assertThat(ScholarIds.doi("HTTPS://DOI.ORG/10.1/x")).isEqualTo("10.1/x");
        assertThat(ScholarIds.arxiv("arXiv:1706.03762v7")).isEqualTo("1706.03762v7");
    }

    @Test
    void an_arxiv_datacite_doi_names_the_preprint_and_a_version_is_dropped() {
        assertThat(ScholarIds.arxivOfDoi("10.48550/arXiv.2401.00001")).contains("2401.00001");
        assertThat(ScholarIds.arxivOfDoi("https://doi.org/10.48550/ARXIV.2401.00001")).contains("2401.00001");
        assertThat(ScholarIds.arxivOfDoi("10.1109/CVPR.2016.90")).isEmpty();
        assertThat(ScholarIds.withoutVersion("1706.03762v12")).isEqualTo("1706.03762");
        assertThat(ScholarIds.withoutVersion("solv-int/9901001")).isEqualTo("solv-int/9901001");
    }
}
