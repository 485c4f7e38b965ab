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
        Path profile = Files.createTempDirectory("chromium-profile");
        Path log = Files.createTempFile("chromium", ".log");
        Process process = new ProcessBuilder(List.of(binary.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--no-first-run", "--user-data-dir=" + profile, "--enable-logging=stderr",
                "--v=0", "--dump-dom", file.toUri().toString()))
                .redirectError(log.toFile()).start();
        byte[] dom = process.getInputStream().readAllBytes();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("chromium finished").isTrue();
        return new Page(new String(dom, StandardCharsets.UTF_8), Files.readString(log));
    }

    /** The report loaded, its script ran without an error or a console error, and every chart is there. */
    public static void assertReportRendered(Page page) {
        assertThat(page.dom()).contains("data-report-ready=\"1\"").doesNotContain("class=\"report-error\"");
        assertThat(page.log()).doesNotContain("Uncaught").doesNotContainIgnoringCase("console(\"error");
        for (String chart : HtmlReport.CHARTS) {
            assertThat(page.dom()).as("chart " + chart).containsPattern("<svg[^>]*id=\"" + chart + "\"");
        }
    }
}
