package dev.paperorchestra.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Opens a page in the Debian chromium package, headless, and returns the DOM after its scripts ran, with
 * Chromium's own log (console messages and uncaught errors) kept apart for the assertions.
 */
public final class HeadlessChromium {

    /** The DOM after load and what Chromium logged while loading. */
    public record Page(String dom, String log) {
    }

    private HeadlessChromium() {
    }

    public static Optional<Path> binary() {
        return Stream.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
                .map(Path::of).filter(Files::isExecutable).findFirst();
    }

    public static Page open(Path binary, Path file) throws IOException, InterruptedException {
        return open(binary, file, "--dump-dom");
    }

    private static Page open(Path binary, Path file, String... mode) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("chromium-profile");
        Path log = Files.createTempFile("chromium", ".log");
        List<String> command = new java.util.ArrayList<>(List.of(binary.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--hide-scrollbars",
                "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0"));
        command.addAll(List.of(mode));
        command.add(file.toUri().toString());
        Process process = new ProcessBuilder(command).redirectError(log.toFile()).start();
        byte[] dom = process.getInputStream().readAllBytes();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("chromium finished").isTrue();
        return new Page(new String(dom, StandardCharsets.UTF_8), Files.readString(log));
    }

    /** The report loaded, its script ran without an error or a console error, and every chart is there or named as not shown. */
    public static void assertReportRendered(Page page) {
        assertThat(page.dom()).contains("data-report-ready=\"1\"").doesNotContain("class=\"report-error\"");
        assertThat(page.log()).doesNotContain("Uncaught").doesNotContainIgnoringCase("console(\"error");
        java.util.regex.Matcher hidden = java.util.regex.Pattern.compile("id=\"hidden-charts\" data-charts=\"([^\"]*)\"")
                .matcher(page.dom());
        List<String> notShown = hidden.find() ? List.of(hidden.group(1).split(" ")) : List.of();
        for (String chart : HtmlReport.CHARTS) {
            if (!notShown.contains(chart)) {
                assertThat(page.dom()).as("chart " + chart).containsPattern("<svg[^>]*id=\"" + chart + "\"");
            }
        }
    }

    /**
     * The report shows what a paper cost and how sure the win rates are: the cost table with dollars per paper
     * (p50, p95, total) for all calls, synchronous and batch, the note that the cost is an estimate with the date
     * the prices were checked, and each side-by-side win rate with its 95% interval.
     */
    public static void assertShowsCostAndIntervals(Page page) {
        String dom = page.dom();
        assertThat(dom).as("the cost table").contains("id=\"cost\"");
        for (String row : List.of("all", "synchronous", "batch")) {
            assertThat(dom).as("dollars per paper, " + row).containsPattern(
                    "data-cost=\"" + row + "\"><td>[^<]*</td><td>\\$\\d+\\.\\d{4}</td><td>\\$\\d+\\.\\d{4}</td>"
                            + "<td>\\$\\d+\\.\\d{4}</td>");
        }
        assertThat(dom).as("the cost note").containsPattern("id=\"cost-note\">Dollars are an estimate[^<]*checked on "
                + "\\d{4}-\\d{2}-\\d{2}");
        assertThat(dom).as("the win rates with their intervals").contains("id=\"sxs-rates\"")
                .containsPattern("class=\"win-rate\">\\d+\\.\\d%  ?\\(95% CI \\d+\\.\\d%–\\d+\\.\\d%\\)");
    }

    /**
     * The report shows, for a run with two or more judge families, each family's win rate with its interval in a
     * row of its own and, beside the rates, the families' agreement: Krippendorff's alpha with the number of
     * families and cases, and each pair's share of equal verdicts.
     */
    public static void assertShowsJudgeAgreement(Page page) {
        String dom = page.dom();
        assertThat(dom).as("a win rate row per further judge family").containsPattern(
                "<tr data-judge=\"[^\"]+\"><td>[^<]*\\(judge [^<]+\\)</td>.*?class=\"win-rate\">\\d+\\.\\d% "
                        + "\\(95% CI ");
        assertThat(dom).as("the judges' agreement").containsPattern("class=\"judge-agreement\" data-scope=\"[^\"]+\">"
                + "[^<]*Krippendorff's alpha \\(nominal, \\d+ families, \\d+ cases\\) (-?\\d\\.\\d{3}|undefined)"
                + "[^<]*; [^<]+ and [^<]+ agree on \\d+\\.\\d% \\(\\d+ of \\d+\\)");
    }

    /**
     * Lays the report out in a window {@code width} pixels wide and measures it in the page: every chart text
     * inside its chart, no case name cell or heading cut, no sideways scroll of the page. Returns the DOM whose
     * body carries {@code data-clipped} (what is cut, empty when nothing) and {@code data-page-overflows}.
     */
    public static Page layout(Path binary, Path report, int width) throws IOException, InterruptedException {
        Path measured = report.resolveSibling("measured-" + width + "-" + report.getFileName());
        Files.writeString(measured, Files.readString(report).replace("</body>", "<script>" + MEASURE + "</script></body>"));
        return open(binary, measured, "--window-size=" + width + ",1600", "--dump-dom");
    }

    /** A PNG of the report in a window {@code width} pixels wide, for a person to look at. */
    public static void screenshot(Path binary, Path report, int width, Path png) throws IOException, InterruptedException {
        Files.createDirectories(png.toAbsolutePath().getParent());
        open(binary, report, "--window-size=" + width + ",2400", "--screenshot=" + png.toAbsolutePath());
    }

    private static final String MEASURE = """
            (function(){var bad=[];
            document.querySelectorAll('svg.chart').forEach(function(svg){var r=svg.getBoundingClientRect();
              svg.querySelectorAll('text').forEach(function(t){var b=t.getBoundingClientRect();
                if(b.left<r.left-1||b.right>r.right+1){bad.push(svg.id+': '+t.textContent);}});});
            document.querySelectorAll('#results td:first-child, .case h3').forEach(function(e){
              if(e.scrollWidth>e.clientWidth+1){bad.push('cut: '+e.textContent);}});
            document.body.setAttribute('data-clipped',bad.join(' | '));
            document.body.setAttribute('data-page-overflows',
              document.documentElement.scrollWidth>window.innerWidth+1?'1':'0');
            document.body.setAttribute('data-width',String(window.innerWidth));})();""";
}
