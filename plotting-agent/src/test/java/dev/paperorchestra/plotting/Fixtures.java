package dev.paperorchestra.plotting;

import dev.paperorchestra.plotting.planning.PlannedFigure;
import dev.paperorchestra.plotting.render.SourceTable;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.Materials;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperContext;
import java.time.Instant;
import java.util.List;

/** Small inline materials for unit tests. */
public final class Fixtures {

    public static final Instant SUBMITTED = Instant.parse("2025-01-01T10:00:00Z");

    public static final String LOG = """
            # Experimental log

            ## Results

            ### Depth accuracy on NYU Depth v2

            | Method | AbsRel ↓ | RMSE (m) ↓ | δ1 ↑ | Params (M) |
            |---|---|---|---|---|
            | BTS | 0.110 | 0.392 | 0.885 | 47.0 |
            | AdaBins | 0.103 | 0.364 | 0.903 | 78.0 |
            | **Ours** | **0.094** | **0.329** | **0.925** | 212.4 |

            ### RMSE (m) as a function of the number of sparse measurements

            | Points | Baseline | Ours |
            |---|---|---|
            | 5 | 0.612 | 0.262 |
            | 50 | 0.331 | 0.152 |
            | 500 | 0.204 | 0.091 |

            ### Qualitative notes per scene

            | Scene | Observation |
            |---|---|
            | Kitchen | mirrors confuse every method |
            """;

    public static final String OUTLINE = """
            {"plotting_plan": [
              {"figure_id": "fig_depth_accuracy", "title": "Depth accuracy on NYU Depth v2", "plot_type": "plot",
               "data_source": "experimental_log.md", "objective": "Grouped bar chart of the accuracy metrics per method.",
               "aspect_ratio": "16:9"},
              {"figure_id": "fig_framework_overview", "title": "Framework overview", "plot_type": "diagram",
               "data_source": "idea.md", "objective": "Boxes and arrows of the pipeline.", "aspect_ratio": "21:9"},
              {"figure_id": "fig_sparsity", "title": "RMSE (m) as a function of the number of sparse measurements",
               "plot_type": "plot", "data_source": "experimental_log.md",
               "objective": "Line chart of RMSE against the number of measurements.", "aspect_ratio": "4:3"}
            ],
            "intro_related_work_plan": {}, "section_plan": []}
            """;

    public static final String TEMPLATE = """
            \\documentclass[10pt,twocolumn]{article}
            \\begin{document}
            \\section{Introduction}
            \\section{Method}
            \\end{document}
            """;

    private Fixtures() {
    }

    public static List<SourceTable> tables() {
        return SourceTable.parse(LOG, SourceTable.Source.LOG);
    }

    public static SourceTable table(int index) {
        return tables().get(index);
    }

    public static PlannedFigure plot(String title, String objective, String ratio) {
        return new PlannedFigure("fig_test", title, PlannedFigure.PLOT, "experimental_log.md", objective, ratio);
    }

    /** A context whose materials and outline live in the given store. */
    public static PaperContext context(BlobStore blobs, LlmMode mode, List<NamedArtifact> authorFigures) {
        ArtifactRef idea = blobs.putText("# Idea\n", MediaTypes.MARKDOWN);
        Materials materials = Materials.newBuilder().setSourceDirectory("inline")
                .setIdea(idea)
                .setExperimentalLog(blobs.putText(LOG, MediaTypes.MARKDOWN))
                .setTemplate(blobs.putText(TEMPLATE, MediaTypes.TEX))
                .setGuidelines(blobs.putText("Page limit: 8 pages\n", MediaTypes.MARKDOWN))
                .setFigures(authorFigures)
                .build();
        return PaperContext.newBuilder().setPaperId("paper-1").setSubmittedAt(SUBMITTED).setMaterials(materials)
                .setOptions(JobOptions.newBuilder().setLlmMode(mode).build())
                .setOutline(blobs.putText(OUTLINE, MediaTypes.JSON))
                .build();
    }
}
