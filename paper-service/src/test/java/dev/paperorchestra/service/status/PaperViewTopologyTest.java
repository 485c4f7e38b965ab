package dev.paperorchestra.service.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.CompileReport;
import dev.paperorchestra.schemas.CompileStatus;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.Materials;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperCompletedEvent;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.serde.AvroSerdes;
import dev.paperorchestra.schemas.state.PaperViewState;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PaperViewTopologyTest {

    private static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");

    private TopologyTestDriver driver;
    private TestInputTopic<String, SpecificRecord> status;
    private TestInputTopic<String, SpecificRecord> completed;
    private KeyValueStore<String, PaperViewState> store;

    @BeforeEach
    void start() {
        Properties config = new Properties();
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, "paper-service-views-test");
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        driver = new TopologyTestDriver(PaperViewTopology.build(config), config);
        var events = AvroSerdes.anyEvent();
        status = driver.createInputTopic(Topics.PAPER_STATUS.name(), Serdes.String().serializer(), events.serializer());
        completed = driver.createInputTopic(Topics.PAPER_COMPLETED.name(), Serdes.String().serializer(),
                events.serializer());
        store = driver.getKeyValueStore(PaperViewTopology.STORE);
    }

    @AfterEach
    void stop() {
        driver.close();
    }

    @Test
    void keeps_every_status_change_of_a_paper_in_its_timeline_and_reports_the_running_stage() {
        status.pipeInput("p1", change("p1", "submit", "paper-service", StageState.COMPLETED, 0));
        status.pipeInput("p1", change("p1", "outline", "outline-agent", StageState.STARTED, 1));
        status.pipeInput("p1", change("p1", "outline", "outline-agent", StageState.COMPLETED, 2));

        PaperViewState view = store.get("p1");
        assertThat(view.getState()).isEqualTo("RUNNING");
        assertThat(view.getCurrentStage()).isEqualTo("outline");
        assertThat(view.getSubmittedAt()).isEqualTo(T0);
        assertThat(view.getTimeline()).extracting(PaperStatusChangedEvent::getStage)
                .containsExactly("submit", "outline", "outline");
    }

    @Test
    void a_completed_paper_has_its_outputs_and_state_completed() {
        status.pipeInput("p2", change("p2", "submit", "paper-service", StageState.COMPLETED, 0));
        completed.pipeInput("p2", completion("p2"));
        status.pipeInput("p2", change("p2", "refine", "refine-agent", StageState.COMPLETED, 9));

        PaperViewState view = store.get("p2");
        assertThat(view.getState()).isEqualTo("COMPLETED");
        assertThat(view.getShortfalls()).isEmpty();
        assertThat(view.getArtifacts()).extracting(NamedArtifact::getName)
                .containsExactlyInAnyOrder("paper.pdf", "summary.json");
        assertThat(view.getTimeline()).hasSize(2);
    }

    @Test
    void a_paper_written_with_a_failed_gate_is_incomplete_with_its_shortfalls_whichever_record_comes_first() {
        PaperCompletedEvent incomplete = PaperCompletedEvent.newBuilder(completion("p5"))
                .setShortfalls(List.of("gate citations failed: \\cite{x} has no entry")).build();
        completed.pipeInput("p5", incomplete);
        status.pipeInput("p5", change("p5", "refine", "refine-agent", StageState.COMPLETED, 9));
        status.pipeInput("p6", change("p6", "refine", "refine-agent", StageState.COMPLETED, 9));
        completed.pipeInput("p6", PaperCompletedEvent.newBuilder(incomplete).setContext(
                PaperContext.newBuilder(incomplete.getContext()).setPaperId("p6").build()).build());

        for (String paperId : List.of("p5", "p6")) {
            PaperViewState view = store.get(paperId);
            assertThat(view.getState()).as(paperId).isEqualTo("INCOMPLETE");
            assertThat(view.getShortfalls()).as(paperId)
                    .containsExactly("gate citations failed: \\cite{x} has no entry");
            assertThat(view.getArtifacts()).as(paperId).isNotEmpty();
        }
    }

    @Test
    void a_failure_names_its_reason_and_a_cancel_sticks_though_an_agent_reports_afterwards() {
        status.pipeInput("p3", change("p3", "writer", "writer-agent", StageState.FAILED, 1));
        status.pipeInput("p4", change("p4", "outline", "outline-agent", StageState.STARTED, 1));
        status.pipeInput("p4", change("p4", "outline", "paper-service", StageState.CANCELLED, 2));
        status.pipeInput("p4", change("p4", "outline", "outline-agent", StageState.COMPLETED, 3));

        assertThat(store.get("p3").getState()).isEqualTo("FAILED");
        assertThat(store.get("p3").getFailureReason()).isEqualTo("writer failed");
        assertThat(store.get("p4").getState()).isEqualTo("CANCELLED");
        assertThat(store.get("p4").getFailureReason()).isEqualTo("outline cancelled");
        assertThat(store.get("p4").getTimeline()).hasSize(3);
    }

    @Test
    void the_submit_status_names_the_owner_and_no_later_status_changes_it() {
        PaperStatusChangedEvent submitted = change("p5", "submit", "paper-service", StageState.COMPLETED, 0);
        submitted.setTenant("lab-a");
        PaperStatusChangedEvent claim = change("p5", "outline", "outline-agent", StageState.STARTED, 1);
        claim.setTenant("lab-b");
        status.pipeInput("p5", submitted);
        status.pipeInput("p5", claim);
        status.pipeInput("p6", change("p6", "submit", "cli", StageState.COMPLETED, 0));

        assertThat(store.get("p5").getTenant()).isEqualTo("lab-a");
        assertThat(store.get("p6").getTenant()).as("a paper submitted without a tenant").isNull();
    }

    private static PaperStatusChangedEvent change(String paperId, String stage, String agent, StageState state,
            int seconds) {
        return PaperStatusPublisher.event(paperId, stage, agent, state,
                stage + " " + state.name().toLowerCase(java.util.Locale.ROOT), T0.plusSeconds(seconds));
    }

    private static PaperCompletedEvent completion(String paperId) {
        ArtifactRef ref = ArtifactRef.newBuilder().setUri("blob:x").setSha256("ab").setSizeBytes(1)
                .setMediaType("application/pdf").build();
        Materials materials = Materials.newBuilder().setSourceDirectory("m").setIdea(ref).setExperimentalLog(ref)
                .setTemplate(ref).setGuidelines(ref).setFigures(List.of()).build();
        PaperContext context = PaperContext.newBuilder().setPaperId(paperId).setSubmittedAt(T0)
                .setMaterials(materials).setOptions(JobOptions.newBuilder().build()).build();
        return PaperCompletedEvent.newBuilder().setContext(context)
                .setArtifacts(List.of(named("summary.json", ref), named("paper.pdf", ref)))
                .setFinalVersion(0).setIterations(0)
                .setCompile(CompileReport.newBuilder().setStatus(CompileStatus.COMPILED).setMessage("ok").build())
                .build();
    }

    private static NamedArtifact named(String name, ArtifactRef ref) {
        return NamedArtifact.newBuilder().setName(name).setArtifact(ref).build();
    }
}
