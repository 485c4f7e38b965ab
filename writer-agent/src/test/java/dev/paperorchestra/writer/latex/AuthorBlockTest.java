package dev.paperorchestra.writer.latex;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AuthorBlockTest {

    private static final String BODY = "\\begin{document}\n\\maketitle\nText.\n\\end{document}\n";

    @Test
    void a_sample_author_with_address_and_email_becomes_an_anonymous_submission() {
        String tex = "\\documentclass{article}\n\\title{T}\n\\author{Jane Doe\\thanks{jane@example.org} \\\\ "
                + "Example University \\\\ \\texttt{jane@example.org}}\n" + BODY;

        String anonymous = AuthorBlock.anonymise(tex);

        assertThat(anonymous).contains("\\author{Anonymous submission}")
                .doesNotContain("Jane", "Example University", "@", "\\thanks");
    }

    @Test
    void acmart_authors_lose_affiliation_and_email_and_a_paper_id_stays() {
        String tex = "\\documentclass[sigconf]{acmart}\n\\newcommand{\\paperID}{42}\n\\author{Ada Lovelace}\n"
                + "\\affiliation{\\institution{Analytical Engines Ltd}\\country{UK}}\n\\email{ada@engines.uk}\n"
                + "\\author{Charles Babbage}\n\\affiliation{\\institution{Cambridge}}\n" + BODY;

        String anonymous = AuthorBlock.anonymise(tex);

        assertThat(anonymous).contains("\\author{Anonymous submission}", "\\newcommand{\\paperID}{42}")
                .doesNotContain("Ada", "Babbage", "Engines", "Cambridge", "\\email", "\\affiliation");
        assertThat(anonymous.split("\\\\author\\{", -1)).hasSize(2);
    }

    @Test
    void an_author_block_that_is_anonymous_already_is_kept_as_it_is() {
        String iclr = "\\documentclass{article}\n\\usepackage{iclr2025_conference}\n\\author{Anonymous authors}\n"
                + BODY;

        assertThat(AuthorBlock.anonymise(iclr)).isEqualTo(iclr);
    }

    @Test
    void a_kit_that_hides_its_sample_authors_in_review_mode_loses_them_in_the_source_too() {
        String cvpr = "\\documentclass{article}\n\\usepackage[review]{cvpr}\n\\def\\paperID{1234}\n"
                + "\\author{First Author\\\\Institution}\n" + BODY;

        assertThat(AuthorBlock.anonymise(cvpr)).contains("\\usepackage[review]{cvpr}", "\\def\\paperID{1234}",
                "\\author{Anonymous submission}").doesNotContain("First Author");
    }

    @Test
    void acmart_review_option_alone_does_not_hide_the_authors_so_they_are_replaced() {
        String tex = "\\documentclass[sigconf,review]{acmart}\n\\author{Ada Lovelace}\n\\email{ada@engines.uk}\n"
                + BODY;

        assertThat(AuthorBlock.anonymise(tex)).contains("\\author{Anonymous submission}").doesNotContain("Ada", "@");
    }
}
