package dev.paperorchestra.outline.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.model.markdown.MdSection;
import dev.paperorchestra.outline.plan.SetupInventory.Kind;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Materials in the benchmark's style: the idea has no title line and bold lines for headings, the log's labels are
 * bold lines side by side, header cells are bold with their arrows in TeX math and row labels hold math.
 */
class BenchmarkStyleTest {

    static final String IDEA = """
            **Problem Statement**
            Thin vessels break apart in segmentation maps. Pixel losses do not see connectivity. No method keeps \
            topology at thin scales.

            **Core Hypothesis**
            A differentiable topology term makes thin structures survive.

            **Proposed Methodology (High-Level Technical Approach)**
            We add $\\mathcal{L}_{IoU}$ to cross-entropy and train a U-Net.

            **Expected Contribution**
            - A topology-aware loss that improves mIoU on thin vessels.
            """;

    static final String LOG = """
            # Experimental log

            **Setup**

            **Datasets**

            - DRIVE: 40 retinal images.
            - CHASE_DB1 and STARE.

            **Baselines**

            - U-Net, clDice and TopoLoss.

            **Hyper-parameters**

            - Optimiser: AdamW, learning rate 1e-4.

            **Results**

            ### Segmentation of retinal vessels

            | **Method** | **mIoU $\\uparrow$** | **Null S $\\downarrow$** |
            |---|---|---|
            | U-Net | 71.2 | 0.31 |
            | $\\mathcal{L}_{IoU}$ only | 74.0 | 0.19 |
            | **Ours** | **76.8** | **0.12** |

            - Ours improves mIoU by 2.8 points over the loss alone.
            """;

    @Test
    void a_bold_line_is_never_the_title_and_the_problem_statement_motivates() {
        IdeaDigest idea = IdeaDigest.parse(IDEA);

        assertThat(idea.subject()).isNull();
        assertThat(idea.methodName()).isNull();
        assertThat(idea.hook()).isEqualTo("Thin vessels break apart in segmentation maps. Pixel losses do not see "
                + "connectivity.");
        assertThat(idea.gap()).isEqualTo("No method keeps topology at thin scales.");
        assertThat(idea.contributions()).containsExactly("A topology-aware loss that improves mIoU on thin vessels.");
        assertThat(idea.methodParts()).extracting(MdSection::title)
                .containsExactly("Core Hypothesis", "Proposed Methodology (High-Level Technical Approach)");
    }

    @Test
    void setup_labels_written_as_sibling_bold_lines_stay_in_the_setup() {
        SetupInventory setup = SetupInventory.parse(LOG, Set.of());

        assertThat(setup.names(Kind.DATASET)).containsExactly("DRIVE", "CHASE_DB1", "STARE");
        assertThat(setup.names(Kind.BASELINE)).containsExactly("U-Net", "clDice", "TopoLoss");
        assertThat(setup.names(Kind.OPTIMIZER)).containsExactly("AdamW");
    }

    @Test
    void the_results_are_grouped_under_their_heading_and_no_setup_label_becomes_a_results_subsection() {
        LogDigest log = LogDigest.parse(LOG, MarkdownTables.parse(LOG), Set.of());

        // the one table stands under the bold "Results" line; "Datasets", "Baselines" are the setup's
        assertThat(log.groups()).extracting(LogDigest.ResultGroup::title).containsExactly("Results");
        assertThat(log.groups().getFirst().tables()).extracting(table -> table.caption())
                .containsExactly("Segmentation of retinal vessels");
        assertThat(log.groups().getFirst().observations())
                .containsExactly("Ours improves mIoU by 2.8 points over the loss alone.");
    }

    @Test
    void the_figure_objective_names_header_cells_as_a_reader_sees_them() {
        String objective = OfflineOutliner.objective(MarkdownTables.parse(LOG).getFirst());

        assertThat(objective).startsWith("Grouped bar chart of mIoU ↑ and Null S ↓ for each Method")
                .doesNotContain("$", "**", "\\uparrow");
    }
}
