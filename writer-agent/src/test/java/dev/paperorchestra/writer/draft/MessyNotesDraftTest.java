package dev.paperorchestra.writer.draft;

import static dev.paperorchestra.writer.TestMaterials.CVPR;
import static dev.paperorchestra.writer.TestMaterials.figure;
import static dev.paperorchestra.writer.TestMaterials.literatureDraft;
import static dev.paperorchestra.writer.TestMaterials.read;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.content.materials.MaterialsDirectory;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.UnconfiguredLlmGateway;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.writer.ScriptedGateway;
import dev.paperorchestra.writer.TestMaterials;
import dev.paperorchestra.writer.join.DraftResult;
import dev.paperorchestra.writer.repair.DraftRepairLoop;
import dev.paperorchestra.writer.repair.RepairLimits;
import dev.paperorchestra.writer.sections.ModelSectionWriter;
import dev.paperorchestra.writer.sections.SectionWriter;
import dev.paperorchestra.writer.sections.WriterInputs;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CVPR example with notes pasted from a bioRxiv export: neither the offline rules nor the model ever see the
 * identifiers, the reference list, the citation markers or the damaged LaTeX.
 */
class MessyNotesDraftTest {

    /** A JSON string's "\t" of "\text" and "\n" of "\nabla" decoded into a TAB and a line break. */
    private static final String MESSY = "\n- Scale errors fall with more points, as reported for completion "
            + "networks [3] and in earlier work [4, 5] (biorxiv;2025.01.31.635838v1/FIG1F1fig1Fig.).\n"
            + "- The loss is $\text{RMSE} + \n" + "abla s$ (doi:10.1101/2025.01.31.635838).\n\n## References\n\n"
            + "1. Smith J, Doe A. Depth. Cell. 2019;10(2):1-9.\n2. Roe B, Poe C. Points. Nature. 2020;5(1):3-4.\n";

    private static final String IDEA_NOTE = "\nThe scale field varies slowly across the image [9] (PMC7654321).\n";

    @TempDir
    Path temp;

    @Test
    void the_model_and_the_offline_writer_write_from_the_cleaned_notes() throws Exception {
        Path materials = temp.resolve("materials");
        Files.createDirectories(materials);
        for (String file : List.of("idea.md", "experimental_log.md", "template.tex", "conference_guidelines.md")) {
            Files.writeString(materials.resolve(file), read(CVPR, file) + (file.equals("experimental_log.md") ? MESSY
                    : file.equals("idea.md") ? IDEA_NOTE : ""));
        }
        BlobStore blobs = new LocalBlobStore(temp.resolve("blobs"));
        Figure figure = figure("fig_demo", "fig_demo.png", "4:3", null,
                blobs.put(TestMaterials.png(200, 150), MediaTypes.PNG));
        String answer = new SectionWriter().write(new WriterInputs(literatureDraft(read(CVPR, "template.tex")),
                read(CVPR, "idea.md"), read(CVPR, "experimental_log.md"), List.of(figure))).tex();
        ScriptedGateway model = new ScriptedGateway("```latex\n" + answer + "\n```\n");

        draft(materials, blobs, figure, LlmMode.MODEL, model);

        String prompt = model.requests().getFirst().user();
        assertThat(prompt).contains("Scale errors fall with more points, as reported for completion networks and in "
                + "earlier work.", "$\\text{RMSE} + \\nabla s$", "The scale field varies slowly across the image.")
                .doesNotContain("biorxiv", "10.1101", "[3]", "[4, 5]", "[9]", "PMC", "## References", "Smith J", "\t");

        DraftResult offline = draft(materials, blobs, figure, LlmMode.OFFLINE, new UnconfiguredLlmGateway());
        String tex = blobs.getText(offline.draft().getDraft().getTex());
        assertThat(tex).doesNotContain("biorxiv", "10.1101", "[3]", "[4, 5]", "[9]", "PMC", "Smith J", "Cell. 2019",
                "\t");
    }

    private DraftResult draft(Path materials, BlobStore blobs, Figure figure, LlmMode mode, LlmGateway llm) {
        AgentIdentity identity = new AgentIdentity("writer-agent", "writer");
        PaperContext context = MaterialsDirectory.upload(materials, "p-" + mode, JobOptions.newBuilder()
                .setLlmMode(mode).build(), blobs, Instant.parse("2025-01-01T00:00:00Z"));
        PaperDrafter drafter = new PaperDrafter(blobs, new SectionWriter(), new ModelSectionWriter(llm,
                identity.name()), new DraftRepairLoop(new LatexCompiler("latexmk-missing", Duration.ofSeconds(60),
                        temp.resolve("jobs")), new RepairLimits(0, 0, 0)), identity,
                Clock.fixed(Instant.parse("2025-01-01T01:00:00Z"), ZoneOffset.UTC),
                new WriterMetrics(new SimpleMeterRegistry()));
        return drafter.draft(TestMaterials.literature(context, blobs.putText(literatureDraft(read(CVPR,
                "template.tex")), MediaTypes.TEX), blobs.putText(TestMaterials.bibliography(), MediaTypes.BIBTEX),
                blobs.putText("{}", MediaTypes.JSON)), TestMaterials.figures(context, figure));
    }
}
