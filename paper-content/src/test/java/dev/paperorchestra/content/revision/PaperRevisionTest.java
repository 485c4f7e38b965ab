package dev.paperorchestra.content.revision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.content.latex.CompileOutcome;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.sandbox.SandboxProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The whole offline revision of our test paper: compiled in the sandbox, diffed with latexdiff, files written. */
class PaperRevisionTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    @TempDir
    static Path directory;
    private static PaperRevision.Outcome outcome;
    private static Path out;

    /** One revision for the class: it compiles twice (paper and diff), which takes a while on a shared machine. */
    @BeforeAll
    static void revise() {
        out = directory.resolve("out");
        outcome = revise(out);
    }

    private static PaperRevision.Outcome revise(Path out) {
        Sandbox sandbox = Sandbox.detect(SandboxProperties.defaults());
        LatexCompiler compiler = new LatexCompiler("latexmk", TIMEOUT, directory.resolve("work"), sandbox);
        assumeTrue(compiler.available(), "latexmk is not on PATH");
        LatexDiff diff = new LatexDiff("latexdiff", sandbox, directory.resolve("work"), TIMEOUT);
        assumeTrue(diff.available(), "latexdiff is not on PATH (Debian package latexdiff)");
        PaperSource paper = PaperSource.read(RevisionCase.paperDirectory(directory));
        RevisionMaterials materials = RevisionCase.materials();
        PaperRevision.Outcome outcome = new PaperRevision(compiler, diff).run("paper-1", paper, materials,
                PaperReviser.offline(materials, ""), RevisionCase.reviews(directory), "offline");
        RevisionFiles.write(out, paper, outcome, ModelMode.OFFLINE_LABEL);
        return outcome;
    }

    @Test
    void revises_compiles_and_diffs_the_test_paper_with_a_valid_pdf_and_a_clean_audit() throws IOException {
        assertThat(outcome.revised()).isInstanceOf(CompileOutcome.Compiled.class);
        assertThat(outcome.diffPdf()).isInstanceOf(CompileOutcome.Compiled.class);
        assertThat(outcome.diffTex()).contains("\\DIFadd").contains("\\DIFdel");
        assertThat(outcome.summary().validPdf()).isTrue();
        assertThat(outcome.summary().audit().clean()).isTrue();
        assertThat(outcome.summary().passed()).isTrue();
        assertThat(outcome.summary().gates().regressions()).isEmpty();
        assertThat(Files.readAllBytes(out.resolve("paper.pdf"))).startsWith("%PDF".getBytes());
        assertThat(Files.readAllBytes(out.resolve("diff.pdf"))).startsWith("%PDF".getBytes());
        assertThat(Files.readString(out.resolve("paper.tex"))).startsWith("% " + ModelMode.OFFLINE_LABEL);
    }

    @Test
    void writes_points_decisions_edits_letters_and_summary() throws IOException {
        Path revision = out.resolve("revision");

        JsonNode summary = Json.mapper().readTree(Files.readString(revision.resolve("summary.json")));
        assertThat(summary.at("/pointsByKind/MISSING_EXPERIMENT").asInt()).isEqualTo(2);
        assertThat(summary.at("/answered/NEEDS_NEW_EXPERIMENTS").asInt()).isEqualTo(1);
        assertThat(summary.at("/edits/kept").asInt()).isEqualTo(5);
        assertThat(summary.at("/compile/status").asString()).isEqualTo("COMPILED");
        assertThat(summary.at("/diff/status").asString()).isEqualTo("COMPILED");
        assertThat(summary.at("/passed").asBoolean()).isTrue();

        JsonNode edits = Json.mapper().readTree(Files.readString(revision.resolve("edits.json")));
        assertThat(edits).hasSize(5);
        assertThat(edits.get(0).get("pointId").asString()).isEqualTo("R1.1");
        assertThat(edits.get(0).get("section").asString()).isEqualTo("Related Work");
        assertThat(edits.get(0).get("outcome").asString()).isEqualTo("KEPT");
        assertThat(Json.mapper().readTree(Files.readString(revision.resolve("points.json")))).hasSize(8);
        assertThat(Json.mapper().readTree(Files.readString(revision.resolve("decisions.json")))).hasSize(8);

        String letter = Files.readString(revision.resolve("response.md"));
        assertThat(letter).contains("## reviewer1", "## Reviewer 2", "## Reviewer_Xy12", "### R2.2 (missing experiment)",
                "> Please compare against AdaBins", "Text added at the end of Section \"Experiments\"",
                ModelMode.OFFLINE_LABEL);
        assertThat(Files.readString(revision.resolve("response.tex"))).contains("\\subsection*{Reviewer\\_Xy12}");
    }

    @Test
    void the_response_letter_in_latex_compiles() throws IOException {
        LatexCompiler compiler = new LatexCompiler("latexmk", TIMEOUT, directory.resolve("letter"));

        CompileOutcome letter = compiler.compile(new dev.paperorchestra.content.latex.CompileJob("letter",
                Files.readString(out.resolve("revision/response.tex")), "", java.util.Map.of()));

        assertThat(letter).isInstanceOf(CompileOutcome.Compiled.class);
    }
}
