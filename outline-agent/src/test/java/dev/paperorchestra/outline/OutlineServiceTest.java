package dev.paperorchestra.outline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.outline.materials.MaterialsValidator;
import dev.paperorchestra.outline.plan.ModelOutliner;
import dev.paperorchestra.outline.plan.OfflineOutliner;
import dev.paperorchestra.outline.schema.OutlineValidator;
import dev.paperorchestra.outline.testing.Examples;
import dev.paperorchestra.runtime.AgentIdentity;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.base.errors.InvalidMaterialsException;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.UnconfiguredLlmGateway;
import dev.paperorchestra.content.materials.MaterialsLimits;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.StageTiming;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class OutlineServiceTest {

    private static final Instant NOW = Instant.parse("2025-01-01T00:05:00Z");

    @TempDir
    Path tmp;
    private BlobStore blobs;
    private OutlineService service;

    @BeforeEach
    void setUp() {
        blobs = new LocalBlobStore(tmp);
        OutlineValidator validator = new OutlineValidator();
        service = new OutlineService(new MaterialsValidator(blobs, MaterialsLimits.defaults()), new OfflineOutliner(6, "4:3"),
                new ModelOutliner(new UnconfiguredLlmGateway(), validator, 2, "outline-agent"), validator, blobs,
                new AgentIdentity("outline-agent", "outline"), Clock.fixed(NOW, ZoneOffset.UTC));
    }

    @Test
    void stores_an_outline_with_exactly_the_three_keys() {
        OutlineResult result = service.outline(Examples.upload(Examples.CVPR, "paper-1", blobs));

        assertThat(result.context().getOutline().getMediaType()).isEqualTo(MediaTypes.JSON);
        JsonNode outline = Json.mapper().readTree(blobs.getText(result.context().getOutline()));
        assertThat(outline.propertyNames()).containsExactly("plotting_plan", "intro_related_work_plan",
                "section_plan");
        assertThat(result.figureCount()).isEqualTo(outline.path("plotting_plan").size()).isEqualTo(6);
        assertThat(result.offline()).isTrue();
    }

    @Test
    void takes_the_cutoff_from_the_guidelines_submission_deadline_when_the_job_gives_none() {
        PaperContext uploaded = Examples.upload(Examples.CVPR, "paper-1", blobs);
        PaperContext withoutCutoff = PaperContext.newBuilder(uploaded).setOptions(JobOptions.newBuilder(
                uploaded.getOptions()).setCutoffDate(null).build()).build();

        OutlineResult result = service.outline(withoutCutoff);

        assertThat(result.context().getOptions().getCutoffDate()).isEqualTo("2024-11-14");
        assertThat(result.context().getOptions().getCutoffSource()).isEqualTo(OutlineService.CUTOFF_FROM_DEADLINE);
    }

    @Test
    void keeps_the_jobs_own_cutoff_and_says_so() {
        OutlineResult result = service.outline(Examples.upload(Examples.CVPR, "paper-1", blobs));

        assertThat(result.context().getOptions().getCutoffDate()).isEqualTo("2024-11-01");
        assertThat(result.context().getOptions().getCutoffSource()).isEqualTo(OutlineService.CUTOFF_FROM_JOB);
    }

    @Test
    void appends_the_outline_stage_timing() {
        PaperContext context = Examples.upload(Examples.CVPR, "paper-1", blobs);

        OutlineResult result = service.outline(context);

        assertThat(result.context().getTimings()).singleElement().isEqualTo(StageTiming.newBuilder()
                .setStage("outline").setAgent("outline-agent").setStartedAt(context.getSubmittedAt())
                .setFinishedAt(NOW).build());
        assertThat(result.context().getPaperId()).isEqualTo("paper-1");
        assertThat(result.context().getMaterials()).isEqualTo(context.getMaterials());
    }

    @Test
    void counts_the_literature_queries_the_outline_implies() {
        OutlineResult result = service.outline(Examples.upload(Examples.ICLR, "paper-2", blobs));

        assertThat(result.searchQueryCount()).isGreaterThan(result.figureCount()).isGreaterThan(20);
    }

    @Test
    void lets_invalid_materials_fail_the_paper() {
        PaperContext context = Examples.upload(Examples.BROKEN.resolve("no-sections"), "paper-3", blobs);

        assertThatThrownBy(() -> service.outline(context)).isInstanceOf(InvalidMaterialsException.class)
                .hasMessageContaining("template.tex");
    }

    @Test
    void calls_the_model_in_model_mode_instead_of_falling_back_to_offline() {
        PaperContext context = Examples.upload(Examples.CVPR, "paper-4", blobs);
        PaperContext modelMode = PaperContext.newBuilder(context)
                .setOptions(JobOptions.newBuilder(context.getOptions()).setLlmMode(LlmMode.MODEL).build()).build();

        assertThatThrownBy(() -> service.outline(modelMode)).isInstanceOf(PermanentException.class)
                .hasMessageContaining("no model provider is configured for role planner");
    }
}
