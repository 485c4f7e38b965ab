package dev.paperorchestra.service.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.paperorchestra.content.materials.MaterialsZip;
import dev.paperorchestra.embedded.pipeline.EmbeddedPipeline;
import dev.paperorchestra.embedded.pipeline.PipelineSettings;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.runtime.kafka.EventPublisher;
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
import dev.paperorchestra.schemas.topics.Topics;
import dev.paperorchestra.service.PaperServiceApplication;
import dev.paperorchestra.service.client.PaperServiceClient;
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
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;

/**
 * The web console in a real browser (Debian's chromium through chromedriver, headless) against the whole
 * pipeline, offline, on the embedded broker, with the service asking for a bearer token: a researcher signs in,
 * submits an example's materials through the page with the outline and final gates, watches the timeline grow
 * without reloading, sees the paper wait in the operator view, approves the outline with an edit (a renamed
 * figure) using only the keyboard, sees the final gate offer the finished PDF, approves it through the CLI's
 * client ({@code po approve}'s {@link PaperServiceClient}), and sees the paper complete with both decisions, the
 * renamed figure, its PDF and a figure shown; then a paper written but not complete is shown as Incomplete, with its
 * shortfalls in their own panel and in the operator view. Along
 * the way: the pages load without a token but no data does, the token never enters a URL, every control has a
 * label, text contrast is at least 4.5:1, axe-core finds no serious or critical violation on any view, a route
 * change focuses the new view's heading, a focused link survives the list's polls, state changes are announced once
 * in the polite live region, and a one-word edit shows in the version diff as that word. Screenshots at 1280 and 390
 * pixels wide go to target/console-screenshots.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConsoleBrowserIT {

    private static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();
    private static final Path SHOTS = Path.of("target", "console-screenshots").toAbsolutePath();
    private static final String TOKEN = "console-it-" + Long.toHexString(System.nanoTime());
    private static final String PAPER = "console-gate";
    private static final String INCOMPLETE = "console-incomplete";
    private static final String EDITED_ID = "fig_renamed_in_the_console";
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    @TempDir
    static Path work;

    EmbeddedPipeline pipeline;
    ChromeDriver browser;
    String base;

    @BeforeAll
    void start() throws IOException {
        boolean present = Files.isExecutable(CHROMEDRIVER) && Files.isExecutable(CHROMIUM);
        if (System.getenv("CI") == null) {
            Assumptions.assumeTrue(present, "chromium and chromium-driver are not installed");
        }
        assertThat(present).as("CI installs chromium and chromium-driver (.ci/run)").isTrue();
        pipeline = EmbeddedPipeline.start(new PipelineSettings(work.resolve("state"), List.of(), List.of()),
                line -> { });
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        pipeline.startPaperService(PaperServiceApplication.builder(), port, List.of("--po.service.tokens=" + TOKEN),
                line -> { });
        base = "http://127.0.0.1:" + port;
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile())
                .addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                        "--no-first-run", "--hide-scrollbars", "--window-size=1280,900",
                        "--user-data-dir=" + work.resolve("profile"));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
        browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(30));
        Files.createDirectories(SHOTS);
    }

    @AfterAll
    void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (pipeline != null) {
            pipeline.close();
        }
    }

    @Test
    void a_researcher_approves_an_edited_outline_in_the_browser_and_the_final_paper_through_the_cli_client()
            throws Exception {
        pagesLoadWithoutATokenButDataDoesNot();

        // sign in
        browser.get(base + "/console/");
        waitVisible("view-login");
        screenshot("1-sign-in");
        assertNoSeriousAccessibilityViolations("sign in");
        browser.findElement(By.id("token")).sendKeys(TOKEN, Keys.ENTER);
        waitVisible("view-papers");
        assertThat(browser.getCurrentUrl()).doesNotContain(TOKEN);
        assertThat(sessionToken()).isEqualTo(TOKEN);
        assertFocusOnHeading("papers-title");
        assertNoSeriousAccessibilityViolations("papers, empty");
        recordAnnouncements();

        // submit an example's materials through the page, keyboard only from the options to the button
        browser.findElement(By.cssSelector("a[data-nav=submit]")).click();
        waitVisible("view-submit");
        assertFocusOnHeading("submit-title");
        Path zip = work.resolve("cvpr-sparse-depth.zip");
        MaterialsZip.write(EXAMPLES.resolve("cvpr-sparse-depth"), zip);
        browser.findElement(By.id("materials-file")).sendKeys(zip.toString());
        browser.findElement(By.id("opt-paper-id")).sendKeys(PAPER);
        browser.findElement(By.id("opt-iterations")).sendKeys("1");
        browser.findElement(By.id("opt-offline")).click();
        browser.findElement(By.id("gate-outline")).click();
        browser.findElement(By.id("gate-final")).click();
        assertEveryControlHasALabel();
        screenshots("2-submit");
        assertNoSeriousAccessibilityViolations("submit");
        tabUntil("submit-button", "opt-paper-id");
        new Actions(browser).sendKeys(Keys.ENTER).perform();

        // the paper page follows the paper live: the timeline grows while the page stays the same document
        await().atMost(Duration.ofSeconds(30)).until(() -> browser.getCurrentUrl().endsWith("#/paper/" + PAPER));
        assertFocusOnHeading("paper-title");
        await().atMost(Duration.ofMinutes(3)).until(() -> browser.findElement(By.id("approval-panel")).isDisplayed());
        assertThat(browser.findElement(By.id("paper-state")).getText()).isEqualTo("Waiting for approval");
        assertThat(browser.findElement(By.id("approval-explain")).getText()).contains("approve")
                .contains("reject");
        await().atMost(Duration.ofSeconds(30))
                .until(() -> browser.findElement(By.id("approval-artifact")).getAttribute("value").contains("plotting_plan"));
        screenshots("3-waiting-at-the-outline-gate");
        assertTextContrast();
        assertNoSeriousAccessibilityViolations("paper at the outline gate");
        assertThat(announcements()).as("the state changes a screen reader heard, once each")
                .contains(PAPER + " is now Waiting for approval.").doesNotHaveDuplicates();

        // the operator view lists the waiting paper
        operationsListing("ops-waiting", PAPER);
        assertThat(browser.findElement(By.id("ops-states")).getText()).contains("Waiting for approval");
        assertThat(browser.findElement(By.id("ops-lag")).getText()).contains("paper-requests");
        screenshots("4-operations");
        assertTextContrast();
        assertNoSeriousAccessibilityViolations("operations");
        browser.navigate().back();
        await().atMost(Duration.ofSeconds(30))
                .until(() -> browser.findElement(By.id("approval-artifact")).getAttribute("value").contains("plotting_plan"));

        // approve with an edit: the first planned figure renamed in the JSON, keyboard only to the button
        WebElement artifact = browser.findElement(By.id("approval-artifact"));
        String original = (String) js("return JSON.parse(document.getElementById('approval-artifact').value)"
                + ".plotting_plan[0].figure_id;");
        js("const area = document.getElementById('approval-artifact');"
                + "const outline = JSON.parse(area.value); outline.plotting_plan[0].figure_id = arguments[0];"
                + "area.value = JSON.stringify(outline, null, 2);", EDITED_ID);
        artifact.sendKeys(Keys.END, " ");
        browser.findElement(By.id("approval-by")).sendKeys("dana");
        browser.findElement(By.id("approval-note")).sendKeys("renamed the first figure");
        tabUntil("approve-button", "approval-note");
        // after the first load only the event stream adds timeline entries: growth in the same document is live
        js("window.poSameDocument = 'yes';");
        long atGate = timelineLength();
        new Actions(browser).sendKeys(Keys.ENTER).perform();
        await().atMost(Duration.ofMinutes(2)).until(() -> timelineLength() >= atGate + 3);
        assertThat(js("return window.poSameDocument;")).isEqualTo("yes");

        // the final gate: the panel offers the finished paper as a PDF to open, not as text to edit
        await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofSeconds(1)).ignoreExceptions()
                .until(() -> browser.findElement(By.id("approval-title")).getText().contains("the finished paper")
                        && browser.findElement(By.id("approval-pdf-open")).isDisplayed());
        assertThat(browser.findElement(By.id("paper-state")).getText()).isEqualTo("Waiting for approval");
        WebElement open = browser.findElement(By.id("approval-pdf-open"));
        assertThat(open.getAttribute("href")).startsWith("blob:");
        assertThat(open.getAttribute("data-type")).isEqualTo("application/pdf");
        assertThat(browser.findElement(By.id("approval-edit")).isDisplayed()).isFalse();
        assertThat(browser.findElement(By.id("approve-button")).getText()).isEqualTo("Approve and complete the paper");
        assertThat(browser.findElement(By.id("approval-note")).getAttribute("value")).as("the outline's note").isEmpty();
        screenshots("5-waiting-at-the-final-gate");
        assertEveryControlHasALabel();
        assertTextContrast();
        assertNoSeriousAccessibilityViolations("paper at the final gate");

        // approved the way `po approve ID --stage final --by erin --note ...` does it, through the Java client
        new PaperServiceClient(base, TOKEN).decide(PAPER, "final", Json.mapper().createObjectNode()
                .put("decision", "approve").put("by", "erin").put("note", "read it, ship it"));

        // the paper completes with the edit applied
        await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofSeconds(1))
                .until(() -> browser.findElement(By.id("paper-state")).getText().equals("Completed"));
        await().atMost(Duration.ofSeconds(30)).until(() -> !browser.findElements(
                By.cssSelector("figure[data-figure='" + EDITED_ID + "'] img[src^='blob:']")).isEmpty());
        assertThat(browser.findElements(By.cssSelector("figure[data-figure='" + original + "']"))).isEmpty();
        await().atMost(Duration.ofSeconds(30)).until(() -> (Boolean) js("const img = document.querySelector("
                + "\"figure[data-figure='" + EDITED_ID + "'] img\"); return img.complete && img.naturalWidth > 0;"));
        await().atMost(Duration.ofSeconds(30)).until(() -> browser.findElement(By.cssSelector(
                "figure[data-figure='" + EDITED_ID + "'] figcaption")).getText().contains("critique rounds"));
        // the state comes with the paper's status, the timeline with its event stream: either may show first
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(browser.findElement(By.id("timeline"))
                .getText()).contains("outline approved by dana").contains("final approved by erin"));
        assertThat(browser.findElement(By.id("approval-panel")).isDisplayed()).isFalse();
        assertThat(browser.findElement(By.id("decisions")).getText()).contains("outline").contains("dana")
                .contains("renamed the first figure").contains("final").contains("erin").contains("read it, ship it");
        await().atMost(Duration.ofSeconds(30)).until(() -> !browser.findElement(By.id("reviews")).getText().isBlank());
        assertThat(browser.findElement(By.id("reviews")).getText()).contains("Overall");
        // an offline revision leaves the text as it was: no versions/ outputs, and the page says why there is no diff
        await().atMost(Duration.ofSeconds(30)).until(() -> browser.findElement(By.id("versions")).getText()
                .contains("no text diff"));
        // the diff the page shows for a revised paper, run in this browser: removed lines before added ones,
        // long unchanged runs folded, no size limit a paper reaches
        assertThat(js("return PoDiff.lines('a\\nb\\nc', 'a\\nx\\nc').map(o => o.op + o.line).join(',');"))
                .isEqualTo("=a,-b,+x,=c");
        assertThat(js("const l = Array.from({length: 30}, (_, i) => 'l' + i); const r = l.slice(); r[15] = 'X';"
                + " return PoDiff.folded(PoDiff.lines(l.join('\\n'), r.join('\\n')), 2)"
                + ".map(o => o.op === '…' ? '…' + o.count : o.op + o.line).join(',');"))
                .isEqualTo("…13,=l13,=l14,-l15,+X,=l16,=l17,…12");
        assertThat(js("const l = Array.from({length: 5000}, (_, i) => 'Line ' + i + ' of a long paper.');"
                + " const r = l.slice(); r[0] = 'The first line, rewritten.'; r[4999] = 'The last line, rewritten.';"
                + " return PoDiff.render('Long', l.join('\\n'), r.join('\\n'), 'long')"
                + ".querySelector('summary').textContent;"))
                .as("changes 5000 lines apart").isEqualTo("Long: 2 lines added, 2 lines removed");
        // and as the page draws it, on this paper's own text with one word of a paragraph changed: the line is
        // shown removed and added, and inside it only that word
        String before = paperFile("paper.tex");
        String line = before.lines().filter(l -> l.length() > 60 && l.equals(l.strip()) && !l.startsWith("\\")
                && !l.startsWith("%")).findFirst().orElseThrow();
        Matcher word = Pattern.compile("(?<![\\\\A-Za-z])[a-z]{5,}\\b").matcher(line);
        assertThat(word.find()).as("a word in " + line).isTrue();
        String edited = line.substring(0, word.start()) + "substituted" + line.substring(word.end());
        String after = before.replaceFirst(Pattern.quote(line), Matcher.quoteReplacement(edited));
        js("const d = PoDiff.render('Text diff: version 0 → version 1', arguments[0], arguments[1], '0-1');"
                + " d.open = true; document.getElementById('versions').appendChild(d);", before, after);
        WebElement diff = browser.findElement(By.cssSelector("#versions details[data-diff='0-1']"));
        assertThat(diff.findElement(By.tagName("summary")).getText())
                .isEqualTo("Text diff: version 0 → version 1: 1 line added, 1 line removed");
        assertThat(diff.findElement(By.cssSelector(".diff-del")).getText()).isEqualTo("- " + line);
        assertThat(diff.findElement(By.cssSelector(".diff-add")).getText()).isEqualTo("+ " + edited);
        assertThat(diff.findElements(By.cssSelector(".diff-del del"))).extracting(WebElement::getText)
                .containsExactly(word.group());
        assertThat(diff.findElements(By.cssSelector(".diff-add ins"))).extracting(WebElement::getText)
                .containsExactly("substituted");
        assertThat(diff.findElements(By.cssSelector(".diff-same"))).as("context kept around the change").isNotEmpty();
        assertThat(diff.findElements(By.cssSelector(".diff-fold"))).as("the rest folded").isNotEmpty();
        assertThat(js("return document.querySelectorAll('#versions .diff-lines > span').length;"))
                .as("a whole paper folded to a few lines").satisfies(n -> assertThat((Long) n).isLessThan(12));
        js("arguments[0].scrollIntoView();", diff);
        shot("6-version-diff-1280");
        await().atMost(Duration.ofSeconds(30)).until(() -> browser.findElements(By.cssSelector("#citations tr")).size() > 3);
        assertThat(browser.findElement(By.id("stages")).getText()).contains("outline");

        // the PDF, fetched with the token and shown from a blob: URL
        browser.findElement(By.id("pdf-button")).click();
        await().atMost(Duration.ofSeconds(30)).until(() -> String.valueOf(browser.findElement(By.id("pdf-frame"))
                .getAttribute("src")).startsWith("blob:"));
        WebElement frame = browser.findElement(By.id("pdf-frame"));
        assertThat(frame.getAttribute("data-type")).isEqualTo("application/pdf");
        assertThat(Long.parseLong(frame.getAttribute("data-bytes"))).isGreaterThan(1000);
        assertThat(frame.isDisplayed()).isTrue();
        assertThat(browser.getCurrentUrl()).doesNotContain(TOKEN);
        screenshots("6-completed");
        assertEveryControlHasALabel();
        assertTextContrast();
        assertNoSeriousAccessibilityViolations("completed paper, its diff open");
        assertThat(announcements()).containsOnlyOnce(PAPER + " is now Completed.");

        browser.findElement(By.cssSelector("a[data-nav=papers]")).click();
        waitVisible("view-papers");
        await().atMost(Duration.ofSeconds(30)).until(() -> browser.findElement(By.id("papers-body")).getText()
                .contains(PAPER));
        assertThat(browser.findElement(By.id("papers-body")).getText()).contains("Completed").contains("$0.00");
        screenshots("7-papers");
        assertTextContrast();
        assertNoSeriousAccessibilityViolations("papers");

        anIncompletePaperIsShownWithItsShortfalls();
    }

    /**
     * A paper written but short of complete, reported as the refine agent reports one (paper-completed with its
     * shortfalls): the list's state filter finds it as Incomplete, its page shows the Incomplete badge and the
     * shortfalls as a list in their own panel, and the operator view lists it with its first shortfall.
     */
    private void anIncompletePaperIsShownWithItsShortfalls() throws Exception {
        // the keyboard is on a paper's link while the list polls and a new paper arrives above it
        focusAndCountPolls(browser.findElement(By.linkText(PAPER)), "/papers?");
        List<String> shortfalls = List.of("paper.pdf: compile failed - Undefined control sequence \\foo",
                "gate CITATIONS failed: \\cite key `x' is not an entry of references.bib");
        try (EventPublisher publisher = EventPublisher.ownProducer(pipeline.kafka().common())) {
            publisher.publish(Topics.PAPER_COMPLETED, INCOMPLETE, incompleteCompletion(shortfalls))
                    .get(30, TimeUnit.SECONDS);
            publisher.publish(Topics.PAPER_STATUS, INCOMPLETE, PaperStatusChangedEvent.newBuilder()
                    .setPaperId(INCOMPLETE).setStage("refinement").setAgent("refine-agent")
                    .setState(StageState.COMPLETED).setMessage("kept version 0").setOccurredAt(Instant.now()).build())
                    .get(30, TimeUnit.SECONDS);
        }
        String arrived = "New paper " + INCOMPLETE + ": ";
        await().atMost(Duration.ofSeconds(30)).until(() -> announcements().stream().anyMatch(a -> a.contains(arrived)));
        assertFocusKeptOverPolls();
        assertThat(browser.findElements(By.cssSelector("#papers-body tr"))).hasSizeGreaterThanOrEqualTo(2);
        assertThat(announcements()).as("told once, not on every poll").filteredOn(a -> a.contains(arrived)).hasSize(1);

        js("const filter = document.getElementById('filter-state'); filter.value = 'INCOMPLETE';"
                + " filter.dispatchEvent(new Event('change'));");
        await().atMost(Duration.ofSeconds(30)).until(() -> browser.findElement(By.id("papers-body")).getText()
                .contains(INCOMPLETE));
        assertThat(browser.findElement(By.id("papers-body")).getText()).contains("Incomplete").doesNotContain(PAPER);

        browser.findElement(By.linkText(INCOMPLETE)).click();
        waitVisible("shortfalls-panel");
        assertThat(browser.findElement(By.id("paper-state")).getText()).isEqualTo("Incomplete");
        assertThat(browser.findElements(By.cssSelector("#shortfalls li"))).extracting(WebElement::getText)
                .containsExactlyElementsOf(shortfalls);
        assertThat(browser.findElement(By.id("paper-failure")).isDisplayed()).isFalse();
        assertThat(browser.findElement(By.id("shortfalls-panel")).getLocation().getY())
                .as("the shortfalls above the timeline, not in it")
                .isLessThan(browser.findElement(By.id("timeline")).getLocation().getY());
        screenshots("8-incomplete");
        assertTextContrast();
        assertNoSeriousAccessibilityViolations("incomplete paper");

        assertThat(operationsListing("ops-incomplete", INCOMPLETE)).contains(shortfalls.getFirst())
                .doesNotContain(PAPER);
        assertThat(browser.findElement(By.id("ops-states")).getText()).contains("Incomplete");
        focusAndCountPolls(browser.findElement(By.cssSelector("#ops-incomplete a")), "/operations");
        assertFocusKeptOverPolls();
    }

    /** Focuses the link and counts, in the page, the fetches of the poll whose path starts with {@code path}. */
    private void focusAndCountPolls(WebElement link, String path) {
        js("const link = arguments[0], path = arguments[1]; window.poFocused = link; link.focus(); window.poPolls = 0;"
                + " window.poFetch = window.poFetch || window.fetch; window.fetch = (...args) => {"
                + " if (String(args[0]).startsWith(path)) window.poPolls++; return window.poFetch(...args); };",
                link, path);
    }

    /** Two more polls start, so at least one whole poll ran; the focused link is the same element, still focused. */
    private void assertFocusKeptOverPolls() {
        long polls = (Long) js("return window.poPolls;");
        await().atMost(Duration.ofSeconds(40)).until(() -> (Long) js("return window.poPolls;") >= polls + 2);
        assertThat(js("return document.activeElement === window.poFocused && window.poFocused.isConnected;"))
                .as("focus kept on the same link over the polls").isEqualTo(true);
    }

    /** Opens the operator view and waits until its table {@code tableId} lists the paper; the table's text. */
    private String operationsListing(String tableId, String paperId) {
        browser.findElement(By.cssSelector("a[data-nav=operations]")).click();
        waitVisible("view-operations");
        assertFocusOnHeading("ops-title");
        await().atMost(Duration.ofSeconds(30)).until(() -> browser.findElement(By.id(tableId)).getText()
                .contains(paperId));
        return browser.findElement(By.id(tableId)).getText();
    }

    private PaperCompletedEvent incompleteCompletion(List<String> shortfalls) {
        ArtifactRef tex = pipeline.blobs().putText("\\documentclass{article}\\begin{document}\\foo\\end{document}\n",
                MediaTypes.TEX);
        PaperContext context = PaperContext.newBuilder().setPaperId(INCOMPLETE).setSubmittedAt(Instant.now())
                .setMaterials(Materials.newBuilder().setSourceDirectory("materials").setIdea(tex)
                        .setExperimentalLog(tex).setTemplate(tex).setGuidelines(tex).build())
                .setOptions(JobOptions.newBuilder().build()).build();
        return PaperCompletedEvent.newBuilder().setContext(context)
                .setArtifacts(List.of(NamedArtifact.newBuilder().setName("paper.tex").setArtifact(tex).build()))
                .setFinalVersion(0).setIterations(0)
                .setCompile(CompileReport.newBuilder().setStatus(CompileStatus.FAILED)
                        .setMessage("Undefined control sequence").build())
                .setShortfalls(shortfalls).build();
    }

    /** The static pages need no token (they hold no data); the API and the operator numbers do. */
    private void pagesLoadWithoutATokenButDataDoesNot() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(base + "/console/")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("<h1 id=\"login-title\" tabindex=\"-1\">").doesNotContain("<script>")
                .doesNotContain("onclick=");
        assertThat(page.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(policy ->
                assertThat(policy).contains("script-src 'self'").doesNotContain("unsafe-inline"));
        for (String data : List.of("/papers", "/operations")) {
            HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(base + data)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(answer.statusCode()).as(data).isEqualTo(401);
        }
        // a path that looks like a page to a naive prefix check and that the container maps to the API
        for (String disguised : List.of("/console/%2e%2e/papers", "/console/..;/papers", "/console/%2E%2E/operations")) {
            HttpResponse<String> escape = http.send(HttpRequest.newBuilder(URI.create(base + disguised)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(escape.statusCode()).as(disguised).isIn(400, 401, 404);
            assertThat(escape.body()).as(disguised).doesNotContain("\"papers\"");
        }
    }

    /** After a route change the keyboard and a screen reader start at the new view's heading. */
    private void assertFocusOnHeading(String headingId) {
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(js("return document.activeElement.id;")).as("focus after the route change")
                        .isEqualTo(headingId));
    }

    /** Keeps, in the page, every text the polite live region was given, so a test can tell what was said how often. */
    private void recordAnnouncements() {
        js("window.poAnnounced = []; const region = document.getElementById('announce');"
                + " new MutationObserver(() => window.poAnnounced.push(region.textContent))"
                + ".observe(region, {childList: true, characterData: true, subtree: true});");
    }

    @SuppressWarnings("unchecked")
    private List<String> announcements() {
        return (List<String>) js("return window.poAnnounced;");
    }

    /**
     * axe-core (vendored under the test resources, injected here: the service never serves it) on the page as it
     * is now: no serious or critical violation.
     */
    private void assertNoSeriousAccessibilityViolations(String page) throws IOException {
        if (!Boolean.TRUE.equals(js("return typeof window.axe === 'object';"))) {
            try (var in = ConsoleBrowserIT.class.getResourceAsStream("/axe-core/axe.min.js")) {
                assertThat(in).as("axe-core in the test resources").isNotNull();
                js(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        @SuppressWarnings("unchecked")
        List<String> violations = (List<String>) ((JavascriptExecutor) browser).executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                axe.run(document, {resultTypes: ['violations']}).then(result => done(result.violations
                    .filter(v => v.impact === 'serious' || v.impact === 'critical')
                    .map(v => v.impact + ' ' + v.id + ': ' + v.help + ' at '
                        + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))),
                  error => done(['axe did not run: ' + error]));
                """);
        assertThat(violations).as("serious or critical accessibility violations on " + page).isEmpty();
    }

    private long timelineLength() {
        return browser.findElements(By.cssSelector("#timeline li")).size();
    }

    private String sessionToken() {
        return (String) js("return sessionStorage.getItem('po.console.token');");
    }

    private String paperFile(String name) throws Exception {
        HttpResponse<String> file = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(base + "/papers/" + PAPER + "/files/" + name)).header("Authorization", "Bearer " + TOKEN)
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(file.statusCode()).as(name).isEqualTo(200);
        return file.body();
    }

    private Object js(String script, Object... args) {
        return ((JavascriptExecutor) browser).executeScript(script, args);
    }

    private void waitVisible(String id) {
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                .until(() -> browser.findElement(By.id(id)).isDisplayed());
    }

    /** Focuses {@code from}, then presses Tab until {@code target} has the focus: reachable by keyboard alone. */
    private void tabUntil(String target, String from) {
        browser.findElement(By.id(from)).click();
        for (int presses = 0; presses < 40; presses++) {
            if (target.equals(js("return document.activeElement.id;"))) {
                return;
            }
            new Actions(browser).sendKeys(Keys.TAB).perform();
        }
        throw new AssertionError(target + " is not reached with Tab from " + from);
    }

    /** Every input, select and textarea has a label (a label element or aria-label); buttons have text. */
    private void assertEveryControlHasALabel() {
        @SuppressWarnings("unchecked")
        List<String> unlabelled = (List<String>) js("return Array.from(document.querySelectorAll("
                + "'input, select, textarea')).filter(c => c.type !== 'hidden' && c.labels.length === 0"
                + " && !c.getAttribute('aria-label')).map(c => c.id || c.name || c.outerHTML)"
                + ".concat(Array.from(document.querySelectorAll('button')).filter(b => !b.textContent.trim())"
                + ".map(b => b.outerHTML));");
        assertThat(unlabelled).as("controls without a label").isEmpty();
    }

    /**
     * WCAG contrast of every visible text against the first opaque background behind it, from the computed
     * styles: at least 4.5:1.
     */
    private void assertTextContrast() {
        @SuppressWarnings("unchecked")
        List<String> failures = (List<String>) js(CONTRAST_CHECK);
        assertThat(failures).as("text below 4.5:1 contrast").isEmpty();
    }

    private static final String CONTRAST_CHECK = """
            const rgba = s => { const m = s.match(/rgba?\\(([^)]+)\\)/); if (!m) return [0, 0, 0, 0];
              const p = m[1].split(',').map(x => parseFloat(x)); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
            const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
              return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
            const background = node => { for (let n = node; n; n = n.parentElement) {
                const c = rgba(getComputedStyle(n).backgroundColor); if (c[3] > 0.9) return c; }
              return [255, 255, 255, 1]; };
            const failures = [];
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            const seen = new Set();
            for (let t = walker.nextNode(); t; t = walker.nextNode()) {
              if (!t.textContent.trim()) continue;
              const e = t.parentElement;
              if (!e || seen.has(e) || e.closest('svg')) continue;
              seen.add(e);
              const r = e.getBoundingClientRect();
              if (r.width === 0 || r.height === 0 || getComputedStyle(e).visibility === 'hidden') continue;
              if (e.closest('.skip') || e.closest('.sr-only')) continue;
              const style = getComputedStyle(e);
              const fg = rgba(style.color);
              const op = parseFloat(style.opacity) * (e.closest('button:disabled') ? 0.6 : 1);
              const bg = background(e);
              const mixed = [0, 1, 2].map(i => fg[i] * fg[3] + bg[i] * (1 - fg[3]));
              const l1 = lum(mixed), l2 = lum(bg);
              const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
              if (ratio < 4.5 && op >= 1) failures.push(ratio.toFixed(2) + ': ' + e.tagName + ' "' + t.textContent.trim().slice(0, 40) + '"');
            }
            return failures;
            """;

    private void screenshots(String name) throws IOException {
        for (int width : new int[] {1280, 390}) {
            browser.manage().window().setSize(new Dimension(width, 900));
            long height = (Long) js("return Math.max(document.documentElement.scrollHeight, 900);");
            browser.manage().window().setSize(new Dimension(width, (int) Math.min(height, 6000)));
            shot(name + "-" + width);
        }
        browser.manage().window().setSize(new Dimension(1280, 900));
    }

    private void screenshot(String name) throws IOException {
        shot(name + "-1280");
    }

    private void shot(String name) throws IOException {
        Path png = SHOTS.resolve(name + ".png");
        Files.write(png, ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
        assertThat(Files.size(png)).isPositive();
    }
}
