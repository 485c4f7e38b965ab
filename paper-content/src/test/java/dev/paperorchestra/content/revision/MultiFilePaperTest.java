package dev.paperorchestra.content.revision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A paper whose sections are in files of their own: revised as one text, written back file by file. */
class MultiFilePaperTest {

    @TempDir
    Path directory;

    private PaperSource multiFile() throws IOException {
        Path paper = Files.createDirectories(directory.resolve("paper/sections"));
        String tex = RevisionCase.TEX;
        int related = tex.indexOf("\\section{Related Work}");
        int experiments = tex.indexOf("\\section{Experiments}");
        int method = tex.indexOf("\\section{Method}");
        Files.writeString(paper.resolve("related.tex"), tex.substring(related, method));
        Files.writeString(paper.resolve("method.tex"), tex.substring(method, experiments));
        Files.writeString(paper.getParent().resolve("paper.tex"), tex.substring(0, related)
                + "\\input{sections/related}\n\\input{sections/method.tex}\n" + tex.substring(experiments));
        Files.writeString(paper.getParent().resolve("references.bib"), RevisionCase.BIB);
        return PaperSource.read(paper.getParent());
    }

    @Test
    void edits_land_in_the_file_that_holds_their_section() throws IOException {
        PaperSource source = multiFile();
        String expanded = source.expandedTex();
        RevisionMaterials materials = new RevisionMaterials(expanded, source.bibliography(), RevisionCase.LOG,
                RevisionCase.IDEA);

        RevisionResult result = PaperReviser.offline(materials, "").revise("paper-1", RevisionCase.reviews(directory));
        Map<String, String> files = source.splitInputs(result.tex());

        assertThat(files.keySet()).containsExactly("paper.tex", "sections/related.tex", "sections/method.tex");
        assertThat(files.get("sections/method.tex")).contains("The router activates 4 of the 16 experts per token.")
                .doesNotContain("%po-input");
        // appended at the end of Related Work: in its file, not after it in the next one
        assertThat(files.get("sections/related.tex")).contains("\\cite{fedus2022switch}");
        assertThat(files.get("sections/method.tex")).doesNotContain("fedus2022switch");
        assertThat(files.get("paper.tex")).contains("\\input{sections/related}\n\\input{sections/method.tex}\n")
                .doesNotContain("4 of the 16").contains("AdaBins & 0.103");
    }

    @Test
    void an_unrevised_paper_splits_back_to_its_files_unchanged() throws IOException {
        PaperSource source = multiFile();

        Map<String, String> files = source.splitInputs(source.expandedTex());

        assertThat(files.get("paper.tex")).isEqualTo(source.tex());
        assertThat(files.get("sections/method.tex"))
                .isEqualTo(new String(source.kit().get("sections/method.tex"), java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void a_marker_naming_a_file_outside_the_paper_writes_nothing() throws IOException {
        PaperSource source = multiFile();
        String hostile = source.expandedTex() + "\n%po-input-begin ../../etc/cron.d/x \\input{x}\nboom\n"
                + "%po-input-end ../../etc/cron.d/x\n";

        assertThatThrownBy(() -> source.splitInputs(hostile)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a file of the paper");
    }

    @Test
    void the_lock_refuses_an_edit_that_touches_the_markers() throws IOException {
        PaperSource source = multiFile();
        String expanded = source.expandedTex();
        RevisionMaterials materials = new RevisionMaterials(expanded, source.bibliography(), "", "");
        ReviewPoint point = new ReviewPoint("R1.1", "r", "q", PointKind.CLARITY, "Method");
        PointDecision decision = new PointDecision("R1.1", DecisionKind.REVISE, "why", List.of());
        Edit edit = new Edit("R1.1", "Method", "", "Text.\n%po-input-end sections/method.tex\n"
                + "%po-input-begin sections/related.tex \\input{sections/related}\nmoved", List.of(), "");

        EditCheck check = new EvidenceLock(new FabricationAudit(materials)).check(edit, point, decision, expanded);

        assertThat(check).isInstanceOfSatisfying(EditCheck.Refused.class, refused -> assertThat(refused.reasons())
                .anySatisfy(reason -> assertThat(reason).contains("inlined file")));
    }
}
