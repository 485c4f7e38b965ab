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
import dev.paperorchestra.base.json.Json;
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
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

/**
 * Two tenants on one paper service, on the embedded broker, over real HTTP: each has a static token and a JWT
 * principal of a real (test) identity provider. A paper of one tenant does not exist for the other on any endpoint,
 * whichever kind of credential either side uses; the same tenant's other principal sees it; an operator sees
 * everything and decides nothing; the decider recorded at a gate is the principal's name. No agent runs: the gate a
 * paper waits at is written to the topics as the approval gate writes it. The console, in headless Chromium, shows
 * each tenant its own papers only.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TenantIsolationIT {

    private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();
    private static final String TOKEN_A = "lab-a-" + Long.toHexString(System.nanoTime());
    private static final String TOKEN_B = "lab-b-" + Long.toHexString(System.nanoTime());
    private static final String TOKEN_OPS = "ops-" + Long.toHexString(System.nanoTime());
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

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
            assertThat(listed(stranger)).contains(bStatic, bJwt, bRevision).doesNotContain(aStatic, aJwt);
            assertThat(tenantsListed(stranger)).containsOnly("lab-b");
        }
        for (PaperServiceClient stranger : List.of(alice, carol)) {
            for (String paper : List.of(bStatic, bJwt, bRevision)) {
                assertInvisible(stranger, paper);
            }
            assertThat(listed(stranger)).contains(aStatic, aJwt).doesNotContain(bStatic, bJwt, bRevision);
            assertThat(tenantsListed(stranger)).containsOnly("lab-a");
        }
        // one tenant's principals share its papers, whichever credential submitted them
        assertThat(carol.paper(aStatic).path("tenant").asString()).isEqualTo("lab-a");
        assertThat(bobStatic.paper(bRevision).path("tenant").asString()).isEqualTo("lab-b");
        assertThat(carol.pendingApproval(aStatic, "outline")).contains("plotting_plan");
        assertThat(http("GET", "/papers/" + aStatic + "/files", TOKEN_A).statusCode()).isEqualTo(200);
        assertThat(alice.events(aStatic, (event, data) -> false)).as("the events stream opens for the owner").isTrue();

        // the operator sees every tenant's papers and the operations view, and decides nothing
        assertThat(listed(ops)).contains(aStatic, aJwt, bStatic, bJwt, bRevision);
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

    /**
     * The console in headless Chromium: signed in with one tenant's token, the papers list holds its papers only, the
     * other tenant's paper page says there is no such paper and shows nothing of it, and the operations page is not
     * offered; the other tenant sees the mirror image, and the operator sees both and the operations page.
     */
    @Test
    void the_console_shows_each_tenant_its_own_papers_only() throws Exception {
        boolean present = Files.isExecutable(CHROMEDRIVER) && Files.isExecutable(CHROMIUM);
        if (System.getenv("CI") == null) {
            Assumptions.assumeTrue(present, "chromium and chromium-driver are not installed");
        }
        assertThat(present).as("CI installs chromium and chromium-driver (.ci/run)").isTrue();
        String mine = submit(alice, "console-a");
        String theirs = submit(bobStatic, "console-b");
        ChromeDriver browser = new ChromeDriver(new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build(),
                new ChromeOptions().setBinary(CHROMIUM.toFile()).addArguments("--headless=new", "--no-sandbox",
                        "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--window-size=1280,900",
                        "--user-data-dir=" + work.resolve("profile")));
        try {
            signIn(browser, TOKEN_A);
            awaitListed(browser, mine);
            assertThat(text(browser, "papers-body")).doesNotContain(theirs);
            assertThat(text(browser, "whoami")).isEqualTo("lab-a token " + Fingerprints.of(TOKEN_A)
                    + " (tenant lab-a)");
            assertThat(browser.findElement(By.cssSelector("a[data-nav=operations]")).isDisplayed()).isFalse();

            browser.get(base + "/console/#/paper/" + theirs);
            await().atMost(Duration.ofSeconds(30)).until(() -> text(browser, "flash").equals("No paper " + theirs
                    + " here."));
            // the title is the id from the address; nothing of the paper itself is shown
            assertThat(text(browser, "paper-state")).isEmpty();
            assertThat(text(browser, "paper-facts")).isEmpty();
            assertThat(browser.findElements(By.cssSelector("#timeline li"))).isEmpty();
            browser.get(base + "/console/#/paper/" + mine);
            await().atMost(Duration.ofSeconds(30)).until(() -> text(browser, "paper-title").equals(mine));

            browser.findElement(By.id("logout")).click();
            signIn(browser, TOKEN_B);
            awaitListed(browser, theirs);
            assertThat(text(browser, "papers-body")).doesNotContain(mine);

            browser.findElement(By.id("logout")).click();
            signIn(browser, TOKEN_OPS);
            awaitListed(browser, theirs);
            assertThat(text(browser, "papers-body")).contains(mine);
            await().atMost(Duration.ofSeconds(10)).until(() -> browser.findElement(
                    By.cssSelector("a[data-nav=operations]")).isDisplayed());
        } finally {
            browser.quit();
        }
    }

    private void signIn(ChromeDriver browser, String token) {
        browser.get(base + "/console/");
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                .until(() -> browser.findElement(By.id("view-login")).isDisplayed());
        browser.findElement(By.id("token")).sendKeys(token, Keys.ENTER);
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                .until(() -> browser.findElement(By.id("view-papers")).isDisplayed());
    }

    private static void awaitListed(ChromeDriver browser, String paperId) {
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                .until(() -> text(browser, "papers-body").contains(paperId));
    }

    private static String text(ChromeDriver browser, String id) {
        return (String) ((JavascriptExecutor) browser).executeScript(
                "return document.getElementById(arguments[0]).textContent.trim();", id);
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

    private static List<String> tenantsListed(PaperServiceClient client) {
        List<String> tenants = new ArrayList<>();
        client.papers(200).path("papers").forEach(paper -> tenants.add(paper.path("tenant").asString()));
        return tenants;
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
