package dev.paperorchestra.outline.exemplar;

import dev.paperorchestra.content.materials.MaterialsExemplars;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.sandbox.SandboxedRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads exemplar papers ({@code exemplars/*.tex} and {@code *.pdf} of the materials) into their section plan.
 * Exemplars are hostile input: at most {@link #MAX_EXEMPLARS} files, a .tex of at most {@link #MAX_TEX_BYTES}
 * read as text only (nothing TeX would do is done), a .pdf of at most {@link #MAX_PDF_BYTES} whose text
 * pdftotext extracts inside the compile sandbox (no network, a time and disk limit) from its first
 * {@link #MAX_PDF_PAGES} pages. A file that breaks a limit, or yields no section, is skipped and logged by name.
 */
public final class ExemplarReader {

    public static final int MAX_EXEMPLARS = MaterialsExemplars.MAX_FILES;
    public static final int MAX_TEX_BYTES = MaterialsExemplars.MAX_TEX_BYTES;
    public static final int MAX_PDF_BYTES = MaterialsExemplars.MAX_PDF_BYTES;
    static final int MAX_PDF_PAGES = 60;
    static final Duration PDF_TIMEOUT = Duration.ofSeconds(30);

    private static final Logger log = LoggerFactory.getLogger(ExemplarReader.class);

    private final @Nullable Sandbox sandbox;
    private final String pdftotext;
    private final Path workDir;

    /**
     * @param sandbox   where pdftotext runs; null reads LaTeX exemplars only
     * @param pdftotext the pdftotext command (an absolute path, or a name looked up on PATH)
     * @param workDir   where each extraction gets its own job directory
     */
    public ExemplarReader(@Nullable Sandbox sandbox, String pdftotext, Path workDir) {
        this.sandbox = sandbox;
        this.pdftotext = pdftotext;
        this.workDir = workDir;
    }

    /** LaTeX exemplars only: no PDF is read. */
    public static ExemplarReader latexOnly() {
        return new ExemplarReader(null, "pdftotext", Path.of("."));
    }

    /**
     * @param files exemplar file name (as under exemplars/) to its bytes
     */
    public List<ExemplarPlan.Read> read(String paperId, Map<String, byte[]> files) {
        List<ExemplarPlan.Read> read = new ArrayList<>();
        List<Map.Entry<String, byte[]>> sorted = files.entrySet().stream()
                .sorted(Map.Entry.comparingByKey(Comparator.naturalOrder())).toList();
        for (Map.Entry<String, byte[]> file : sorted) {
            if (read.size() == MAX_EXEMPLARS) {
                log.warn("paper {}: more than {} exemplars; {} and later ones are ignored", paperId, MAX_EXEMPLARS,
                        file.getKey());
                break;
            }
            readOne(paperId, file.getKey(), file.getValue()).ifPresent(read::add);
        }
        return read;
    }

    private Optional<ExemplarPlan.Read> readOne(String paperId, String name, byte[] bytes) {
        String lower = name.toLowerCase(Locale.ROOT);
        List<ExemplarSections.Section> sections;
        String format;
        if (lower.endsWith(".tex")) {
            if (bytes.length > MAX_TEX_BYTES) {
                return skipped(paperId, name, "larger than " + MAX_TEX_BYTES + " bytes");
            }
            format = "latex";
            sections = ExemplarSections.ofLatex(new String(bytes, StandardCharsets.UTF_8));
        } else if (lower.endsWith(".pdf")) {
            if (bytes.length > MAX_PDF_BYTES) {
                return skipped(paperId, name, "larger than " + MAX_PDF_BYTES + " bytes");
            }
            Optional<String> text = pdfText(paperId, bytes);
            if (text.isEmpty()) {
                return skipped(paperId, name, "no text could be extracted");
            }
            format = "pdf";
            sections = ExemplarSections.ofPdfText(text.get());
        } else {
            return skipped(paperId, name, "neither .tex nor .pdf");
        }
        if (sections.isEmpty()) {
            return skipped(paperId, name, "no section found");
        }
        return Optional.of(new ExemplarPlan.Read("exemplars/" + name, format, sections));
    }

    private static Optional<ExemplarPlan.Read> skipped(String paperId, String name, String why) {
        log.warn("paper {}: exemplar {} skipped: {}", paperId, name, why);
        return Optional.empty();
    }

    /** The PDF's text by pdftotext in the sandbox; empty when it cannot run or fails. */
    Optional<String> pdfText(String paperId, byte[] pdf) {
        if (sandbox == null) {
            return Optional.empty();
        }
        Path job = workDir.resolve("exemplar-" + UUID.randomUUID());
        try {
            Files.createDirectories(job);
            Files.write(job.resolve("exemplar.pdf"), pdf);
            SandboxedRun run = sandbox.run(List.of(command(), "-enc", "UTF-8", "-l", String.valueOf(MAX_PDF_PAGES),
                    "exemplar.pdf", "exemplar.txt"), job, Map.of(), PDF_TIMEOUT, job.resolve("pdftotext.log"));
            Path text = job.resolve("exemplar.txt");
            if (!(run instanceof SandboxedRun.Exited exited) || exited.exitCode() != 0 || !Files.isRegularFile(text)) {
                log.warn("paper {}: pdftotext on an exemplar ended with {}", paperId, run);
                return Optional.empty();
            }
            byte[] bytes = Files.readAllBytes(text);
            int length = Math.min(bytes.length, ExemplarSections.MAX_CHARS * 4);
            return Optional.of(new String(bytes, 0, length, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot extract an exemplar's text for paper " + paperId, e);
        } finally {
            delete(job);
        }
    }

    private String command() {
        if (pdftotext.startsWith("/")) {
            return pdftotext;
        }
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String dir : path.split(":")) {
            Path candidate = Path.of(dir, pdftotext);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return "/usr/bin/" + pdftotext;
    }

    private static void delete(Path job) {
        try (var walk = Files.walk(job)) {
            walk.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            log.warn("could not delete {}: {}", job, e.getMessage());
        }
    }
}
