package dev.paperorchestra.refine.human;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.content.revision.LatexDiff;
import dev.paperorchestra.content.revision.PaperReviser;
import dev.paperorchestra.content.revision.RevisionCase;
import dev.paperorchestra.content.revision.RevisionMaterials;
import dev.paperorchestra.content.revision.ScriptedRevisionModel;
import dev.paperorchestra.content.revision.VerifiedWorks;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.ScholarRecord;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.sandbox.SandboxProperties;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.RevisionEditedEvent;
import dev.paperorchestra.schemas.RevisionOptions;
import dev.paperorchestra.schemas.RevisionPointDecision;
import dev.paperorchestra.schemas.RevisionRequestedEvent;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jspecify.annotations.Nullable;

/**
 * The refine agent's revision step, without a broker and without TeX (the compile and latexdiff commands are
 * missing, so no PDF): the request's files, written out of the blob store, are revised as po revise revises the
 * directory, and hostile file names never leave the work directory.
 */
class HumanRevisionTest {

    @TempDir
    Path directory;

    @Test
    void the_request_is_revised_with_the_decisions_po_revise_offline_takes_and_every_output_is_stored() {
        BlobStore blobs = new LocalBlobStore(directory.resolve("blobs"));

        RevisionEditedEvent edited = revision(blobs).revise(request(blobs, "paper.tex"));

        var expected = PaperReviser.offline(RevisionCase.materials(), "")
                .revise("case", RevisionCase.reviews(directory)).answers();
        assertThat(edited.getPoints()).extracting(RevisionPointDecision::getPointId, RevisionPointDecision::getAnswered)
                .containsExactlyElementsOf(expected.stream().map(answer -> org.assertj.core.groups.Tuple.tuple(
                        answer.point().id(), answer.answered().decision().name())).toList());
        assertThat(edited.getMainTex()).isEqualTo("paper.tex");
        assertThat(edited.getArtifacts()).extracting(NamedArtifact::getName).contains("paper.tex", "references.bib",
                "revision/points.json", "revision/decisions.json", "revision/edits.json", "revision/response.md",
                "revision/response.tex", "revision/summary.json").noneMatch(name -> name.startsWith(".work"));
        assertThat(edited.getValidPdf()).as("no latexmk here").isFalse();
        assertThat(edited.getEditsKept()).isPositive();
    }

    @Test
    void a_file_name_that_climbs_out_of_the_work_directory_fails_the_revision_and_writes_nothing_there() {
        BlobStore blobs = new LocalBlobStore(directory.resolve("blobs"));

        for (String hostile : List.of("../escape.tex", "/tmp/escape.tex", "paper/../../escape.tex", ".hidden.tex",
                "a/b/c/d/e.tex")) {
            assertThatThrownBy(() -> revision(blobs).revise(request(blobs, hostile)))
                    .as(hostile).isInstanceOf(PermanentException.class);
        }
        assertThat(directory.resolve("escape.tex")).doesNotExist();
        assertThat(directory.resolve("work").resolve("escape.tex")).doesNotExist();
    }

    @Test
    void model_mode_takes_the_decisions_po_revise_takes_with_the_same_scripted_model_and_verifier() {
        BlobStore blobs = new LocalBlobStore(directory.resolve("blobs"));
        List<String> verified = new ArrayList<>();
        VerifiedWorks.TitleVerifier verifier = title -> {
            verified.add(title);
            return title.equals(ScriptedRevisionModel.SWITCH_TITLE) ? Optional.of(SWITCH) : Optional.empty();
        };
        HumanRevision.ModelSetup model = new HumanRevision.ModelSetup(new ScriptedRevisionModel().gateway(),
                "model:scripted/revision-script", paperId -> verifier);

        RevisionEditedEvent edited = revision(blobs, "no-such-latexmk", model).revise(modelRequest(blobs, null));

        // po revise builds its reviser with the same call (VerifiedWorks.modelReviser), over the same materials
        var materials = new RevisionMaterials(RevisionCase.TEX, BIB_WITHOUT_SWITCH, RevisionCase.LOG,
                RevisionCase.IDEA);
        var expected = VerifiedWorks.modelReviser(new ScriptedRevisionModel().gateway(), "case", materials, "",
                title -> title.equals(ScriptedRevisionModel.SWITCH_TITLE) ? Optional.of(SWITCH) : Optional.empty())
                .revise("case", RevisionCase.reviews(directory)).answers();
        assertThat(edited.getPoints()).extracting(point -> point.getPointId() + " " + point.getAnswered())
                .containsExactlyElementsOf(ScriptedRevisionModel.EXPECTED)
                .containsExactlyElementsOf(expected.stream().map(answer -> answer.point().id() + " "
                        + answer.answered().decision().name()).toList());
        assertThat(verified).as("the reviewer's suggested work went to the verifier")
                .contains(ScriptedRevisionModel.SWITCH_TITLE);
        assertThat(edited.getMode()).isEqualTo("model:scripted/revision-script");
        assertThat(text(blobs, edited, "references.bib")).contains("@article{fedus2022switch");
        assertThat(text(blobs, edited, "paper.tex")).as("model mode is not labelled offline")
                .doesNotContain(ModelMode.OFFLINE_LABEL);
        assertThat(text(blobs, edited, "revision/summary.json")).contains("model:scripted/revision-script");
    }

    @Test
    void a_model_mode_request_to_an_agent_without_model_mode_is_refused() {
        BlobStore blobs = new LocalBlobStore(directory.resolve("blobs"));

        assertThatThrownBy(() -> revision(blobs, "no-such-latexmk", null).revise(modelRequest(blobs, null)))
                .isInstanceOf(PermanentException.class).hasMessageContaining("model mode");
    }

    @Test
    void the_requests_page_limit_holds_for_the_revised_paper() {
        assumeTrue(new LatexCompiler("latexmk", Duration.ofMinutes(1), directory).available(), "no latexmk");
        BlobStore blobs = new LocalBlobStore(directory.resolve("blobs"));
        RevisionRequestedEvent request = request(blobs, "paper.tex");
        request.getOptions().setPageLimit(1);

        RevisionEditedEvent edited = revision(blobs, "latexmk", null).revise(request);

        assertThat(edited.getValidPdf()).as("past its one page").isFalse();
        assertThat(text(blobs, edited, "revision/summary.json")).contains("PAGES");
        assertThat(edited.getArtifacts()).extracting(NamedArtifact::getName).contains("paper.pdf");
    }

    private static final String BIB_WITHOUT_SWITCH = RevisionCase.BIB.substring(0,
            RevisionCase.BIB.indexOf("@article{fedus2022switch"));
    /** The record the Semantic Scholar stub of po revise's model-mode test answers with. */
    private static final ScholarRecord SWITCH = ScholarRecord.newBuilder().setScholarId("s2-switch")
            .setTitle(ScriptedRevisionModel.SWITCH_TITLE).setYear(2022)
            .setVenue("Journal of Machine Learning Research").setAuthors(List.of("William Fedus")).build();

    private static String text(BlobStore blobs, RevisionEditedEvent edited, String name) {
        return edited.getArtifacts().stream().filter(artifact -> artifact.getName().equals(name)).findFirst()
                .map(artifact -> blobs.getText(artifact.getArtifact())).orElseThrow(() -> new AssertionError(name));
    }

    private HumanRevision revision(BlobStore blobs) {
        return revision(blobs, "no-such-latexmk", null);
    }

    private HumanRevision revision(BlobStore blobs, String latexmk, HumanRevision.@Nullable ModelSetup model) {
        Sandbox sandbox = Sandbox.detect(SandboxProperties.defaults());
        Path compiles = directory.resolve("work/compile");
        return new HumanRevision(blobs, new LatexCompiler(latexmk, Duration.ofMinutes(2), compiles,
                sandbox), new LatexDiff("no-such-latexdiff", sandbox, compiles, Duration.ofSeconds(10)),
                directory.resolve("work"), model);
    }

    /** As po revise's model-mode test: the paper's bibliography lacks the work a reviewer asks to cite. */
    private static RevisionRequestedEvent modelRequest(BlobStore blobs, @Nullable Integer pageLimit) {
        RevisionRequestedEvent request = request(blobs, "paper.tex");
        request.setPaperFiles(List.of(named(blobs, "paper.tex", RevisionCase.TEX),
                named(blobs, "references.bib", BIB_WITHOUT_SWITCH)));
        request.setOptions(RevisionOptions.newBuilder().setLlmMode(LlmMode.MODEL).setPageLimit(pageLimit).build());
        return request;
    }

    private static RevisionRequestedEvent request(BlobStore blobs, String mainName) {
        return RevisionRequestedEvent.newBuilder().setPaperId("case").setSubmittedAt(Instant.EPOCH)
                .setPaperFiles(List.of(named(blobs, mainName, RevisionCase.TEX),
                        named(blobs, "references.bib", RevisionCase.BIB)))
                .setReviews(List.of(named(blobs, "reviewer1.md", RevisionCase.REVIEW_MARKDOWN),
                        named(blobs, "reviewer2.txt", RevisionCase.REVIEW_TEXT),
                        named(blobs, "reviewer3.json", RevisionCase.REVIEW_OPENREVIEW)))
                .setMaterials(Stream.of(named(blobs, "experimental_log.md", RevisionCase.LOG),
                        named(blobs, "idea.md", RevisionCase.IDEA)).toList())
                .setOptions(RevisionOptions.newBuilder().build()).build();
    }

    private static NamedArtifact named(BlobStore blobs, String name, String text) {
        return NamedArtifact.newBuilder().setName(name).setArtifact(blobs.putText(text, MediaTypes.OCTETS)).build();
    }
}
