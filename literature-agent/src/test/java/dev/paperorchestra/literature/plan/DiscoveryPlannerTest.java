package dev.paperorchestra.literature.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.literature.Fixtures;
import dev.paperorchestra.literature.TestResources;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.runtime.outline.LiteratureQueries;
import dev.paperorchestra.schemas.LiteratureSearchTaskCreatedEvent;
import dev.paperorchestra.schemas.PaperContext;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiscoveryPlannerTest {

    @TempDir
    Path blobRoot;

    @Test
    void derives_one_query_per_direction_mission_limitation_and_hint() {
        List<SearchQuery> queries = DiscoveryPlanner.queries(
                OutlineReader.read(TestResources.text("outline-cvpr.json")));

        assertThat(queries).containsExactly(
                new SearchQuery("monocular depth estimation survey", Purpose.INTRODUCTION, null),
                new SearchQuery("zero-shot metric depth estimation foundation models", Purpose.INTRODUCTION, null),
                new SearchQuery("depth completion from sparse LiDAR measurements", Purpose.INTRODUCTION, null),
                new SearchQuery("Monocular depth networks with transformers and adaptive bins", Purpose.RELATED_WORK,
                        "Monocular Depth Estimation"),
                new SearchQuery("scale ambiguity in monocular depth prediction", Purpose.RELATED_WORK,
                        "Monocular Depth Estimation"),
                new SearchQuery("Image guided depth completion with spatial propagation", Purpose.RELATED_WORK,
                        "Depth Completion"),
                new SearchQuery("sparse-to-dense depth prediction from few samples", Purpose.RELATED_WORK,
                        "Depth Completion"),
                new SearchQuery("Vision Transformers for Dense Prediction", Purpose.CITATION_HINT, null),
                new SearchQuery("NYU Depth v2", Purpose.CITATION_HINT, null),
                new SearchQuery("KITTI", Purpose.CITATION_HINT, null),
                new SearchQuery("Deep Residual Learning for Image Recognition", Purpose.CITATION_HINT, null));
    }

    @Test
    void searches_the_name_of_an_introducing_hint_and_the_title_of_an_author_title_hint() {
        assertThat(LiteratureQueries.forCitationHint("research paper or technical report introducing 'AdamW'"))
                .isEqualTo("AdamW");
        assertThat(LiteratureQueries.forCitationHint("Research paper or technical report introducing “NYU Depth v2”."))
                .isEqualTo("NYU Depth v2");
        assertThat(LiteratureQueries.forCitationHint("Diederik P. Kingma (Adam: A Method for Stochastic Optimization)"))
                .isEqualTo("Adam: A Method for Stochastic Optimization");
        assertThat(LiteratureQueries.forCitationHint("the ImageNet dataset")).isEqualTo("the ImageNet dataset");
    }

    @Test
    void drops_repeated_queries_keeping_the_first_purpose() {
        LiteratureOutline outline = new LiteratureOutline("hook", "gap", List.of("KITTI benchmark"), "overview",
                List.of(), List.of("research paper or technical report introducing 'kitti benchmark'"));

        assertThat(DiscoveryPlanner.queries(outline)).containsExactly(
                new SearchQuery("KITTI benchmark", Purpose.INTRODUCTION, null));
    }

    @Test
    void emits_one_task_per_query_keyed_by_paper_and_index_with_the_total() {
        BlobStore blobs = new LocalBlobStore(blobRoot);
        PaperContext context = PaperContext.newBuilder(Fixtures.context("p1", "2024-11-01"))
                .setOutline(blobs.putText(TestResources.text("outline-cvpr.json"), MediaTypes.JSON)).build();

        List<LiteratureSearchTaskCreatedEvent> tasks = new DiscoveryPlanner(blobs).plan(context);

        assertThat(tasks).hasSize(11);
        assertThat(tasks).extracting(LiteratureSearchTaskCreatedEvent::getTaskId)
                .startsWith("p1/lit-0", "p1/lit-1").endsWith("p1/lit-10").doesNotHaveDuplicates();
        assertThat(tasks).allSatisfy(task -> {
            assertThat(task.getTaskCount()).isEqualTo(11);
            assertThat(task.getContext()).isEqualTo(context);
        });
        assertThat(tasks.get(3).getClusterTitle()).isEqualTo("Monocular Depth Estimation");
    }

    @Test
    void refuses_an_outline_that_implies_no_query() {
        BlobStore blobs = new LocalBlobStore(blobRoot);
        PaperContext context = PaperContext.newBuilder(Fixtures.context("p1", null)).setOutline(blobs.putText(
                "{\"intro_related_work_plan\": {\"introduction_strategy\": {\"search_directions\": []}}}",
                MediaTypes.JSON)).build();

        assertThatThrownBy(() -> new DiscoveryPlanner(blobs).plan(context)).isInstanceOf(PermanentException.class)
                .hasMessageStartingWith("outline.json: no search direction");
    }

    @Test
    void refuses_an_outline_without_the_literature_plan() {
        assertThatThrownBy(() -> OutlineReader.read("{\"section_plan\": []}"))
                .isInstanceOf(PermanentException.class).hasMessageContaining("outline.json");
        assertThatThrownBy(() -> OutlineReader.read("not json"))
                .isInstanceOf(PermanentException.class).hasMessageStartingWith("outline.json: not valid JSON");
    }
}
