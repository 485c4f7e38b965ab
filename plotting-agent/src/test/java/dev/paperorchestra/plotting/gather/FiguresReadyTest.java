package dev.paperorchestra.plotting.gather;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.plotting.Fixtures;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.PaperContext;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FiguresReadyTest {

    @TempDir
    Path root;

    private static Figure figure(String id, boolean author) {
        return Figure.newBuilder().setFigureId(id).setTitle(id).setFileName(id + ".pdf").setCaption("c")
                .setAspectRatio("1:1").setAuthorSupplied(author).build();
    }

    @Test
    void an_empty_plan_says_so_and_counts_author_figures() {
        PaperContext context = Fixtures.context(new LocalBlobStore(root), LlmMode.OFFLINE, List.of());

        var event = FiguresReady.event(context, List.of(), List.of(), List.of(figure("teaser", true)));

        assertThat(FiguresReady.summary(event)).isEqualTo("no figures planned, 1 supplied by the authors (offline)");
    }

    @Test
    void a_model_job_is_not_called_offline() {
        PaperContext context = Fixtures.context(new LocalBlobStore(root), LlmMode.MODEL, List.of());

        var event = FiguresReady.event(context, List.of(figure("a", false)), List.of("b: diagram"), List.of());

        assertThat(FiguresReady.summary(event)).isEqualTo("1 figure rendered, 1 skipped");
    }
}
