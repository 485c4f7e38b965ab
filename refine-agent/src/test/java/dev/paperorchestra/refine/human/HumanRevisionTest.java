package dev.paperorchestra.refine.human;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.content.revision.LatexDiff;
import dev.paperorchestra.content.revision.PaperReviser;
import dev.paperorchestra.content.revision.RevisionCase;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.runtime.errors.PermanentException;
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
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    private HumanRevision revision(BlobStore blobs) {
        Sandbox sandbox = Sandbox.detect(SandboxProperties.defaults());
        Path compiles = directory.resolve("work/compile");
        return new HumanRevision(blobs, new LatexCompiler("no-such-latexmk", Duration.ofSeconds(10), compiles,
                sandbox), new LatexDiff("no-such-latexdiff", sandbox, compiles, Duration.ofSeconds(10)),
                directory.resolve("work"));
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
