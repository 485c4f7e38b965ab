package dev.paperorchestra.refine;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.runtime.kafka.StageTimings;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.content.materials.LatexTemplate;
import dev.paperorchestra.content.materials.MaterialsDirectory;
import dev.paperorchestra.schemas.CompileReport;
import dev.paperorchestra.schemas.CompileStatus;
import dev.paperorchestra.schemas.DraftStats;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperDraftedEvent;
import dev.paperorchestra.schemas.PaperVersion;
import dev.paperorchestra.schemas.ReviewScores;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;

/**
 * A writer's draft built on the CVPR example materials (uploaded with MaterialsDirectory) plus small blobs:
 * a LaTeX paper following the template's sections, references.bib, citation_map.json, outline.json and one
 * figure (PDF and PNG).
 */
public final class DraftFixtures {

    public static final Path CVPR = Path.of("..", "examples", "cvpr-sparse-depth");
    public static final Instant SUBMITTED = Instant.parse("2025-01-10T10:00:00Z");
    public static final Instant DRAFTED = SUBMITTED.plusSeconds(300);
    public static final int CITED = 12;

    private DraftFixtures() {
    }

    public static PaperDraftedEvent draft(BlobStore blobs, String paperId, LlmMode mode, int iterationLimit) {
        JobOptions options = JobOptions.newBuilder().setCutoffDate("2024-11-01").setLlmMode(mode)
                .setRefineIterationLimit(iterationLimit).build();
        PaperContext uploaded = MaterialsDirectory.upload(CVPR, paperId, options, blobs, SUBMITTED);
        PaperContext context = PaperContext.newBuilder(uploaded)
                .setOutline(blobs.putText("{\"plotting_plan\": [], \"fixture\": true}", MediaTypes.JSON))
                .build();
        context = StageTimings.append(context, "outline", "outline-agent", SUBMITTED.plusSeconds(20));
        context = StageTimings.append(context, "writing", "writer-agent", DRAFTED);
        List<String> sections = LatexTemplate.parse(blobs.getText(context.getMaterials().getTemplate())).sections();
        PaperVersion version = PaperVersion.newBuilder().setVersion(0)
                .setTex(blobs.putText(tex(sections), MediaTypes.TEX))
                .setPdf(blobs.put("%PDF-1.5 fixture paper".getBytes(), MediaTypes.PDF))
                .setCompile(CompileReport.newBuilder().setStatus(CompileStatus.COMPILED).setMessage("8 pages")
                        .setPageCount(8).build())
                .build();
        Figure figure = Figure.newBuilder().setFigureId("fig_results").setTitle("Results")
                .setFileName("fig_results.pdf").setPdf(blobs.put(onePagePdf(), MediaTypes.PDF))
                .setPng(blobs.put(new byte[] {(byte) 0x89, 'P', 'N', 'G', 1}, MediaTypes.PNG))
                .setCaption("AbsRel against measurement density.").setAspectRatio("4:3")
                .setProvenance(blobs.putText("{\"figure_id\": \"fig_results\", \"kind\": \"line\"}",
                        MediaTypes.JSON))
                .build();
        return PaperDraftedEvent.newBuilder()
                .setContext(context)
                .setDraft(version)
                .setBibliography(blobs.putText(bib(), MediaTypes.BIBTEX))
                .setCitationMap(blobs.putText("{\"ref1\": {\"title\": \"Reference 1\"}}", MediaTypes.JSON))
                .setFigures(List.of(figure))
                .setStats(DraftStats.newBuilder().setCandidateCount(20).setVerifiedCitations(CITED)
                        .setRejectedCandidates(8).setScholarRequests(15).setFigureCount(1).setTableCount(1)
                        .setCitedKeys(CITED).setCandidatesFound(26).setScholarCacheHits(4).setScholarResolved(18)
                        .setRejectedByReason(Map.of("title-mismatch", 5, "no-abstract", 3)).build())
                .build();
    }

    /** Scores with every sub-axis at {@code sub}. */
    public static ReviewScores scores(double overall, double sub) {
        Map<String, Double> axes = new LinkedHashMap<>();
        for (String axis : List.of("Originality", "Quality", "Clarity", "Significance", "Soundness", "Presentation",
                "Contribution")) {
            axes.put(axis, sub);
        }
        return ReviewScores.newBuilder().setOverall(overall).setSubScores(axes)
                .setDecision(overall >= 6 ? "Accept" : "Reject").build();
    }

    public static String tex(List<String> sections) {
        StringBuilder tex = new StringBuilder("% " + ModelMode.OFFLINE_LABEL + "\n")
                .append("\\documentclass{article}\n\\usepackage{graphicx}\n\\begin{document}\n")
                .append("\\begin{abstract}\nA fixture.\n\\end{abstract}\n");
        for (int i = 0; i < sections.size(); i++) {
            tex.append("\\section{").append(sections.get(i)).append("}\nText \\cite{ref").append(i % CITED + 1)
                    .append("}.\n");
        }
        return tex.append("See \\cite{")
                .append(IntStream.rangeClosed(1, CITED).mapToObj(i -> "ref" + i).collect(Collectors.joining(",")))
                .append("}.\n\\begin{figure}\\includegraphics{figures/fig_results.pdf}\\end{figure}\n")
                .append("\\bibliographystyle{plain}\n\\bibliography{references}\n\\end{document}\n").toString();
    }

    /** A real one-page PDF, so that the fixture paper compiles with its figure. */
    public static byte[] onePagePdf() {
        try (PDDocument document = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            document.addPage(new PDPage(new PDRectangle(200, 150)));
            document.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String bib() {
        return IntStream.rangeClosed(1, CITED).mapToObj(i -> "@article{ref" + i + ",\n  title = {Reference " + i
                + "},\n  author = {Anonymous},\n  journal = {Fixture Journal},\n  year = {2020}\n}\n")
                .collect(Collectors.joining("\n"));
    }
}
