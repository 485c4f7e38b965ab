package dev.paperorchestra.refine.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.refine.DraftFixtures;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.schemas.CompileReport;
import dev.paperorchestra.schemas.CompileStatus;
import dev.paperorchestra.schemas.DraftStats;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.PaperDraftedEvent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompilingRevisionCheckTest {

    @TempDir
    Path root;

    private BlobStore blobs;
    private PaperDraftedEvent draft;
    private String previous;

    @BeforeEach
    void draft() {
        blobs = new LocalBlobStore(root);
        draft = DraftFixtures.draft(blobs, "paper-1", LlmMode.MODEL, 3);
        previous = blobs.getText(draft.getDraft().getTex());
    }

    private RevisionCandidate candidate(String tex) {
        return new RevisionCandidate("paper-1", 1, tex, previous, draft);
    }

    private static RevisionCompiler compilerReporting(CompileStatus status, AtomicInteger calls) {
        return candidate -> {
            calls.incrementAndGet();
            return new RevisionCompiler.Compiled(CompileReport.newBuilder().setStatus(status)
                    .setMessage(status == CompileStatus.FAILED ? "./paper.tex:9: Undefined control sequence."
                            : "PDF 8 pages").build(), status == CompileStatus.COMPILED ? new byte[] {'%'} : null);
        };
    }

    @Test
    void passes_a_revision_that_compiles_and_stores_its_latex_and_pdf() {
        String revised = previous.replace("A fixture.", "A fixture with a clearer abstract.");

        CheckedRevision checked = new CompilingRevisionCheck(blobs, compilerReporting(CompileStatus.COMPILED,
                new AtomicInteger())).check(candidate(revised));

        assertThat(checked).isInstanceOfSatisfying(CheckedRevision.Passed.class, passed -> {
            assertThat(passed.version().getVersion()).isEqualTo(1);
            assertThat(blobs.getText(passed.version().getTex())).isEqualTo(revised);
            assertThat(passed.version().getPdf()).isNotNull();
        });
    }

    @Test
    void rejects_a_revision_that_does_not_compile() {
        CheckedRevision checked = new CompilingRevisionCheck(blobs, compilerReporting(CompileStatus.FAILED,
                new AtomicInteger())).check(candidate(previous.replace("A fixture.", "A \\fixture.")));

        assertThat(checked).isEqualTo(new CheckedRevision.Failed(
                java.util.List.of("compile failed: ./paper.tex:9: Undefined control sequence.")));
    }

    @Test
    void rejects_added_caveats_and_a_new_integrity_gate_finding_without_compiling() {
        AtomicInteger compiles = new AtomicInteger();
        String revised = previous.replace("A fixture.", "A fixture \\cite{invented2024}. Future work will add "
                + "outdoor scenes.");

        CheckedRevision checked = new CompilingRevisionCheck(blobs, compilerReporting(CompileStatus.COMPILED, compiles))
                .check(candidate(revised));

        assertThat(checked).isInstanceOfSatisfying(CheckedRevision.Failed.class, failed -> {
            assertThat(failed.failures()).hasSize(2);
            assertThat(failed.failures().get(0)).isEqualTo(
                    "adds a future work statement: \"Future work will add outdoor scenes.\"");
            assertThat(failed.failures().get(1)).startsWith("[CITATIONS]").contains("invented2024");
        });
        assertThat(compiles).hasValue(0);
    }

    @Test
    void rejects_an_answer_that_is_not_a_complete_document() {
        assertThat(CompilingRevisionCheck.textFailures(candidate("\\section{Intro} only")))
                .containsExactly("not a complete LaTeX document (\\begin{document} ... \\end{document} missing)");
    }

    @Test
    void a_gate_finding_the_previous_version_already_had_does_not_reject_the_revision() {
        previous = previous.replace("A fixture.", "A fixture \\cite{legacy2019}.");
        String revised = previous.replace("\\section{", "\n\\section{");

        CheckedRevision checked = new CompilingRevisionCheck(blobs, RevisionCompiler.none()).check(candidate(revised));

        assertThat(checked).isInstanceOf(CheckedRevision.Passed.class);
    }

    @Test
    void a_missing_toolchain_does_not_reject_a_revision() {
        CheckedRevision checked = new CompilingRevisionCheck(blobs, RevisionCompiler.none())
                .check(candidate(previous.replace("A fixture.", "A better fixture.")));

        assertThat(checked).isInstanceOfSatisfying(CheckedRevision.Passed.class, passed ->
                assertThat(passed.version().getCompile().getStatus()).isEqualTo(CompileStatus.SKIPPED));
    }

    private static byte[] blankPdf(int pages) throws IOException {
        try (PDDocument document = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            for (int page = 0; page < pages; page++) {
                document.addPage(new PDPage());
            }
            document.save(out);
            return out.toByteArray();
        }
    }

    private PaperDraftedEvent withPages(int mainTextPages, int pageLimit) {
        return PaperDraftedEvent.newBuilder(draft).setStats(DraftStats.newBuilder(draft.getStats())
                .setMainTextPages(mainTextPages).setPageLimit(pageLimit).build()).build();
    }

    @Test
    void rejects_a_revision_that_pushes_the_main_text_past_the_page_limit_the_draft_kept() throws IOException {
        byte[] tenPages = blankPdf(10);
        RevisionCompiler compiler = candidate -> new RevisionCompiler.Compiled(CompileReport.newBuilder()
                .setStatus(CompileStatus.COMPILED).setMessage("PDF 10 pages").build(), tenPages);
        String revised = previous.replace("A fixture.", "A fixture with a much longer discussion.");

        CheckedRevision within = new CompilingRevisionCheck(blobs, compiler)
                .check(new RevisionCandidate("paper-1", 1, revised, previous, withPages(8, 8)));
        CheckedRevision draftAlreadyOver = new CompilingRevisionCheck(blobs, compiler)
                .check(new RevisionCandidate("paper-1", 1, revised, previous, withPages(11, 8)));

        assertThat(within).isInstanceOfSatisfying(CheckedRevision.Failed.class, failed ->
                assertThat(failed.failures()).containsExactly("[PAGES] the main text runs 10 pages, past the limit of 8"));
        assertThat(draftAlreadyOver).isInstanceOf(CheckedRevision.Passed.class);
    }
}
