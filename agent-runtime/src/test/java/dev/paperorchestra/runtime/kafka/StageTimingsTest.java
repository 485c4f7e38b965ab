package dev.paperorchestra.runtime.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.Materials;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.StageTiming;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class StageTimingsTest {

    private static final Instant SUBMITTED = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void the_first_stage_starts_at_submission() {
        PaperContext context = StageTimings.append(context(), "outline", "outline-agent", SUBMITTED.plusSeconds(2));

        assertThat(context.getTimings()).singleElement().satisfies(timing -> {
            assertThat(timing.getStartedAt()).isEqualTo(SUBMITTED);
            assertThat(timing.getFinishedAt()).isEqualTo(SUBMITTED.plusSeconds(2));
        });
    }

    @Test
    void a_later_stage_starts_when_the_previous_one_finished() {
        PaperContext outlined = StageTimings.append(context(), "outline", "outline-agent", SUBMITTED.plusSeconds(2));

        PaperContext drafted = StageTimings.append(outlined, "literature", "literature-agent", SUBMITTED.plusSeconds(9));

        assertThat(drafted.getTimings().get(1).getStartedAt()).isEqualTo(SUBMITTED.plusSeconds(2));
    }

    @Test
    void merging_two_branches_keeps_each_timing_once_in_finishing_order() {
        PaperContext outlined = StageTimings.append(context(), "outline", "outline-agent", SUBMITTED.plusSeconds(2));
        PaperContext literature = StageTimings.append(outlined, "literature", "l", SUBMITTED.plusSeconds(9));
        PaperContext plotting = StageTimings.append(outlined, "plotting", "p", SUBMITTED.plusSeconds(5));

        PaperContext merged = StageTimings.merge(literature, plotting);

        assertThat(merged.getTimings()).extracting(StageTiming::getStage)
                .containsExactly("outline", "plotting", "literature");
    }

    private static PaperContext context() {
        var ref = dev.paperorchestra.schemas.ArtifactRef.newBuilder().setUri("file:///x").setSha256("0".repeat(64))
                .setSizeBytes(0).setMediaType("text/plain").build();
        return PaperContext.newBuilder().setPaperId("p-1").setSubmittedAt(SUBMITTED)
                .setMaterials(Materials.newBuilder().setSourceDirectory("m").setIdea(ref).setExperimentalLog(ref)
                        .setTemplate(ref).setGuidelines(ref).build())
                .setOptions(JobOptions.newBuilder().build()).build();
    }
}
