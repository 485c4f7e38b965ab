package dev.paperorchestra.literature;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.runtime.kafka.KafkaClientProperties;
import dev.paperorchestra.content.materials.MaterialsDirectory;
import dev.paperorchestra.runtime.testing.KafkaTestSupport;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;

import dev.paperorchestra.schemas.Candidate;
import dev.paperorchestra.schemas.CitationVerificationRequestedEvent;
import dev.paperorchestra.schemas.CitationsVerifiedEvent;
import dev.paperorchestra.schemas.JobOptions;
import dev.paperorchestra.schemas.ScholarSearch;
import dev.paperorchestra.schemas.VerifyRequestKind;
import dev.paperorchestra.schemas.LiteratureDraftRequestedEvent;
import dev.paperorchestra.schemas.LiteratureReadyEvent;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.OutlineCreatedEvent;
import dev.paperorchestra.schemas.PaperContext;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.ScholarLookupCachedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.topics.Topics;
import dev.paperorchestra.literature.verify.LookupKeys;
import dev.paperorchestra.literature.verify.ScholarCache;
import dev.paperorchestra.literature.verify.s2.SemanticScholarStub;
import java.io.IOException;
import java.io.StringReader;
import java.util.Arrays;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.boot.WebApplicationType;
import java.util.ArrayList;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.jbibtex.BibTeXDatabase;
import org.jbibtex.BibTeXParser;
import org.jbibtex.Key;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.test.context.EmbeddedKafka;
import tools.jackson.databind.JsonNode;

@SpringBootTest(classes = LiteratureAgentApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {"spring.application.name=" + LiteratureAgentApplication.NAME,
                "po.kafka.bootstrap-servers=${spring.embedded.kafka.brokers}",
                "po.blob.root=target/it-blobs",
                // a fresh state directory per run: stores left by an earlier broker would not match this one
                "po.kafka.streams-state-dir=target/it-streams/${random.uuid}",
                // no deployment-wide replay files: offline discovery finds what the job's own
                // scholar_records.json (uploaded with its materials) holds, or nothing
                // the offline model with an explicitly given scholarly endpoint: verification goes to the stub
                "po.literature.s2.request-spacing=" + LiteratureAgentIT.SPACING,
                "po.literature.s2.retry-backoff=200ms",
                // keep every accepted record of a bulk search, so the cutoff's work shows in the answer
                "po.literature.s2.bulk-records-per-search=100"})
@EmbeddedKafka(partitions = 1)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LiteratureAgentIT {

    /** What the S2 stub knows: the examples' recorded answers. */
    static final String REPLAY = "../examples/cvpr-sparse-depth/scholar_records.json,"
            + "../examples/iclr-adaptive-optim/scholar_records.json";
    static final int SPACING_MILLIS = 200;
    static final String SPACING = SPACING_MILLIS + "ms";
    private static final Path CVPR = Path.of("../examples/cvpr-sparse-depth");
    private static final Path ICLR = Path.of("../examples/iclr-adaptive-optim");
    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static SemanticScholarStub stub;

    @DynamicPropertySource
    static void scholarStub(DynamicPropertyRegistry registry) throws IOException {
        stub = new SemanticScholarStub(Duration.ofMillis(SPACING_MILLIS), Arrays.stream(REPLAY.split(",")).map(Path::of).toList());
        registry.add("po.literature.s2.base-url", stub::baseUrl);
    }

    @AfterAll
    static void stopStub() {
        stub.close();
    }

    @Autowired
    BlobStore blobs;

    @Autowired
    ApplicationContext context;

    @Value("${spring.embedded.kafka.brokers}")
    String brokers;

    private KafkaTestSupport kafka;

    @BeforeEach
    void connect() {
        kafka = new KafkaTestSupport(brokers, List.of(Topics.LITERATURE_READY.name(), Topics.PAPER_STATUS.name(),
                Topics.SCHOLAR_CACHE.name(), Topics.LITERATURE_DRAFT_REQUESTS.deadLetterName(),
                Topics.CITATION_VERIFY_RESULTS.name()));
    }

    @AfterEach
    void disconnect() {
        kafka.close();
    }

    @Test
    @Order(1)
    void three_verifier_replicas_keep_the_rate_limit_a_rerun_is_answered_from_scholar_cache_and_a_standby_takes_over()
            throws Exception {
        List<ConfigurableApplicationContext> replicas = List.of(replica(), replica());
        try {
            awaitVerifierGroupOf(3);
            String cvpr = "cvpr-" + UUID.randomUUID();
            String iclr = "iclr-" + UUID.randomUUID();
            submit(cvpr, CVPR, "outline-cvpr.json", "2024-11");
            submit(iclr, ICLR, "outline-iclr.json", "2024-10");
            LiteratureReadyEvent first = awaitDrafted(cvpr);
            LiteratureReadyEvent second = awaitDrafted(iclr);

            assertThat(first.getVerifiedCount()).isPositive();
            assertThat(second.getVerifiedCount()).isPositive();
            assertThat(stub.throttled()).as("429 answers of the stub").isZero();
            // candidates carry their S2 ids, so both papers go by id batches: few requests, still spaced
            assertThat(stub.arrivals()).hasSizeGreaterThan(1)
                    .anySatisfy(arrival -> assertThat(arrival.path()).isEqualTo("/graph/v1/paper/batch"));
            assertThat(stub.shortestGap()).isGreaterThanOrEqualTo(Duration.ofMillis(SPACING_MILLIS));
            assertThat(first.getResolvedByRequests() + second.getResolvedByRequests())
                    .isGreaterThan(first.getScholarRequests() + second.getScholarRequests())
                    .as("batches resolve several papers per request");

            int requestsSoFar = stub.arrivals().size();
            String again = "cvpr-again-" + UUID.randomUUID();
            submit(again, CVPR, "outline-cvpr.json", "2024-11");
            LiteratureReadyEvent rerun = awaitDrafted(again);

            assertThat(stub.arrivals()).hasSize(requestsSoFar);
            assertThat(rerun.getScholarRequests()).isZero();
            assertThat(rerun.getCacheHits()).isPositive();
            assertThat(rerun.getVerifiedCount()).isEqualTo(first.getVerifiedCount());

            List<ApplicationContext> all = new ArrayList<>(replicas);
            all.add(context);
            // exactly one replica says it is the active verifier; every replica exports the queue depth
            assertThat(all).extracting(ctx -> ctx.getBean(MeterRegistry.class).get(VerifierGauges.ACTIVE).gauge()
                    .value()).containsExactlyInAnyOrder(1.0, 0.0, 0.0);
            assertThat(all).allSatisfy(ctx -> assertThat(ctx.getBean(MeterRegistry.class)
                    .get(VerifierGauges.QUEUE_DEPTH).gauge().value()).isNotNegative());

            // the active verifier dies: a standby replica takes the partition over and the next paper completes
            MessageListenerContainer active = all.stream()
                    .map(ctx -> ctx.getBean(KafkaListenerEndpointRegistry.class)
                            .getListenerContainer(CitationVerifyListener.ID))
                    .filter(container -> !container.getAssignedPartitions().isEmpty())
                    .findFirst().orElseThrow();
            active.stop();
            try {
                awaitVerifierGroupOf(2);
                String afterFailover = "cvpr-failover-" + UUID.randomUUID();
                submit(afterFailover, CVPR, "outline-cvpr.json", "2024-11");
                assertThat(awaitDrafted(afterFailover).getVerifiedCount()).isEqualTo(first.getVerifiedCount());
            } finally {
                active.start();
            }
        } finally {
            replicas.forEach(ConfigurableApplicationContext::close);
        }
    }

    @Test
    @Order(2)
    void drafts_introduction_and_related_work_from_verified_offline_records() throws Exception {
        String paperId = "cvpr-" + UUID.randomUUID();
        JobOptions options = JobOptions.newBuilder().setCutoffDate("2024-11-01").setVenue("CVPR 2025")
                .setLlmMode(LlmMode.OFFLINE).build();
        PaperContext uploaded = MaterialsDirectory.upload(CVPR, paperId, options, blobs, Instant.now());
        PaperContext context = PaperContext.newBuilder(uploaded)
                .setOutline(blobs.putText(TestResources.text("outline-cvpr.json"), MediaTypes.JSON)).build();

        kafka.send(Topics.PAPER_OUTLINES.name(), paperId, OutlineCreatedEvent.newBuilder().setContext(context)
                .setFigureCount(1).setSearchQueryCount(11).build());

        LiteratureReadyEvent drafted = kafka.await(LiteratureReadyEvent.class,
                event -> event.getContext().getPaperId().equals(paperId), TIMEOUT);
        assertThat(drafted.getVerifiedCount()).isPositive();
        // answered by the stub, or from scholar-cache when an earlier test resolved the same papers
        assertThat(drafted.getScholarRequests() + drafted.getCacheHits()).isPositive();
        // an offline job against an explicitly given S2 endpoint: live requests, nothing replayed
        assertThat(drafted.getScholarSource()).isEqualTo("semantic-scholar");
        assertThat(drafted.getReplayLookups()).isZero();
        assertThat(drafted.getContext().getTimings()).extracting(timing -> timing.getStage()).contains("literature");

        JsonNode citationMap = Json.mapper().readTree(blobs.getText(drafted.getCitationMap()));
        Set<String> mapKeys = citationMap.path("keys").propertyNames().stream().collect(Collectors.toSet());
        assertThat(mapKeys).hasSize(drafted.getVerifiedCount());
        assertThat(citationMap.path("rejected").size()).isEqualTo(drafted.getRejectedCount());

        BibTeXDatabase bibliography = new BibTeXParser()
                .parse(new StringReader(blobs.getText(drafted.getBibliography())));
        assertThat(bibliography.getEntries().keySet()).extracting(Key::getValue)
                .isNotEmpty().allMatch(mapKeys::contains);

        String draft = blobs.getText(drafted.getDraft());
        assertThat(draft).contains("\\section{Introduction}\n% OFFLINE MODE", "\\section{Related Work}\n% OFFLINE MODE",
                "\\cite{");

        PaperStatusChangedEvent completed = kafka.await(PaperStatusChangedEvent.class,
                event -> event.getPaperId().equals(paperId) && event.getState() == StageState.COMPLETED, TIMEOUT);
        assertThat(completed.getStage()).isEqualTo("literature");
        assertThat(completed.getMessage()).endsWith("rejected (offline)");
        assertThat(kafka.received()).extracting(record -> record.value())
                .hasAtLeastOneElementOfType(ScholarLookupCachedEvent.class);
    }

    @Test
    @Order(3)
    void a_draft_request_that_fails_permanently_is_dead_lettered_with_the_paper_failed_and_the_reason() {
        String paperId = "model-" + UUID.randomUUID();
        JobOptions options = JobOptions.newBuilder().setCutoffDate("2024-11-01").setLlmMode(LlmMode.MODEL).build();
        PaperContext context = PaperContext.newBuilder(MaterialsDirectory.upload(CVPR, paperId, options, blobs,
                Instant.now())).setOutline(blobs.putText(TestResources.text("outline-cvpr.json"), MediaTypes.JSON))
                .build();

        kafka.send(Topics.LITERATURE_DRAFT_REQUESTS.name(), paperId,
                LiteratureDraftRequestedEvent.newBuilder().setContext(context).build());

        PaperStatusChangedEvent failed = kafka.await(PaperStatusChangedEvent.class,
                event -> event.getPaperId().equals(paperId) && event.getState() == StageState.FAILED, TIMEOUT);
        assertThat(failed.getStage()).isEqualTo("literature");
        assertThat(failed.getMessage()).contains("no model provider is configured");
        kafka.await(LiteratureDraftRequestedEvent.class, event -> event.getContext().getPaperId().equals(paperId),
                TIMEOUT);
        assertThat(kafka.received()).filteredOn(record -> record.key().equals(paperId))
                .extracting(record -> record.topic())
                .contains(Topics.LITERATURE_DRAFT_REQUESTS.deadLetterName())
                .doesNotContain(Topics.LITERATURE_READY.name());
    }

    @Test
    @Order(4)
    void queued_requests_of_two_papers_share_one_id_batch_and_a_bulk_search_runs_in_the_same_spaced_loop() {
        String run = UUID.randomUUID().toString();
        MessageListenerContainer verifier = context.getBean(KafkaListenerEndpointRegistry.class)
                .getListenerContainer(CitationVerifyListener.ID);
        int arrivalsBefore = stub.arrivals().size();
        // the verifier is stopped while the requests queue, so one poll takes them all, as under load
        verifier.stop();
        try {
            kafka.send(Topics.CITATION_VERIFY_REQUESTS.name(), "p-a-" + run, candidates("p-a-" + run,
                    "10.9999/it-a-" + run));
            kafka.send(Topics.CITATION_VERIFY_REQUESTS.name(), "p-b-" + run, candidates("p-b-" + run,
                    "10.9999/it-b-" + run));
            kafka.send(Topics.CITATION_VERIFY_REQUESTS.name(), "p-c-" + run, CitationVerificationRequestedEvent
                    .newBuilder().setRequestId("p-c-" + run + "/search-1").setPaperId("p-c-" + run)
                    .setCutoffDate("2024-11-01").setCandidates(List.of()).setLlmMode(LlmMode.MODEL)
                    .setKind(VerifyRequestKind.SEARCH).setSearch(ScholarSearch.newBuilder()
                            .setKeywords("\"depth completion\" | \"depth anything\"")
                            .setQuery("Find the recent work on depth completion and Depth Anything")
                            .setPurpose("related-work").setClusterTitle("Depth").build()).build());
        } finally {
            verifier.start();
        }

        CitationsVerifiedEvent searched = kafka.await(CitationsVerifiedEvent.class,
                event -> event.getRequestId().equals("p-c-" + run + "/search-1"), TIMEOUT);
        kafka.await(CitationsVerifiedEvent.class, event -> event.getRequestId().equals("p-a-" + run + "/verify-1"),
                TIMEOUT);
        kafka.await(CitationsVerifiedEvent.class, event -> event.getRequestId().equals("p-b-" + run + "/verify-1"),
                TIMEOUT);

        // both papers' ids went out in one /paper/batch request
        stub.server().verify(1, postRequestedFor(urlPathEqualTo("/graph/v1/paper/batch"))
                .withRequestBody(containing("it-a-" + run)).withRequestBody(containing("it-b-" + run)));
        // the bulk search: one request, its records accepted under the cutoff with every id they carry
        assertThat(searched.getKind()).isEqualTo(VerifyRequestKind.SEARCH);
        assertThat(searched.getScholarRequests()).isEqualTo(1);
        assertThat(searched.getVerdicts()).isNotEmpty().allSatisfy(verdict -> {
            assertThat(verdict.getAccepted()).isTrue();
            assertThat(verdict.getCandidate().getS2PaperId()).isEqualTo(verdict.getRecord().getScholarId());
            assertThat(verdict.getCandidate().getClusterTitle()).isEqualTo("Depth");
        });
        assertThat(searched.getVerdicts()).extracting(verdict -> verdict.getRecord().getTitle())
                .contains("Depth Anything V2")
                .noneMatch(title -> title.startsWith("Prompting Depth Anything"));
        assertThat(searched.getVerdicts()).anySatisfy(verdict ->
                assertThat(verdict.getCandidate().getArxivId()).isNotBlank());
        assertThat(stub.arrivals().subList(arrivalsBefore, stub.arrivals().size()))
                .extracting(SemanticScholarStub.Arrival::path).contains("/graph/v1/paper/search/bulk");
        // one budget: the stub answers 429 to anything closer than the spacing, and never had to
        assertThat(stub.throttled()).as("429 answers of the stub").isZero();
        assertThat(stub.shortestGap()).isGreaterThanOrEqualTo(Duration.ofMillis(SPACING_MILLIS));
    }

    @Test
    @Order(5)
    void an_answer_is_on_scholar_cache_for_a_replica_as_soon_as_the_verifier_remembers_it_without_any_commit() {
        // a verifier killed in the middle of a long poll never commits it; the replica that redoes the poll must
        // still find the answers that poll paid for
        KafkaScholarCache active = context.getBean(KafkaScholarCache.class);
        String key = LookupKeys.title("An answer paid for before a crash " + UUID.randomUUID());
        active.remember("it-scope", key, null);

        try (KafkaScholarCache replica = new KafkaScholarCache(context.getBean(KafkaClientProperties.class),
                "it-replica-scholar-cache", Clock.systemUTC())) {
            await().atMost(TIMEOUT).untilAsserted(() -> {
                replica.catchUp();
                assertThat(replica.find("it-scope", key)).as("the answer, read back by another replica")
                        .contains(new ScholarCache.Answer(null));
            });
        }
    }

    private static CitationVerificationRequestedEvent candidates(String paperId, String doi) {
        return CitationVerificationRequestedEvent.newBuilder().setRequestId(paperId + "/verify-1")
                .setPaperId(paperId).setCutoffDate("2024-11-01").setLlmMode(LlmMode.MODEL)
                .setCandidates(List.of(Candidate.newBuilder().setTitle("Unrecorded " + paperId).setDoi(doi)
                        .setQuery("q").setPurpose("introduction").build())).build();
    }

    /** Another literature-agent instance on the same broker, blob store and stub (a replica of a deployment). */
    private ConfigurableApplicationContext replica() {
        return LiteratureAgentApplication.builder().web(WebApplicationType.NONE).properties(
                "po.kafka.bootstrap-servers=" + brokers, "po.blob.root=target/it-blobs",
                "po.kafka.streams-state-dir=target/it-streams/" + UUID.randomUUID(),
                "po.literature.s2.base-url=" + stub.baseUrl(),
                "po.literature.s2.request-spacing=" + SPACING, "po.literature.s2.retry-backoff=200ms").run();
    }

    private void awaitVerifierGroupOf(int members) {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, brokers))) {
            await().atMost(TIMEOUT).untilAsserted(() -> {
                ConsumerGroupDescription group = admin.describeConsumerGroups(List.of(CitationVerifyListener.GROUP))
                        .all().get().get(CitationVerifyListener.GROUP);
                assertThat(group.members()).hasSize(members);
                assertThat(group.members()).filteredOn(member -> !member.assignment().topicPartitions().isEmpty())
                        .as("one active verifier, the others standing by").hasSize(1);
            });
        }
    }

    private void submit(String paperId, Path materials, String outline, String cutoff) throws Exception {
        JobOptions options = JobOptions.newBuilder().setCutoffDate(cutoff).setLlmMode(LlmMode.OFFLINE).build();
        PaperContext uploaded = MaterialsDirectory.upload(materials, paperId, options, blobs, Instant.now());
        PaperContext context = PaperContext.newBuilder(uploaded)
                .setOutline(blobs.putText(TestResources.text(outline), MediaTypes.JSON)).build();
        kafka.send(Topics.PAPER_OUTLINES.name(), paperId, OutlineCreatedEvent.newBuilder().setContext(context)
                .setFigureCount(1).setSearchQueryCount(10).build());
    }

    private LiteratureReadyEvent awaitDrafted(String paperId) {
        return kafka.await(LiteratureReadyEvent.class, event -> event.getContext().getPaperId().equals(paperId),
                TIMEOUT);
    }
}
