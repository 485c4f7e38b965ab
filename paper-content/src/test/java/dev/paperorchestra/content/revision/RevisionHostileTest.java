package dev.paperorchestra.content.revision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.model.tex.TexPrimitives;
import java.util.List;
import org.junit.jupiter.api.Test;

/** HumanReview text is outside text: it reaches the letter escaped and the paper not at all. */
class RevisionHostileTest {

    private static final String HOSTILE = "The notation is unclear \\input{/etc/passwd} }\\end{document} "
            + "\\immediate\\write18{rm -rf ~} $\\catcode`\\^^M=13$ % comment\u0000\u202e";

    private static List<HumanReview> reviews() {
        return List.of(new HumanReview("Reviewer \\def\\x{1}", "r.md", List.of(new HumanReview.Part("Weaknesses",
                "- " + HOSTILE + "\n- Please compare against AdaBins \\input{secret}, a strong baseline on NYU "
                        + "Depth v2."))));
    }

    @Test
    void reviewer_text_with_tex_commands_is_escaped_in_the_latex_letter() {
        RevisionResult result = PaperReviser.offline(RevisionCase.materials(), "").revise("paper-1", reviews());

        String letter = new ResponseLetter("label").latex(result.answers());

        assertThat(TexPrimitives.scan(letter)).isEmpty();
        assertThat(letter).doesNotContain("\\input{", "\\write18", "\\def\\x", "\u0000", "\u202e")
                .contains("\\textbackslash{}input\\{/etc/passwd\\}");
        assertThat(letter.indexOf("\\end{document}")).isEqualTo(letter.lastIndexOf("\\end{document}"));
    }

    @Test
    void reviewer_text_never_reaches_the_revised_paper() {
        RevisionResult result = PaperReviser.offline(RevisionCase.materials(), "").revise("paper-1", reviews());

        assertThat(result.tex()).doesNotContain("/etc/passwd", "secret", "write18", "catcode");
        assertThat(result.count(EditDecision.Outcome.KEPT)).isPositive();
    }

    @Test
    void an_openreview_export_that_is_not_an_object_or_array_of_notes_gives_no_reviews() {
        assertThat(ReviewReader.openReview("\"just a string\"", "r.json")).isEmpty();
        assertThat(ReviewReader.openReview("{\"notes\": [{\"content\": {\"review\": {\"value\": 42}}}]}", "r.json"))
                .isEmpty();
        assertThatThrownBy(() -> ReviewReader.openReview("[" .repeat(10), "r.json"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
