package dev.paperorchestra.reviewer;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.content.materials.LatexTemplate;
import dev.paperorchestra.content.materials.MaterialsDirectory;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.schemas.CompileReport;
import dev.paperorchestra.schemas.CompileStatus;
import dev.paperorchestra.schemas.DraftStats;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperDraftedEvent;
import dev.paperorchestra.schemas.PaperVersion;
import dev.paperorchestra.schemas.RefinementState;
import dev.paperorchestra.schemas.ReviewRequestedEvent;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A writer's draft built on the CVPR example materials (uploaded with MaterialsDirectory) plus a small
 * LaTeX paper that follows the example template's sections, a bibliography and one figure.
 */
public final class PaperFixtures {

    public static final Path CVPR = Path.of("..", "examples", "cvpr-sparse-depth");
    public static final Instant NOW = Instant.parse("2025-01-10T10:00:00Z");
    public static final int CITED = 24;

    private PaperFixtures() {
    }

    public static PaperContext context(BlobStore blobs, String paperId, LlmMode mode) {
        JobOptions options = JobOptions.newBuilder().setCutoffDate("2024-11-01").setLlmMode(mode).build();
        return MaterialsDirectory.upload(CVPR, paperId, options, blobs, NOW);
    }

    public static PaperDraftedEvent draft(BlobStore blobs, String paperId, LlmMode mode) {
        PaperContext context = context(blobs, paperId, mode);
        List<String> sections = LatexTemplate.parse(blobs.getText(context.getMaterials().getTemplate())).sections();
        String tex = tex(sections);
        PaperVersion version = PaperVersion.newBuilder().setVersion(0)
                .setTex(blobs.putText(tex, MediaTypes.TEX))
                .setPdf(blobs.put("%PDF-1.5 fixture".getBytes(), MediaTypes.PDF))
                .setCompile(CompileReport.newBuilder().setStatus(CompileStatus.COMPILED).setMessage("8 pages")
                        .setPageCount(8).build())
                .build();
        Figure figure = Figure.newBuilder().setFigureId("fig_results").setTitle("Results")
                .setFileName("fig_results.pdf").setPdf(blobs.put("%PDF-1.5 figure".getBytes(), MediaTypes.PDF))
                .setPng(blobs.put(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, MediaTypes.PNG))
                .setCaption("AbsRel against measurement density.").setAspectRatio("4:3").build();
        return PaperDraftedEvent.newBuilder()
                .setContext(context)
                .setDraft(version)
                .setBibliography(blobs.putText(bib(), MediaTypes.BIBTEX))
                .setCitationMap(blobs.putText("{\"ref1\": {\"title\": \"Fixture\"}}", MediaTypes.JSON))
                .setFigures(List.of(figure))
                .setStats(DraftStats.newBuilder().setCandidateCount(40).setVerifiedCitations(CITED)
                        .setRejectedCandidates(16).setScholarRequests(30).setFigureCount(1).setTableCount(1)
                        .setCitedKeys(CITED).build())
                .build();
    }

    public static ReviewRequestedEvent request(PaperDraftedEvent draft) {
        return ReviewRequestedEvent.newBuilder()
                .setPaperId(draft.getContext().getPaperId())
                .setState(RefinementState.newBuilder().setDraft(draft).setIteration(0).setCandidate(draft.getDraft())
                        .setStartedAt(NOW).build())
                .build();
    }

    /** A paper with every template section filled, CITED citations, one figure and one booktabs table. */
    public static String tex(List<String> sections) {
        StringBuilder tex = new StringBuilder("% " + ModelMode.OFFLINE_LABEL + "\n")
                .append("\\documentclass[10pt,twocolumn]{article}\n\\usepackage{booktabs}\n\\begin{document}\n")
                .append("\\begin{abstract}\n")
                .append(IntStream.range(0, 140).mapToObj(i -> "word").collect(Collectors.joining(" ")))
                .append("\n\\end{abstract}\n");
        for (int i = 0; i < sections.size(); i++) {
            tex.append("\\section{").append(sections.get(i)).append("}\n")
                    .append("The measurements of this section are reported as logged \\cite{ref")
                    .append(i % CITED + 1).append("}.\n\n");
        }
        tex.append("As Figure~\\ref{fig:results} and Table~\\ref{tab:main} show, see \\cite{")
                .append(IntStream.rangeClosed(1, CITED).mapToObj(i -> "ref" + i).collect(Collectors.joining(",")))
                .append("}.\n")
                .append("\\begin{figure}\\includegraphics[width=\\linewidth]{figures/fig_results.pdf}"
                        + "\\caption{Results.}\\label{fig:results}\\end{figure}\n")
                .append("\\begin{table}\\caption{Main.}\\label{tab:main}\\begin{tabular}{lc}\\toprule "
                        + "Method & AbsRel \\\\ \\midrule Ours & 0.085 \\\\ \\bottomrule\\end{tabular}\\end{table}\n")
                .append("\\bibliographystyle{ieee}\n\\bibliography{references}\n\\end{document}\n");
        return tex.toString();
    }

    public static String bib() {
        return IntStream.rangeClosed(1, CITED)
                .mapToObj(i -> "@article{ref" + i + ",\n  title = {Reference " + i + "},\n  year = {2020}\n}\n")
                .collect(Collectors.joining("\n"));
    }
}
