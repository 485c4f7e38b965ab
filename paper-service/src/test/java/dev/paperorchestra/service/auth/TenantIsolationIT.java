package dev.paperorchestra.service.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.paperorchestra.content.materials.MaterialsZip;
import dev.paperorchestra.embedded.broker.EmbeddedKraftBroker;
import dev.paperorchestra.embedded.broker.TopicCreation;
import dev.paperorchestra.embedded.pipeline.TopicRecords;
import dev.paperorchestra.runtime.approval.ApprovalGate;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.json.Json;
import dev.paperorchestra.runtime.kafka.PaperStatusPublisher;
import dev.paperorchestra.runtime.kafka.PaperSubmitter;
import dev.paperorchestra.schemas.ApprovalDecidedEvent;
import dev.paperorchestra.schemas.ApprovalRequestedEvent;
import dev.paperorchestra.schemas.StageState;
import dev.paperorchestra.schemas.topics.Topics;
import dev.paperorchestra.service.PaperServiceApplication;
import dev.paperorchestra.service.client.PaperServiceClient;
import dev.paperorchestra.service.client.ServiceCallException;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

/**
 * Two tenants on one paper service, on the embedded broker, over real HTTP: each has a static token and a JWT
 * principal of a real (test) identity provider. A paper of one tenant does not exist for the other on any endpoint,
 * whichever kind of credential either side uses; the same tenant's other principal sees it; an operator sees
 * everything and decides nothing; the decider recorded at a gate is the principal's name. No agent runs: the gate a
 * paper waits at is written to the topics as the approval gate writes it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TenantIsolationIT {

    private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();
    private static final String TOKEN_A = "lab-a-" + Long.toHexString(System.nanoTime());
    private static final String TOKEN_B = "lab-b-" + Long.toHexString(System.nanoTime());
    private static final String TOKEN_OPS = "ops-" + Long.toHexString(System.nanoTime());

    @TempDir
    static Path work;

    TestIdentityProvider idp;
    EmbeddedKraftBroker broker;
    ConfigurableApplicationContext service;
    PaperSubmitter gate;
    LocalBlobStore blobs;
    String base;
    PaperServiceClient alice;
    PaperServiceClient carol;
    PaperServiceClient bobStatic;
    PaperServiceClient bob;
    PaperServiceClient ops;

    @BeforeAll
    void start() throws IOException {
        idp = TestIdentityProvider.start();
        broker = EmbeddedKraftBroker.start(work.resolve("kafka"));
        TopicCreation.create(broker.bootstrapServers());
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        service = PaperServiceApplication.builder().run("--po.kafka.bootstrap-servers=" + broker.bootstrapServers(),
                "--po.blob.root=" + work.resolve("blobs"), "--po.kafka.streams-state-dir=" + work.resolve("streams"),
                "--po.kafka.instance-id=tenants", "--po.service.work-dir=" + work.resolve("uploads"),
                "--server.port=" + port, "--server.address=127.0.0.1", "--po.service.read-your-write=2s",
                "--po.service.tokens=lab-a:submit+approve:" + TOKEN_A + ",lab-b:submit+approve:" + TOKEN_B
                        + ",ops:operate:" + TOKEN_OPS,
                "--po.service.oidc.issuer-uri=" + idp.issuer(),
                "--po.service.oidc.audience=" + TestIdentityProvider.AUDIENCE,
                // the owner's events stream of a waiting paper is still open when the test ends
                "--server.shutdown=immediate", "--spring.main.banner-mode=off");
        base = "http://127.0.0.1:" + port;
        blobs = new LocalBlobStore(work.resolve("blobs"));
        gate = new PaperSubmitter(Map.of("bootstrap.servers", broker.bootstrapServers()), blobs, "approval-gate");
        alice = new PaperServiceClient(base, TOKEN_A);
        carol = new PaperServiceClient(base, idp.token("carol@lab-a.example", "lab-a", "submit", "approve"));
        bobStatic = new PaperServiceClient(base, TOKEN_B);
        bob = new PaperServiceClient(base, idp.token("bob@lab-b.example", "lab-b", "submit", "approve"));
        ops = new PaperServiceClient(base, TOKEN_OPS);
    }

    @AfterAll
    void stop() {
        if (gate != null) {
            gate.close();
        }
        if (service != null) {
            service.close();
        }
        if (broker != null) {
            broker.close();
        }
        if (idp != null) {
            idp.close();
        }
    }

    @Test
    void neither_tenant_sees_or_acts_on_the_others_papers_whatever_credential_either_uses() throws Exception {
        String aStatic = submit(alice, "a-static");
        String aJwt = submit(carol, "a-jwt");
        String bStatic = submit(bobStatic, "b-static");
        String bJwt = submit(bob, "b-jwt");
        String bRevision = revision(bob, "b-revision");
        waitAtTheOutlineGate(aStatic);
        waitAtTheOutlineGate(bJwt);

        for (PaperServiceClient stranger : List.of(bobStatic, bob)) {
            for (String paper : List.of(aStatic, aJwt)) {
                assertInvisible(stranger, paper);
            }
            assertThat(listed(stranger)).containsExactlyInAnyOrder(bStatic, bJwt, bRevision);
        }
        for (PaperServiceClient stranger : List.of(alice, carol)) {
            for (String paper : List.of(bStatic, bJwt, bRevision)) {
                assertInvisible(stranger, paper);
            }
            assertThat(listed(stranger)).containsExactlyInAnyOrder(aStatic, aJwt);
        }
        // one tenant's principals share its papers, whichever credential submitted them
        assertThat(carol.paper(aStatic).path("tenant").asString()).isEqualTo("lab-a");
        assertThat(bobStatic.paper(bRevision).path("tenant").asString()).isEqualTo("lab-b");
        assertThat(carol.pendingApproval(aStatic, "outline")).contains("plotting_plan");
        assertThat(http("GET", "/papers/" + aStatic + "/files", TOKEN_A).statusCode()).isEqualTo(200);
        assertThat(alice.events(aStatic, (event, data) -> false)).as("the events stream opens for the owner").isTrue();
        assertThat(alice.papers(50).path("papers")).allSatisfy(paper ->
                assertThat(paper.path("tenant").asString()).isEqualTo("lab-a"));

        // the operator sees every tenant's papers and the operations view, and decides nothing
        assertThat(listed(ops)).containsExactlyInAnyOrder(aStatic, aJwt, bStatic, bJwt, bRevision);
        assertThat(http("GET", "/operations", TOKEN_OPS).statusCode()).isEqualTo(200);
        assertThat(http("GET", "/operations", TOKEN_A).statusCode()).isEqualTo(403);
        assertThatThrownBy(() -> ops.decide(aStatic, "outline", decision("approve", "otto")))
                .isInstanceOfSatisfying(ServiceCallException.class, e -> {
                    assertThat(e.status()).isEqualTo(403);
                    assertThat(e.getMessage()).contains("needs the approve role");
                });
        assertThatThrownBy(() -> ops.cancel(bStatic))
                .isInstanceOfSatisfying(ServiceCallException.class, e -> assertThat(e.status()).isEqualTo(403));

        // each decides at its own gate, recorded under the principal's name
        alice.decide(aStatic, "outline", decision("approve", "alice"));
        bob.decide(bJwt, "outline", decision("approve", "someone else"));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(deciders())
                .containsEntry(aStatic, "alice (lab-a token " + Fingerprints.of(TOKEN_A) + ")")
                .containsEntry(bJwt, "bob@lab-b.example"));

        // a tenant cancels its own paper, never the other's
        assertThatThrownBy(() -> alice.cancel(bStatic))
                .isInstanceOfSatisfying(ServiceCallException.class, e -> assertThat(e.status()).isEqualTo(404));
        assertThat(bob.cancel(bStatic).path("state").asString()).isEqualTo("CANCELLED");
    }

    /** 404 with the answer an unused id gets, on every endpoint of the paper; never 403, which would confirm it. */
    private void assertInvisible(PaperServiceClient stranger, String paperId) throws Exception {
        List<Runnable> calls = List.of(() -> stranger.paper(paperId), () -> stranger.cancel(paperId),
                () -> stranger.pendingApproval(paperId, "outline"),
                () -> stranger.decide(paperId, "outline", decision("approve", "x")),
                () -> stranger.events(paperId, (event, data) -> false),
                () -> stranger.bundle(paperId, work.resolve("never.zip")));
        for (Runnable call : calls) {
            assertThatThrownBy(call::run).isInstanceOfSatisfying(ServiceCallException.class, e -> {
                assertThat(e.status()).isEqualTo(404);
                assertThat(e.getMessage()).isEqualTo("no paper " + paperId + " (HTTP 404)");
            });
        }
        String token = stranger == bobStatic ? TOKEN_B : stranger == alice ? TOKEN_A : null;
        if (token != null) {
            assertThat(http("GET", "/papers/" + paperId + "/files", token).statusCode()).isEqualTo(404);
            assertThat(http("GET", "/papers/" + paperId + "/files/paper.pdf", token).body())
                    .contains("no paper " + paperId);
        }
    }

    private String submit(PaperServiceClient client, String paperId) throws IOException {
        Path zip = work.resolve(paperId + ".zip");
        MaterialsZip.write(EXAMPLES.resolve("cvpr-sparse-depth"), zip);
        return client.submit(zip, zip.getFileName().toString(), Map.of("paperId", paperId, "offline", "true",
                "approvals", "outline")).path("paperId").asString();
    }

    private String revision(PaperServiceClient client, String paperId) throws IOException {
        Path source = Files.createDirectories(work.resolve("revision-source"));
        Files.writeString(source.resolve("main.tex"), "\\documentclass{article}\n\\begin{document}\n"
                + "\\section{Method}\nWe sort the frames by depth.\n\\end{document}\n");
        Path zip = work.resolve("revision-source.zip");
        MaterialsZip.write(source, zip);
        Path review = Files.writeString(work.resolve("review.md"), "Weaknesses:\n- The evaluation has no baseline.\n");
        return client.submitRevision(zip, List.of(review), null, null, Map.of("paperId", paperId, "offline", "true"))
                .path("paperId").asString();
    }

    /** What the outline agent and the approval gate would write for a paper that stops at its outline gate. */
    private void waitAtTheOutlineGate(String paperId) {
        Instant now = Instant.now();
        gate.send(Topics.APPROVAL_REQUESTS, paperId, ApprovalRequestedEvent.newBuilder().setPaperId(paperId)
                .setStage("outline").setArtifact(blobs.putText("{\"plotting_plan\": []}", "application/json"))
                .setRequestedAt(now).setDeadline(now.plus(Duration.ofHours(1))).build());
        gate.send(Topics.PAPER_STATUS, paperId, PaperStatusPublisher.event(paperId, "outline", ApprovalGate.AGENT,
                StageState.AWAITING_APPROVAL, "waiting at the outline gate", now));
        await().atMost(Duration.ofSeconds(30)).until(() -> ops.paper(paperId).path("state").asString()
                .equals("AWAITING_APPROVAL"));
    }

    private Map<String, String> deciders() {
        Map<String, String> deciders = new java.util.HashMap<>();
        TopicRecords.read(broker.bootstrapServers(), Topics.APPROVAL_DECISIONS.name(), record -> deciders.put(
                record.key(), ((ApprovalDecidedEvent) record.value()).getDecidedBy()));
        return deciders;
    }

    private static List<String> listed(PaperServiceClient client) {
        List<String> ids = new ArrayList<>();
        client.papers(200).path("papers").forEach(paper -> ids.add(paper.path("paperId").asString()));
        return ids;
    }

    private static JsonNode decision(String decision, String by) {
        return Json.mapper().createObjectNode().put("decision", decision).put("by", by);
    }

    private HttpResponse<String> http(String method, String path, String token) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Authorization", "Bearer " + token).method(method, HttpRequest.BodyPublishers.noBody())
                .build(), HttpResponse.BodyHandlers.ofString());
    }
}
