package dev.paperorchestra.service.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.paperorchestra.content.archive.ArchiveLimits;
import dev.paperorchestra.content.archive.SafeArchive;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.content.latex.TemplateTrial;
import dev.paperorchestra.content.latex.TexInstallation;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.sandbox.SandboxProperties;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.content.materials.MaterialsLimits;
import dev.paperorchestra.runtime.kafka.PaperSubmitter;
import dev.paperorchestra.runtime.metrics.PaperMetrics;
import dev.paperorchestra.schemas.ArtifactRef;
import dev.paperorchestra.schemas.NamedArtifact;
import dev.paperorchestra.schemas.PaperCancelledEvent;
import dev.paperorchestra.schemas.PaperRequestedEvent;
import dev.paperorchestra.schemas.PaperStatusChangedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.state.PaperViewState;
import dev.paperorchestra.schemas.topics.Topics;
import dev.paperorchestra.service.PaperServiceProperties;
import dev.paperorchestra.service.auth.Caller;
import dev.paperorchestra.service.auth.PaperAccess;
import dev.paperorchestra.service.auth.Role;
import dev.paperorchestra.service.cancel.PaperCanceller;
import dev.paperorchestra.service.intake.UploadIntake;
import dev.paperorchestra.service.status.PaperEventStream;
import dev.paperorchestra.service.status.PaperState;
import dev.paperorchestra.service.status.PaperViews;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.mock.web.MockMultipartFile;
import org.springframework.util.unit.DataSize;
import org.springframework.web.method.annotation.ExceptionHandlerMethodResolver;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * The REST API as plain Java: the controllers with their real collaborators (the upload intake, the canceller,
 * a local-directory blob store, a submitter over Kafka's {@code MockProducer}), a status view held in memory
 * instead of the Streams store, and failures answered by {@link ApiErrors} through the handler Spring would pick
 * for them. No broker, no web server.
 */
class PaperControllerTest {

    private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();
    private static final Instant NOW = Instant.parse("2026-11-23T18:01:52Z");
    private static final int MAX_PAGE_SIZE = 20;
    /** A service without tokens: the local principal, tenant default, every role. */
    private static final Caller ME = Caller.LOCAL;
    private static final Caller LAB_A = new Caller("lab-a token aaaa0001", "lab-a", Set.of(Role.SUBMIT, Role.APPROVE),
            false);
    private static final Caller LAB_B = new Caller("lab-b token bbbb0002", "lab-b", Set.of(Role.SUBMIT), false);
    private static final Caller LAB_B_READER = new Caller("bob@lab-b", "lab-b", Set.of(Role.APPROVE), true);
    private static final Caller OPERATOR = new Caller("ops token cccc0003", "ops", Set.of(Role.OPERATE), false);

    @TempDir
    Path dir;

    private final MockProducer<String, Object> kafka = new MockProducer<>(true, null, (topic, key) -> new byte[0],
            (topic, value) -> new byte[0]);
    private final InMemoryViews views = new InMemoryViews();
    private final ApiErrors errors = new ApiErrors();
    private LocalBlobStore blobs;
    private PaperServiceProperties properties;
    private PaperEventStream events;
    private PaperController papers;
    private PaperFilesController files;

    @BeforeEach
    void build() {
        blobs = new LocalBlobStore(dir.resolve("blobs"));
        properties = new PaperServiceProperties(List.of(), DataSize.ofMegabytes(50), DataSize.ofMegabytes(200), 2000,
                DataSize.ofMegabytes(64), 200, dir.resolve("uploads"), Duration.ZERO, Duration.ofMinutes(1),
                Duration.ofSeconds(1), MAX_PAGE_SIZE, Duration.ofMinutes(1), 500, "latexmk", Duration.ofMinutes(2),
                PaperServiceProperties.Oidc.NONE);
        events = new PaperEventStream(views, PaperResponses::statusChange, PaperResponses::end, Duration.ofSeconds(1),
                Duration.ofMinutes(1));
        papers = controller(new ArchiveLimits(2000, 200L << 20));
        files = new PaperFilesController(new PaperAccess(views), blobs);
    }

    @AfterEach
    void close() {
        events.close();
    }

    private PaperController controller(ArchiveLimits limits) {
        return controller(limits, null);
    }

    /** With the template's first compile, as the service runs it: only the tests about TeX pay for a compile. */
    private PaperController controller(ArchiveLimits limits, @Nullable Function<Path, TemplateTrial> trials) {
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        PaperSubmitter submitter = new PaperSubmitter(kafka, blobs, "paper-service");
        UploadIntake intake = new UploadIntake(new SafeArchive(limits), submitter, views, properties.workDir(), clock,
                Duration.ZERO, MaterialsLimits.defaults(), blobs, trials);
        PaperCanceller canceller = new PaperCanceller(views, submitter, clock, Duration.ZERO,
                new PaperMetrics(new SimpleMeterRegistry(), "paper-service"));
        return new PaperController(intake, views, canceller, events, new PaperAccess(views), blobs, properties);
    }

    // submit

    @Test
    void a_valid_upload_is_accepted_with_202_a_location_and_its_job_on_paper_requests() throws IOException {
        ResponseEntity<?> answer = call(() -> papers.submit(upload("cvpr-sparse-depth"), "my-paper", null, null,
                null, 1, true, ME));

        assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.ACCEPTED);
        assertThat(answer.getHeaders().getLocation()).hasToString("/papers/my-paper");
        assertThat(answer.getBody()).isEqualTo(new PaperResponses.Accepted("my-paper", "SUBMITTED"));
        assertThat(kafka.history()).extracting(ProducerRecord::topic, ProducerRecord::key).containsExactly(
                tuple(Topics.PAPER_REQUESTS.name(), "my-paper"),
                tuple(Topics.PAPER_STATUS.name(), "my-paper"));
        PaperRequestedEvent request = (PaperRequestedEvent) kafka.history().getFirst().value();
        assertThat(request.getContext().getOptions().getRefineIterationLimit()).isEqualTo(1);
        assertThat(request.getContext().getMaterials().getSourceDirectory()).isEqualTo("cvpr-sparse-depth");
        assertThat(properties.workDir()).as("the upload and its unpacked copy are removed").isEmptyDirectory();
    }

    @Test
    void an_upload_without_a_paper_id_gets_one_from_its_folder_and_the_time_and_an_alternative_when_taken()
            throws IOException {
        views.put(view("cvpr-sparse-depth-20261123-180152", PaperState.RUNNING));

        ResponseEntity<?> answer = call(() -> papers.submit(upload("cvpr-sparse-depth"), null, null, null, null,
                null, true, ME));

        assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.ACCEPTED);
        assertThat(answer.getHeaders().getLocation()).hasToString("/papers/cvpr-sparse-depth-20261123-180152-2");
    }

    @Test
    void a_paper_id_in_use_is_a_409_and_nothing_is_submitted() throws IOException {
        views.put(view("taken", PaperState.COMPLETED));

        ResponseEntity<?> answer = call(() -> papers.submit(upload("cvpr-sparse-depth"), "taken", null, null, null,
                null, true, ME));

        assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.CONFLICT);
        assertThat(answer.getBody()).isEqualTo(new PaperResponses.Error("conflict", null,
                "a paper with id taken exists already; choose another paperId or leave it out"));
        assertThat(kafka.history()).isEmpty();
    }

    @Test
    void a_paper_id_that_could_name_a_path_is_a_400() throws IOException {
        ResponseEntity<?> answer = call(() -> papers.submit(upload("cvpr-sparse-depth"), "../etc", null, null, null,
                null, true, ME));

        assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat(error(answer).error()).isEqualTo("bad request");
        assertThat(error(answer).problem()).contains("paper id '../etc' is not allowed");
        assertThat(kafka.history()).isEmpty();
    }

    @Test
    void a_template_package_this_tex_lacks_is_a_400_naming_it_and_nothing_is_submitted() throws IOException {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                dev.paperorchestra.runtime.sandbox.Executables.find("kpsewhich").isPresent(), "kpsewhich missing");

        PaperController compiling = controller(new ArchiveLimits(2000, 200L << 20), directory -> new TemplateTrial(
                new LatexCompiler("latexmk", Duration.ofMinutes(2), directory,
                        Sandbox.detect(SandboxProperties.defaults())), TexInstallation.kpsewhich()));

        ResponseEntity<?> answer = call(() -> compiling.submit(upload("cvpr-sparse-depth", template -> template
                .replace("\\begin{document}", "\\usepackage{nosuchpackage}\n\\begin{document}")), null, null,
                null, null, null, true, ME));

        assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat(error(answer).file()).isEqualTo("template.tex");
        assertThat(error(answer).problem()).contains("nosuchpackage.sty is not installed");
        assertThat(kafka.history()).isEmpty();
    }

    @Test
    void materials_missing_a_file_are_a_400_naming_the_file_and_the_problem() throws IOException {
        ResponseEntity<?> answer = call(() -> papers.submit(upload("broken/missing-log"), null, null, null, null,
                null, true, ME));

        assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat(error(answer).error()).isEqualTo("invalid materials");
        assertThat(error(answer).file()).isEqualTo("experimental_log.md");
        assertThat(error(answer).problem()).contains("required file is missing");
        assertThat(kafka.history()).isEmpty();
    }

    @Test
    void an_archive_past_the_unpack_limits_or_an_upload_past_the_size_limit_is_a_413() throws IOException {
        PaperController small = controller(new ArchiveLimits(2000, 1000));

        ResponseEntity<?> unpacked = call(() -> small.submit(upload("cvpr-sparse-depth"), null, null, null, null,
                null, true, ME));
        ResponseEntity<?> uploaded = answer(new MaxUploadSizeExceededException(50L << 20));

        assertThat(unpacked.getStatusCode()).isEqualTo(HttpStatus.CONTENT_TOO_LARGE);
        assertThat(error(unpacked).error()).isEqualTo("materials too large");
        assertThat(error(unpacked).file()).startsWith("cvpr-sparse-depth/");
        assertThat(uploaded.getStatusCode()).isEqualTo(HttpStatus.CONTENT_TOO_LARGE);
        assertThat(uploaded.getBody()).isEqualTo(new PaperResponses.Error("materials too large", "materials",
                "the upload is larger than po.service.max-upload-size"));
        assertThat(kafka.history()).isEmpty();
    }

    // status and list

    @Test
    void the_status_of_an_unknown_paper_is_a_404_with_an_error_body() {
        ResponseEntity<?> answer = call(() -> papers.get("nobody", ME));

        assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
        assertThat(answer.getBody()).isEqualTo(new PaperResponses.Error("not found", null, "no paper nobody"));
    }

    @Test
    void the_list_with_costs_reads_each_finished_papers_cost_from_its_summary_and_skips_an_unreadable_one() {
        views.put(completed("paid", Map.of("summary.json", """
                {"schemaVersion": 1, "mode": "model", "paperId": "paid",
                 "llm": {"calls": 3, "cacheHits": 0, "inputTokens": 900, "outputTokens": 300,
                         "estimatedCostUsd": 0.25, "byAgent": {}, "byRole": {}}}""")));
        views.put(completed("future", Map.of("summary.json", """
                {"schemaVersion": 2, "mode": "model", "paperId": "future", "llm": {"estimatedCostUsd": 9.0}}""")));

        PaperResponses.PaperPage page = papers.list(null, 0, 10, true, ME);

        assertThat(page.papers()).extracting(PaperResponses.PaperItem::paperId, PaperResponses.PaperItem::estimatedCostUsd)
                .containsExactlyInAnyOrder(tuple("paid", 0.25), tuple("future", null));
    }

    @Test
    void the_status_of_a_completed_paper_carries_its_timeline_its_files_and_its_summary() {
        views.put(completed("done", Map.of("summary.json", "{\"verified\": 3}", "paper.pdf", "%PDF")));

        PaperResponses.Paper paper = papers.get("done", ME);

        assertThat(paper.state()).isEqualTo("COMPLETED");
        assertThat(paper.files()).containsExactly("paper.pdf", "summary.json");
        assertThat(paper.timeline()).extracting(PaperResponses.StatusChange::state).containsExactly("completed");
        assertThat(paper.summary()).isNotNull();
        assertThat(paper.summary().path("verified").asInt()).isEqualTo(3);
    }

    @Test
    void the_events_of_an_unknown_paper_are_a_404() {
        assertThat(call(() -> papers.events("nobody", ME)).getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
    }

    @Test
    void a_page_out_of_bounds_is_a_400_and_the_largest_page_allowed_is_served() {
        views.put(view("a", PaperState.RUNNING));

        for (int[] pageAndSize : new int[][] {{-1, 10}, {0, 0}, {0, MAX_PAGE_SIZE + 1}}) {
            ResponseEntity<?> answer = call(() -> papers.list(null, pageAndSize[0], pageAndSize[1], ME));
            assertThat(answer.getStatusCode()).as("page %d size %d", pageAndSize[0], pageAndSize[1])
                    .isEqualTo(HttpStatus.BAD_REQUEST);
            assertThat(error(answer).problem())
                    .isEqualTo("page must be 0 or more and size between 1 and " + MAX_PAGE_SIZE);
        }
        assertThat(papers.list(null, 0, MAX_PAGE_SIZE, ME).papers()).hasSize(1);
    }

    @Test
    void a_list_filters_by_state_in_any_case_and_refuses_an_unknown_state() {
        views.put(view("running", PaperState.RUNNING));
        views.put(view("failed", PaperState.FAILED));

        PaperResponses.PaperPage running = papers.list(" running ", 0, 10, ME);
        ResponseEntity<?> unknown = call(() -> papers.list("sleeping", 0, 10, ME));

        assertThat(running.papers()).extracting(PaperResponses.PaperItem::paperId).containsExactly("running");
        assertThat(running.total()).isEqualTo(1);
        assertThat(unknown.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat(String.valueOf(unknown.getBody())).contains("unknown state 'sleeping'", "running", "failed")
                .doesNotContain("dev.paperorchestra");
    }

    // files

    @Test
    void the_files_of_a_completed_paper_are_listed_and_each_is_served_with_its_media_type() {
        views.put(completed("done", Map.of("summary.json", "{}", "reviews/iteration-0.json", "{\"score\": 7}")));

        List<PaperResponses.FileItem> listed = files.files("done", ME);
        ResponseEntity<byte[]> review = files.file("done", "/reviews/iteration-0.json", ME);

        assertThat(listed).extracting(PaperResponses.FileItem::name)
                .containsExactly("reviews/iteration-0.json", "summary.json");
        assertThat(review.getHeaders().getContentType()).hasToString("application/json");
        assertThat(new String(review.getBody(), StandardCharsets.UTF_8)).isEqualTo("{\"score\": 7}");
    }

    /** Outputs are found by their exact name in paper-completed, never by a path resolved on this machine. */
    @Test
    void a_file_name_with_dot_segments_or_climbing_out_of_the_outputs_is_a_404_and_reads_nothing_outside()
            throws IOException {
        views.put(completed("done", Map.of("summary.json", "{}")));
        Files.writeString(dir.resolve("secret.txt"), "secret");

        for (String name : List.of("/../secret.txt", "/../../blobs", "/reviews/../../summary.json",
                "/reviews/../summary.json", "/./summary.json", "//etc/passwd", "/%2e%2e/secret.txt", "/")) {
            ResponseEntity<?> answer = call(() -> files.file("done", name, ME));
            assertThat(answer.getStatusCode()).as(name).isEqualTo(HttpStatus.NOT_FOUND);
            assertThat(error(answer).error()).isEqualTo("not found");
        }
    }

    @Test
    void the_files_of_an_unknown_paper_or_a_paper_without_outputs_are_a_404() {
        views.put(view("running", PaperState.RUNNING));

        assertThat(call(() -> files.files("nobody", ME)).getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
        assertThat(call(() -> files.file("running", "/paper.pdf", ME)).getStatusCode())
                .isEqualTo(HttpStatus.NOT_FOUND);
        assertThat(call(() -> files.bundle("running", ME)).getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
    }

    @Test
    void the_bundle_holds_every_output_below_the_papers_folder() throws IOException {
        views.put(completed("done", Map.of("summary.json", "{}", "figures/fig-1.pdf", "%PDF")));

        ResponseEntity<StreamingResponseBody> bundle = files.bundle("done", ME);
        ByteArrayOutputStream zip = new ByteArrayOutputStream();
        bundle.getBody().writeTo(zip);

        assertThat(bundle.getHeaders().getContentDisposition().getFilename()).isEqualTo("done.zip");
        assertThat(entries(zip.toByteArray())).containsExactly("done/figures/fig-1.pdf", "done/summary.json");
    }

    @Test
    void a_bundle_never_writes_an_output_whose_name_climbs_out_of_its_folder() {
        views.put(completed("evil", Map.of("../../escape.sh", "#!/bin/sh")));

        ResponseEntity<StreamingResponseBody> bundle = files.bundle("evil", ME);

        assertThatThrownBy(() -> bundle.getBody().writeTo(new ByteArrayOutputStream()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("escapes the output directory");
    }

    // cancel

    @Test
    void cancelling_a_running_paper_writes_the_cancel_marker_then_cancelled_on_paper_status() {
        views.put(view("running", PaperState.RUNNING));

        PaperResponses.Paper answer = papers.cancel("running", ME);

        assertThat(answer.paperId()).isEqualTo("running");
        assertThat(kafka.history()).extracting(ProducerRecord::topic).containsExactly(
                Topics.PAPER_CANCELLATIONS.name(), Topics.PAPER_STATUS.name());
        assertThat(kafka.history()).extracting(ProducerRecord::key).containsOnly("running");
        assertThat(((PaperCancelledEvent) kafka.history().getFirst().value()).getReason())
                .isEqualTo("cancelled by the submitter at stage outline");
        assertThat(((PaperStatusChangedEvent) kafka.history().getLast().value()).getState())
                .isEqualTo(StageState.CANCELLED);
    }

    @Test
    void cancelling_a_finished_paper_is_a_409_and_an_unknown_one_a_404_and_neither_writes_anything() {
        views.put(view("done", PaperState.COMPLETED));

        ResponseEntity<?> finished = call(() -> papers.cancel("done", ME));
        ResponseEntity<?> unknown = call(() -> papers.cancel("nobody", ME));

        assertThat(finished.getStatusCode()).isEqualTo(HttpStatus.CONFLICT);
        assertThat(finished.getBody()).isEqualTo(new PaperResponses.Error("conflict", null,
                "paper done is already COMPLETED; only a paper still running can be cancelled"));
        assertThat(unknown.getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
        assertThat(kafka.history()).isEmpty();
    }

    // tenants and roles

    @Test
    void a_submitted_paper_belongs_to_the_submitters_tenant_on_its_request_and_its_submit_status()
            throws IOException {
        call(() -> papers.submit(upload("cvpr-sparse-depth"), "lab-a-paper", null, null, null, 1, true, LAB_A));

        assertThat(((PaperRequestedEvent) kafka.history().getFirst().value()).getContext().getTenant())
                .isEqualTo("lab-a");
        assertThat(((PaperStatusChangedEvent) kafka.history().getLast().value()).getTenant()).isEqualTo("lab-a");
    }

    @Test
    void another_tenants_paper_is_not_found_on_any_endpoint_and_not_listed_exactly_like_an_unused_id() {
        views.put(owned(completed("theirs", Map.of("summary.json", "{}", "paper.pdf", "%PDF")), "lab-a"));
        views.put(owned(view("running-a", PaperState.RUNNING), "lab-a"));
        views.put(owned(view("mine", PaperState.RUNNING), "lab-b"));

        List<Callable<?>> requests = List.of(() -> papers.get("theirs", LAB_B), () -> papers.events("theirs", LAB_B),
                () -> files.files("theirs", LAB_B), () -> files.file("theirs", "/paper.pdf", LAB_B),
                () -> files.bundle("theirs", LAB_B), () -> papers.cancel("running-a", LAB_B),
                () -> papers.get("running-a", LAB_B_READER));

        for (Callable<?> request : requests) {
            ResponseEntity<?> answer = call(request);
            assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
            assertThat(error(answer).problem()).startsWith("no paper ");
        }
        assertThat(call(() -> papers.get("nobody", LAB_B)).getBody())
                .isEqualTo(new PaperResponses.Error("not found", null, "no paper nobody"));
        PaperResponses.PaperPage listed = papers.list(null, 0, 10, LAB_B);
        assertThat(listed.papers()).extracting(PaperResponses.PaperItem::paperId).containsExactly("mine");
        assertThat(listed.total()).as("the other tenant's papers are not even counted").isEqualTo(1);
        assertThat(kafka.history()).as("nothing cancelled").isEmpty();
        assertThat(papers.get("theirs", LAB_A).tenant()).isEqualTo("lab-a");
    }

    @Test
    void a_paper_submitted_without_a_tenant_belongs_to_the_default_tenant() {
        views.put(view("old", PaperState.RUNNING));

        assertThat(papers.get("old", ME).tenant()).isEqualTo("default");
        assertThat(call(() -> papers.get("old", LAB_A)).getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
    }

    @Test
    void an_operator_sees_every_tenants_papers_but_cancels_none_without_the_submit_role() {
        views.put(owned(view("a1", PaperState.RUNNING), "lab-a"));
        views.put(owned(view("b1", PaperState.RUNNING), "lab-b"));

        PaperResponses.PaperPage all = papers.list(null, 0, 10, OPERATOR);
        ResponseEntity<?> cancel = call(() -> papers.cancel("a1", OPERATOR));

        assertThat(all.papers()).extracting(PaperResponses.PaperItem::paperId, PaperResponses.PaperItem::tenant)
                .containsExactly(tuple("a1", "lab-a"), tuple("b1", "lab-b"));
        assertThat(papers.get("b1", OPERATOR).paperId()).isEqualTo("b1");
        assertThat(cancel.getStatusCode()).isEqualTo(HttpStatus.FORBIDDEN);
        assertThat(error(cancel).problem()).isEqualTo("cancelling a paper needs the submit role; ops token "
                + "cccc0003 (tenant ops) has operate");
        assertThat(kafka.history()).isEmpty();
    }

    @Test
    void submitting_and_cancelling_need_the_submit_role_within_the_tenant() throws IOException {
        views.put(owned(view("b2", PaperState.RUNNING), "lab-b"));

        ResponseEntity<?> submit = call(() -> papers.submit(upload("cvpr-sparse-depth"), "x", null, null, null, 1,
                true, LAB_B_READER));
        ResponseEntity<?> cancel = call(() -> papers.cancel("b2", LAB_B_READER));

        assertThat(submit.getStatusCode()).isEqualTo(HttpStatus.FORBIDDEN);
        assertThat(error(submit).problem()).startsWith("submitting a paper needs the submit role; bob@lab-b");
        assertThat(cancel.getStatusCode()).isEqualTo(HttpStatus.FORBIDDEN);
        assertThat(kafka.history()).isEmpty();
        papers.cancel("b2", LAB_B);
        assertThat(kafka.history()).extracting(ProducerRecord::topic).startsWith(Topics.PAPER_CANCELLATIONS.name());
    }

    // errors

    @Test
    void every_error_body_has_exactly_the_fields_error_file_and_problem() {
        assertThat(PaperResponses.Error.class.getRecordComponents())
                .extracting(java.lang.reflect.RecordComponent::getName).containsExactly("error", "file", "problem");
    }

    // helpers

    /** What the API answers: the controller's value, or the error the advice makes of its exception. */
    private ResponseEntity<?> call(Callable<?> request) {
        Object value;
        try {
            value = request.call();
        } catch (Exception e) {
            return answer(e);
        }
        return value instanceof ResponseEntity<?> entity ? entity : ResponseEntity.ok(value);
    }

    /** The handler Spring MVC would choose in {@link ApiErrors} for this exception, applied to it. */
    private ResponseEntity<?> answer(Exception e) {
        Method handler = new ExceptionHandlerMethodResolver(ApiErrors.class).resolveMethod(e);
        if (handler == null) {
            throw new AssertionError("ApiErrors does not handle " + e, e);
        }
        try {
            handler.setAccessible(true);
            return (ResponseEntity<?>) handler.invoke(errors, e);
        } catch (IllegalAccessException | InvocationTargetException failure) {
            throw new AssertionError(failure);
        }
    }

    private static PaperResponses.Error error(ResponseEntity<?> answer) {
        assertThat(answer.getBody()).isInstanceOf(PaperResponses.Error.class);
        return (PaperResponses.Error) answer.getBody();
    }

    /** An example's folder zipped as a submitter would, the folder itself at the top. */
    private MockMultipartFile upload(String example) throws IOException {
        return upload(example, template -> template);
    }

    private MockMultipartFile upload(String example, java.util.function.UnaryOperator<String> template)
            throws IOException {
        Path folder = EXAMPLES.resolve(example);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes); Stream<Path> walk = Files.walk(folder)) {
            for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                zip.putNextEntry(new ZipEntry(folder.getFileName() + "/" + folder.relativize(file)));
                zip.write(file.getFileName().toString().equals("template.tex")
                        ? template.apply(Files.readString(file)).getBytes(java.nio.charset.StandardCharsets.UTF_8)
                        : Files.readAllBytes(file));
                zip.closeEntry();
            }
        }
        return new MockMultipartFile("materials", example + ".zip", "application/zip", bytes.toByteArray());
    }

    private static List<String> entries(byte[] zip) throws IOException {
        List<String> names = new ArrayList<>();
        try (ZipInputStream in = new ZipInputStream(new java.io.ByteArrayInputStream(zip))) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                names.add(entry.getName());
            }
        }
        return names;
    }

    private static PaperViewState view(String paperId, PaperState state) {
        PaperStatusChangedEvent change = PaperStatusPublisher.event(paperId, "outline", "outline-agent",
                state == PaperState.COMPLETED ? StageState.COMPLETED : StageState.STARTED, "outline", NOW);
        return PaperViewState.newBuilder().setPaperId(paperId).setState(state.name()).setCurrentStage("outline")
                .setSubmittedAt(NOW).setUpdatedAt(NOW).setTimeline(List.of(change)).setArtifacts(List.of()).build();
    }

    private static PaperViewState owned(PaperViewState view, String tenant) {
        view.setTenant(tenant);
        return view;
    }

    private PaperViewState completed(String paperId, Map<String, String> outputs) {
        List<NamedArtifact> artifacts = new ArrayList<>();
        outputs.forEach((name, content) -> {
            ArtifactRef ref = blobs.putText(content, name.endsWith(".json") ? "application/json" : "application/pdf");
            artifacts.add(NamedArtifact.newBuilder().setName(name).setArtifact(ref).build());
        });
        PaperViewState view = view(paperId, PaperState.COMPLETED);
        view.setArtifacts(artifacts);
        return view;
    }

    /** The status view as the Streams store would answer it, held in a map; await does not wait. */
    private static final class InMemoryViews extends PaperViews {

        private final Map<String, PaperViewState> byId = new ConcurrentHashMap<>();

        InMemoryViews() {
            super(null);
        }

        void put(PaperViewState view) {
            byId.put(view.getPaperId(), view);
        }

        @Override
        public Optional<PaperViewState> find(String paperId) {
            return Optional.ofNullable(byId.get(paperId));
        }

        @Override
        public Page list(@Nullable PaperState state, int page, int size, Predicate<PaperViewState> visible) {
            List<PaperViewState> matching = byId.values().stream()
                    .filter(view -> state == null || view.getState().equals(state.name())).filter(visible)
                    .sorted(Comparator.comparing(PaperViewState::getPaperId)).toList();
            int from = Math.min(matching.size(), page * size);
            return new Page(matching.subList(from, Math.min(matching.size(), from + size)), page, size,
                    matching.size());
        }

        @Override
        public Optional<PaperViewState> await(String paperId, Predicate<PaperViewState> condition, Duration timeout) {
            return find(paperId);
        }
    }
}
