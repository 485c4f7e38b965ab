package dev.paperorchestra.plotting.planning;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.plotting.Fixtures;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PlotTaskCreatedEvent;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlotTasksTest {

    @TempDir
    Path blobs;

    @Test
    void makes_one_task_per_planned_figure_keyed_by_paper_and_figure() {
        PaperContext context = Fixtures.context(new LocalBlobStore(blobs), LlmMode.OFFLINE, List.of());

        List<PlotTaskCreatedEvent> tasks = PlotTasks.fanOut(context, PlottingPlan.parse(Fixtures.OUTLINE));

        assertThat(tasks).extracting(PlotTaskCreatedEvent::getTaskKey).containsExactly(
                "paper-1/fig_depth_accuracy", "paper-1/fig_framework_overview", "paper-1/fig_sparsity");
        assertThat(tasks).allSatisfy(task -> {
            assertThat(task.getTaskCount()).isEqualTo(3);
            assertThat(task.getContext()).isEqualTo(context);
        });
        assertThat(tasks.get(1).getPlotType()).isEqualTo("diagram");
        assertThat(tasks.get(2).getAspectRatio()).isEqualTo("4:3");
    }
}
