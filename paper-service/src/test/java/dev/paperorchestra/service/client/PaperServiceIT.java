package dev.paperorchestra.service.client;

import dev.paperorchestra.service.PaperServiceApplication;
import dev.paperorchestra.content.materials.MaterialsZip;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.paperorchestra.embedded.pipeline.EmbeddedPipeline;
import dev.paperorchestra.embedded.pipeline.PipelineSettings;
import dev.paperorchestra.runtime.blob.LocalS3Server;
import dev.paperorchestra.runtime.cancel.PaperCancellations;
import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.content.materials.NumericCell;
import dev.paperorchestra.content.testing.OwnKit;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

/**
 * The front door end to end: six agents and the paper service as separate Spring contexts on one embedded
 * broker, blobs in S3 (s3proxy), everything reached over HTTP through the cli's client. One paper comes with an
 * author kit of our own making packed as {@code po submit --template-dir} packs it ({@link OwnKit}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PaperServiceIT {

    private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();
    private static final String BUCKET = "po-papers";

    @TempDir
    static Path work;

    LocalS3Server s3;
    HoldingModel model;
    EmbeddedPipeline pipeline;
    ConfigurableApplicationContext service;
    PaperServiceClient client;

    @BeforeAll
    void start() throws Exception {
        s3 = LocalS3Server.start(BUCKET);
        // the S3 store takes its credentials from the SDK's default chain, as in a deployment
        System.setProperty("aws.accessKeyId", LocalS3Server.ACCESS_KEY);
        System.setProperty("aws.secretAccessKey", LocalS3Server.SECRET_KEY);
        model = new HoldingModel();
        List<String> args = List.of("--po.blob.type=s3", "--po.blob.s3.bucket=" + BUCKET,
                "--po.blob.s3.prefix=it", "--po.blob.s3.endpoint=" + s3.endpoint(), "--po.blob.s3.region=us-east-1",
                "--po.blob.s3.path-style-access=true",
                "--po.llm.provider=openai", "--po.llm.base-url=" + model.baseUrl(), "--po.llm.api-key=test-key",
                "--po.llm.model=held", "--po.llm.cache.mode=off", "--po.llm.retry.max-attempts=1");
        // no deployment-wide scholar records: each upload's scholar_records.json travels with its job
        pipeline = EmbeddedPipeline.start(new PipelineSettings(work.resolve("state"), List.of(), args), line -> { });
        startService();
    }

    @AfterAll
    void stop() throws Exception {
        if (pipeline != null) {
            pipeline.close();
        }
        model.close();
        s3.close();
        System.clearProperty("aws.accessKeyId");
        System.clearProperty("aws.secretAccessKey");
    }

    @Test
    void papers_submitted_over_http_complete_or_are_refused_or_cancelled_and_a_restarted_service_knows_them_all()
            throws Exception {
        String cvpr = submit("cvpr-sparse-depth", Map.of("offline", "true", "iterations", "1"));
        String iclr = submit("iclr-adaptive-optim", Map.of("offline", "true", "iterations", "1"));
        // materials without template or guidelines; the kit brings both, as po submit --template-dir KIT sends it
        Path kitMaterials = OwnKit.materials(EXAMPLES.resolve("cvpr-sparse-depth"), work.resolve("own-kit-materials"));
        Path kitZip = work.resolve("own-kit-materials.zip");
        MaterialsZip.write(kitMaterials, OwnKit.write(work.resolve("own-kit")), kitZip, relative -> true);
        String kitPaper = client.submit(kitZip, kitZip.getFileName().toString(), Map.of("offline", "true",
                "iterations", "1")).path("paperId").asString();
        assertThatThrownBy(() -> submit("broken/missing-log", Map.of("offline", "true")))
                .isInstanceOfSatisfying(ServiceCallException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.getMessage()).contains("experimental_log.md").contains("required file is missing");
                });

        String cancelled = submit("cvpr-sparse-depth", Map.of("offline", "false", "paperId", "cancel-me"));
        await().atMost(Duration.ofMinutes(2)).until(() -> model.requests() >= 1);
        JsonNode afterCancel = client.cancel(cancelled);
        assertThat(afterCancel.path("state").asString()).isEqualTo("CANCELLED");
        await().atMost(Duration.ofSeconds(30)).until(() -> pipeline.contexts().stream()
                .allMatch(context -> context.getBean(PaperCancellations.class).isCancelled(cancelled)));
        int callsAtCancel = model.requests();
        model.release();

        restartService();

        await().atMost(Duration.ofMinutes(6)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
            assertThat(state(cvpr)).isEqualTo("COMPLETED");
            assertThat(state(iclr)).isEqualTo("COMPLETED");
            assertThat(state(kitPaper)).as(client.paper(kitPaper).toString()).isEqualTo("COMPLETED");
        });
        assertThat(state(cancelled)).isEqualTo("CANCELLED");
        assertThat(client.paper(cancelled).path("failureReason").asString()).contains("cancelled");
        assertThat(bundleEntries(cvpr)).contains(cvpr + "/paper.pdf", cvpr + "/summary.json");
        assertThat(bundleEntries(iclr)).contains(iclr + "/paper.pdf", iclr + "/summary.json");
        // the bundle holds the paper itself: booktabs tables with a number exactly as logged, and citations
        var firstTable = MarkdownTables.parse(Files.readString(EXAMPLES.resolve("cvpr-sparse-depth")
                .resolve("experimental_log.md"))).getFirst();
        String logged = NumericCell.parse(firstTable.rows().getFirst().get(firstTable.numericColumns().getFirst()))
                .orElseThrow().digits();
        assertThat(bundleText(cvpr, cvpr + "/paper.tex")).contains("\\toprule", "\\bottomrule", logged, "\\cite");
        JsonNode summary = client.paper(cvpr).path("summary");
        assertThat(summary.isObject()).isTrue();
        assertThat(summary.toString()).as("citations verified against the upload's own scholar_records.json")
                .containsPattern("\"verified\"\\s*:\\s*[1-9]");
        assertKitPaper(kitPaper);
        assertThatThrownBy(() -> client.cancel(cvpr)).isInstanceOfSatisfying(ServiceCallException.class,
                e -> assertThat(e.status()).isEqualTo(409));
        // only the cancelled paper called the model (the others are offline); nothing after the cancel
        assertThat(model.requests()).isEqualTo(callsAtCancel);
        List<String> listed = new ArrayList<>();
        client.papers(50).path("papers").forEach(paper -> listed.add(paper.path("paperId").asString()));
        assertThat(listed).containsExactlyInAnyOrder(cvpr, iclr, kitPaper, cancelled);
    }

    /**
     * The kit's paper is complete: its .sty's head mark on every page of the PDF, its macro call, .bst and
     * \\input kept, the page limit read from the kit's prose guidelines.md, none of the template's placeholders
     * or author identity in the PDF.
     */
    private void assertKitPaper(String paperId) throws IOException {
        String tex = bundleText(paperId, paperId + "/paper.tex");
        assertThat(tex).contains("\\usepackage{ownkit}", "\\input{macros/ownkit-macros}", "\\ownkitsubmission{1234}",
                "\\bibliographystyle{ownkit}", "\\bibliography{references}");
        List<String> pages = OwnKit.pageTexts(bundleBytes(paperId, paperId + "/paper.pdf"));
        assertThat(pages).isNotEmpty().allSatisfy(page -> assertThat(page).contains(OwnKit.MARK));
        String text = String.join("\n", pages);
        OwnKit.PLACEHOLDERS.forEach(placeholder -> assertThat(text).doesNotContain(placeholder));
        JsonNode summary = client.paper(paperId).path("summary");
        assertThat(summary.at("/writerGates/pageLimit").asInt()).as(summary.toString()).isEqualTo(OwnKit.PAGE_LIMIT);
        assertThat(summary.at("/compile/status").asString()).isEqualTo("COMPILED");
        // a complete paper: every gate of the writer passed, the PAGES gate within the limit read from the prose
        assertThat(summary.at("/writerGates/passed").asBoolean()).as(summary.toString()).isTrue();
        assertThat(summary.at("/writerGates/mainTextPages").asInt()).isLessThanOrEqualTo(OwnKit.PAGE_LIMIT);
    }

    private String submit(String example, Map<String, String> fields) throws IOException {
        Path zip = work.resolve(example.replace('/', '-') + "-" + System.nanoTime() + ".zip");
        MaterialsZip.write(EXAMPLES.resolve(example), zip);
        return client.submit(zip, zip.getFileName().toString(), fields).path("paperId").asString();
    }

    private String state(String paperId) {
        return client.paper(paperId).path("state").asString();
    }

    private List<String> bundleEntries(String paperId) throws IOException {
        Path bundle = work.resolve(paperId + ".zip");
        client.bundle(paperId, bundle);
        List<String> names = new ArrayList<>();
        try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(bundle))) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                names.add(entry.getName());
            }
        }
        return names;
    }

    private String bundleText(String paperId, String entryName) throws IOException {
        return new String(bundleBytes(paperId, entryName), java.nio.charset.StandardCharsets.UTF_8);
    }

    private byte[] bundleBytes(String paperId, String entryName) throws IOException {
        Path bundle = work.resolve(paperId + ".zip");
        if (!Files.exists(bundle)) {
            client.bundle(paperId, bundle);
        }
        try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(bundle))) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                if (entry.getName().equals(entryName)) {
                    return zip.readAllBytes();
                }
            }
        }
        throw new AssertionError(entryName + " is not in the bundle of " + paperId);
    }

    private void startService() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        service = pipeline.startPaperService(PaperServiceApplication.builder(), port, List.of(), line -> { });
        client = new PaperServiceClient("http://127.0.0.1:" + port, null);
    }

    /** A new service instance, as after a redeploy: it knows only what it reads back from the topics. */
    private void restartService() throws IOException {
        service.close();
        startService();
    }
}
