package dev.paperorchestra.writer.latex;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The template's slots filled or removed before any section is written; the kit's mode for a blind review. */
class TemplateFillTest {

    private static final String CVPR_KIT = """
            \\documentclass[10pt,twocolumn,letterpaper]{article}
            \\usepackage[final]{cvpr}
            \\def\\paperID{*****}
            %%%% TITLE - PLEASE UPDATE
            \\title{\\LaTeX\\ Author Guidelines for CVPR Proceedings}
            \\author{First Author\\\\Institution1\\\\{\\tt\\small firstauthor@i1.org}}
            \\begin{document}
            \\maketitle
            \\begin{abstract}
            The ABSTRACT is to be in fully justified italicized text, at the top of the left-hand column.
            \\end{abstract}
            \\section{Introduction}
            Please follow the steps outlined below when submitting your manuscript to the IEEE Computer Society Press.
            \\section{Final copy}
            You must include your signed IEEE copyright release form when you submit your finished paper. We MUST \
            have this form before your paper can be published in the proceedings.
            \\section{Method}
            Describe the method here.
            {\\small
            \\bibliographystyle{ieeenat_fullname}
            \\bibliography{main}
            }
            \\end{document}
            """;

    @Test
    void a_double_blind_review_turns_the_kits_review_mode_on_and_empties_every_sample_slot() {
        String tex = TemplateFill.prepare(CVPR_KIT, true);

        assertThat(tex).contains("\\usepackage[review]{cvpr}", "\\def\\paperID{*****}", "\\author{Anonymous submission}",
                "\\section{Introduction}", "\\section{Method}", "\\bibliography{references}\n}")
                .doesNotContain("[final]", "PLEASE UPDATE", "First Author", "firstauthor@i1.org", "fully justified",
                        "Final copy", "copyright release", "Describe the method here", "\\bibliography{main}");
    }

    @Test
    void without_a_double_blind_review_no_review_mode_is_turned_on_but_a_submission_is_never_camera_ready() {
        assertThat(TemplateFill.prepare(CVPR_KIT, false)).contains("\\usepackage{cvpr}")
                .doesNotContain("[final]").doesNotContain("[review]").contains("\\author{Anonymous submission}");
    }

    /**
     * An OUP kit: the sample abstract (a command there), history dates of three arguments and copyright year go;
     * the class reads the year back in its running heads, so an empty one keeps the paper compiling.
     */
    @Test
    void an_oup_kit_loses_its_sample_front_matter_and_keeps_what_its_class_reads_back() {
        String kit = """
                \\documentclass[unnumsec,webpdf,contemporary,large]{oup-authoring-template}
                \\begin{document}
                \\journaltitle{Journal Title Here}
                \\DOI{DOI HERE}
                \\copyrightyear{2022}
                \\title[Short Article Title]{Article Title}
                \\author[1]{First Author}
                \\authormark{Author Name et al.}
                \\corresp[$\\ast$]{Corresponding author. \\href{email:email-id.com}{email-id.com}}
                \\received{Date}{0}{Year}
                \\abstract{Abstracts must be able to stand alone and so cannot contain citations.}
                \\maketitle
                \\section{Introduction}
                Text.
                \\begin{biography}{{\\color{black!20}\\rule{77pt}{77pt}}}{\\author{Author Name.} This is sample author biography text.}
                \\end{biography}
                \\end{document}
                """;

        String tex = TemplateFill.prepare(kit, false);

        assertThat(tex).doesNotContain("{0}{Year}", "2022", "must be able to stand alone", "First Author",
                        "DOI HERE", "Author Name et al.", "email-id.com", "Journal Title Here", "sample author biography")
                .contains("\\copyrightyear{}", "\\abstract{", "\\journaltitle{" + VenueMatter.OUP_JOURNAL_LINE + "}");
    }
}
