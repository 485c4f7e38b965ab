package dev.paperorchestra.bench.corpus;

import org.jspecify.annotations.Nullable;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.paperorchestra.cli.testing.PoConsole;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.function.Executable;
import tools.jackson.databind.JsonNode;

/**
 * What issue 39 requires of each case of the acceptance corpus, as named checks on what a reader of the outputs
 * sees: {@code results.jsonl}'s row, paper.tex, and the PDF as poppler reads it. Every kit and biomedical case must
 * give a complete paper with no sample text, the venue's look, the page limit of its guidelines, every mandatory
 * section, anonymity where the review is double-blind, and only embedded, scalable fonts; a Markdown variant must
 * give the paper its original gives; the bold-heading case and the biomedical cases have checks of their own.
 */
public final class CorpusChecks {

    /** One named check of one case. */
    public record Check(String name, Executable body) {
    }

    /**
     * What one corpus run left: each case's row of results.jsonl and what {@code po run --check} printed for it.
     *
     * @param dataset  the materials of every case
     * @param benchDir the bench directory
     * @param rows     results.jsonl by case
     * @param intake   {@code po run CASE --check --offline} by case
     */
    public record Run(Path dataset, Path benchDir, Map<String, JsonNode> rows, Map<String, PoConsole> intake) {

        JsonNode row(String caseName) {
            JsonNode row = rows.get(caseName);
            if (row == null) {
                fail("results.jsonl has no row for " + caseName);
            }
            return row;
        }

        /** The written paper of a case; a check that needs one fails when the case wrote none. */
        PaperOnDisk paper(String caseName) {
            JsonNode row = row(caseName);
            String output = row.path("output_dir").asString(null);
            if (output == null || !Files.exists(benchDir.resolve(output).resolve("paper.pdf"))) {
                fail(caseName + " has no paper.pdf to check (" + row.path("state").asString()
                        + "; the complete check says why)");
            }
            return new PaperOnDisk(benchDir.resolve(output));
        }
    }

    /** Headings of exported full texts glued to the text that follows them ("MethodsParticipants"). */
    private static final Pattern GLUED_HEADING = Pattern.compile(
            "\\b(?:ABSTRACT|INTRODUCTION|RESULTS|METHODS|DISCUSSION|Abstract|Introduction|Results|Methods|Discussion)"
                    + "[A-Z][a-z]+");
    /** Preprint ids and JATS labels that must never be printed. */
    private static final Pattern EXPORT_LABEL = Pattern.compile(
            "(?i)extracted from abstract|biorxiv|medrxiv|10\\.1101/|\\.large\\.jpg|<jats:");
    private static final int LONGEST_PARAGRAPH = 650;

    private CorpusChecks() {
    }

    /** The checks of one case. */
    public static List<Check> of(CorpusCase c, Run run) {
        List<Check> checks = new ArrayList<>();
        String name = c.name();
        checks.add(new Check("complete", () -> {
            if (c instanceof CorpusCase.Biomedical) {
                abortWhenTheMaterialsCannotFill(run, name);
            }
            complete(run.row(name));
        }));
        switch (c) {
            case CorpusCase.Kit kit -> checks.addAll(kitChecks(name, kit.kit(), run));
            case CorpusCase.Biomedical bio -> {
                if (bio.kit() != null) {
                    checks.addAll(kitChecks(name, bio.kit(), run));
                }
                checks.add(new Check("introduction-written", () -> sectionWritten(run.paper(name), "Introduction")));
                if (discussionWanted(run, bio)) {
                    checks.add(new Check("discussion-kept", () -> sectionWritten(run.paper(name), "Discussion")));
                }
                checks.add(new Check("no-export-labels", () -> noExportLabels(run.paper(name))));
                checks.add(new Check("readable-paragraphs", () -> readableParagraphs(run.paper(name))));
            }
            case CorpusCase.Variant variant -> {
                checks.add(new Check("tables-read", () -> sameTablesRead(run, name, variant.original())));
                checks.add(new Check("same-paper", () -> samePaper(run.paper(name), run.paper(variant.original()))));
            }
            case CorpusCase.BoldHeadings bold -> {
                checks.add(new Check("real-title", () -> realTitle(run.paper(name))));
                checks.add(new Check("sections", () -> boldCaseSections(run.paper(name))));
                checks.add(new Check("chart-text", () -> chartTextHasNoRawMath(run.paper(name))));
                checks.add(new Check("same-charts", () -> sameCharts(run.paper(name), run.paper(bold.original()))));
                checks.add(new Check("row-labels", () -> numberedRowLabelsKept(run.paper(name))));
            }
            case CorpusCase.Original original -> {
            }
        }
        String bitmapAllowed = c instanceof CorpusCase.Kit kitCase ? kitCase.kit().bitmapFonts() : null;
        checks.add(new Check("fonts", () -> fonts(run.paper(name), bitmapAllowed)));
        return checks;
    }

    private static List<Check> kitChecks(String name, CorpusKit kit, Run run) {
        List<Check> checks = new ArrayList<>();
        checks.add(new Check("no-sample-text", () -> noneOf(kit.sampleText(), readable(run.paper(name)))));
        checks.add(new Check("venue-look", () -> venueLook(run.paper(name), kit)));
        checks.add(new Check("page-limit", () -> pageLimit(run.row(name), kit)));
        checks.add(new Check("guidelines-read", () -> guidelinesRead(run.intake().get(name), kit)));
        checks.add(new Check("mandatory-sections", () -> mandatorySections(run.paper(name), kit)));
        if (kit.doubleBlind()) {
            checks.add(new Check("anonymity", () -> anonymous(run.paper(name), kit)));
        }
        return checks;
    }

    /** The rule of a section a run's materials cannot fill (paper-content's ContentGate.UNFILLED). */
    static final String UNFILLED = "section.unfilled";

    /**
     * An exported full text may lack what a required section needs (no citable earlier work offline, nothing to
     * discuss): the run then ends incomplete with the cause named under that section. When every finding of every
     * failed writer gate is such a cause, the case cannot complete offline, and the check says so (aborted, with
     * the causes) instead of failing; any other finding is a fault of ours and fails {@link #complete}.
     */
    static void abortWhenTheMaterialsCannotFill(Run run, String caseName) {
        JsonNode row = run.row(caseName);
        if (!"incomplete".equals(row.path("state").asString())) {
            return;
        }
        List<String> causes = new ArrayList<>();
        boolean onlyCauses = true;
        for (JsonNode gate : run.paper(caseName).summary().path("writerGates").path("gates")) {
            if (gate.path("passed").asBoolean(true)) {
                continue;
            }
            for (JsonNode finding : gate.path("typedFindings")) {
                if (UNFILLED.equals(finding.path("rule").asString())) {
                    causes.add(finding.path("message").asString());
                } else {
                    onlyCauses = false;
                }
            }
        }
        if (onlyCauses && !causes.isEmpty()) {
            Assumptions.abort("cannot complete offline, for causes in its materials: " + String.join("; ", causes));
        }
    }

    static void complete(JsonNode row) {
        assertThat(row.path("state").asString())
                .as("%s: %s%s", row.path("case").asString(), row.path("failure_reason").asString(""),
                        row.path("findings").asString(""))
                .isEqualTo("complete");
    }

    /**
     * No Type 3 (bitmap) font, and every font embedded, as IEEE's and ACM's PDF checks require; where the kit's
     * class makes bitmaps the writer cannot prevent ({@code bitmapAllowed}), they must be a FONTS finding instead.
     */
    static void fonts(PaperOnDisk paper, @Nullable String bitmapAllowed) {
        List<PaperOnDisk.Font> fonts = paper.fonts();
        assertThat(fonts).as("fonts of paper.pdf").isNotEmpty();
        SoftAssertions soft = new SoftAssertions();
        List<String> bitmap = fonts.stream().filter(font -> font.type().startsWith("Type 3"))
                .map(PaperOnDisk.Font::name).toList();
        if (bitmapAllowed == null || bitmap.isEmpty()) {
            soft.assertThat(bitmap).as("Type 3 (bitmap) fonts").isEmpty();
        } else {
            soft.assertThat(paper.summary().path("fonts").path("bitmap").asBoolean())
                    .as("bitmap fonts the writer cannot prevent (%s) are reported in summary.json", bitmapAllowed)
                    .isTrue();
            soft.assertThat(paper.summary().path("fonts").path("typedFindings").toString()).contains("fonts.bitmap");
        }
        soft.assertThat(fonts.stream().filter(font -> !font.embedded()).map(PaperOnDisk.Font::name).distinct()
                .toList()).as("fonts not embedded").isEmpty();
        soft.assertAll();
    }

    /** The PDF's text and its document information, as one string with line breaks and hyphenation undone. */
    static String readable(PaperOnDisk paper) {
        StringBuilder text = new StringBuilder(paper.pdfText());
        paper.pdfInfo().forEach((key, value) -> {
            if (List.of("Title", "Subject", "Keywords", "Author", "Creator").contains(key)) {
                text.append('\n').append(value);
            }
        });
        return normalised(text.toString());
    }

    private static String normalised(String text) {
        return text.replaceAll("-\\s*\\n\\s*", "-").replaceAll("\\s+", " ");
    }

    static void noneOf(List<String> phrases, String text) {
        List<String> found = phrases.stream().filter(phrase -> text.contains(normalised(phrase))).toList();
        assertThat(found).as("sample text of the kit in the PDF").isEmpty();
    }

    static void venueLook(PaperOnDisk paper, CorpusKit kit) {
        Optional<PaperOnDisk.DocumentClass> declared = paper.documentClass();
        assertThat(declared).as("\\documentclass of paper.tex").isPresent();
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(declared.get().name()).as("the kit's class").isEqualTo(kit.documentClass());
        soft.assertThat(declared.get().options()).as("the kit's class options").containsAll(kit.classOptions());
        if (kit.doubleBlind()) {
            soft.assertThat(declared.get().options())
                    .as("the kit's submission mode for a double-blind review").containsAll(kit.submissionOptions());
        }
        soft.assertAll();
    }

    static void pageLimit(JsonNode row, CorpusKit kit) {
        if (kit.pageLimit() == null) {
            assertThat(row.path("page_limit").isMissingNode() || row.path("page_limit").isNull())
                    .as("the guidelines state no page limit, yet the paper was held to %s", row.path("page_limit"))
                    .isTrue();
        } else {
            assertThat(row.path("page_limit").isNumber()).as("a page limit was read: %s", row).isTrue();
            assertThat(row.path("page_limit").asInt()).as("the page limit the guidelines state")
                    .isEqualTo(kit.pageLimit());
        }
    }

    /** The intake accepts the kit, and its notes on the guidelines name every mandatory section they list. */
    static void guidelinesRead(PoConsole intake, CorpusKit kit) {
        assertThat(intake).as("po run --check was run").isNotNull();
        assertThat(intake.exit()).as("po run --check accepts the materials: %s", intake.both()).isZero();
        // what a note says was read, without the sentence it quotes: "mandatory: related work from \"...\""
        String notes = intake.out().lines().map(line -> line.toLowerCase(Locale.ROOT))
                .filter(line -> line.contains("mandatory"))
                .map(line -> line.substring(line.indexOf("mandatory"),
                        line.contains(" from \"") ? line.indexOf(" from \"") : line.length()))
                .reduce("", (a, b) -> a + "\n" + b);
        List<String> unread = kit.mandatorySections().stream()
                .filter(section -> Arrays.stream(section.split("\\|"))
                        .noneMatch(name -> notes.contains(name.toLowerCase(Locale.ROOT))))
                .toList();
        assertThat(unread).as("mandatory sections of the guidelines the intake did not report reading (%s)",
                intake.both()).isEmpty();
    }

    static void mandatorySections(PaperOnDisk paper, CorpusKit kit) {
        List<String> titles = paper.sections().stream().map(PaperOnDisk.Section::title).toList();
        List<String> missing = kit.mandatorySections().stream()
                .filter(section -> Arrays.stream(section.split("\\|")).noneMatch(name -> hasSection(titles, name)))
                .toList();
        assertThat(missing).as("mandatory sections missing from the paper, whose sections are %s", titles).isEmpty();
    }

    /** A section title names the wanted section: "Conclusions" and "Methodology" count for "Conclusion", "Method". */
    static boolean hasSection(List<String> titles, String wanted) {
        String stem = wanted.toLowerCase(Locale.ROOT);
        return titles.stream().map(title -> title.toLowerCase(Locale.ROOT).replaceAll("^[\\d.\\s]+", ""))
                .anyMatch(title -> title.startsWith(stem) || title.equals(stem + "s"));
    }

    /**
     * What the PDF shows (its text and its metadata) keeps the authors unknown: nothing of the sample author block,
     * and no acknowledgments, which the double-blind guidelines of the corpus ask to remove.
     */
    static void anonymous(PaperOnDisk paper, CorpusKit kit) {
        String shown = readable(paper);
        noneOf(kit.sampleAuthors(), shown);
        assertThat(shown).as("an acknowledgment in a double-blind submission")
                .doesNotContainPattern("(?i)acknowledge?ments?\\b");
    }

    static void sectionWritten(PaperOnDisk paper, String wanted) {
        Optional<PaperOnDisk.Section> section = paper.sections().stream()
                .filter(s -> hasSection(List.of(s.title()), wanted)).findFirst();
        assertThat(section).as("a %s section", wanted).isPresent();
        String prose = section.get().body().replaceAll("\\\\[A-Za-z@]+\\*?", " ").replaceAll("[{}\\[\\]]", " ");
        assertThat(prose.isBlank() ? 0 : prose.strip().split("\\s+").length).as("words of the %s", wanted)
                .isGreaterThanOrEqualTo(60);
    }

    /** Whether the case's template has a Discussion section or its guidelines require one. */
    static boolean discussionWanted(Run run, CorpusCase.Biomedical bio) {
        String template = read(run.dataset().resolve(bio.name()).resolve("template.tex"));
        return template.matches("(?s).*\\\\section\\*?\\{[^}]*Discussion[^}]*}.*")
                || bio.kit() != null && bio.kit().mandatorySections().stream().anyMatch(s -> s.contains("Discussion"));
    }

    static void noExportLabels(PaperOnDisk paper) {
        String text = paper.pdfText();
        List<String> found = new ArrayList<>();
        Matcher label = EXPORT_LABEL.matcher(text);
        while (label.find()) {
            found.add(label.group());
        }
        Matcher glued = GLUED_HEADING.matcher(text);
        while (glued.find()) {
            found.add(glued.group());
        }
        assertThat(found).as("export labels, preprint ids and glued headings in the PDF").isEmpty();
    }

    static void readableParagraphs(PaperOnDisk paper) {
        assertThat(paper.paragraphWordCounts()).as("words per paragraph")
                .allSatisfy(words -> assertThat(words).isLessThanOrEqualTo(LONGEST_PARAGRAPH));
    }

    /** The variant's log is read as the original's: the intake counts the same tables. */
    static void sameTablesRead(Run run, String variant, String original) {
        PoConsole mine = run.intake().get(variant);
        PoConsole theirs = run.intake().get(original);
        assertThat(mine.exit()).as(mine.both()).isZero();
        assertThat(tableCount(mine.out())).as("log tables the intake read (%s)", mine.out())
                .isEqualTo(tableCount(theirs.out()));
    }

    private static String tableCount(String out) {
        Matcher m = Pattern.compile("(\\d+) log table").matcher(out);
        return m.find() ? m.group(1) : "none";
    }

    /** The same sections, tables, figures, citations and checked numbers as the original's paper. */
    static void samePaper(PaperOnDisk variant, PaperOnDisk original) {
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(variant.title()).as("title").isEqualTo(original.title());
        soft.assertThat(titles(variant)).as("section titles").isEqualTo(titles(original));
        JsonNode mine = variant.summary();
        JsonNode theirs = original.summary();
        soft.assertThat(mine.path("tables").asInt()).as("tables").isEqualTo(theirs.path("tables").asInt());
        soft.assertThat(mine.path("figures").asInt()).as("figures").isEqualTo(theirs.path("figures").asInt());
        soft.assertThat(variant.citedKeys()).as("cited keys").containsExactlyInAnyOrderElementsOf(original.citedKeys());
        soft.assertThat(checkedNumbers(mine)).as("numbers NUMERIC_FIDELITY checked")
                .isEqualTo(checkedNumbers(theirs));
        soft.assertAll();
    }

    private static List<String> titles(PaperOnDisk paper) {
        return paper.sections().stream().map(PaperOnDisk.Section::title).toList();
    }

    private static int checkedNumbers(JsonNode summary) {
        for (JsonNode gate : summary.path("writerGates").path("gates")) {
            if ("NUMERIC_FIDELITY".equals(gate.path("gate").asString())) {
                return gate.path("checked").asInt();
            }
        }
        return -1;
    }

    /** The title is the work's, never a heading of the idea. */
    static void realTitle(PaperOnDisk paper) {
        String title = paper.title().orElse("").replaceAll("\\\\\\\\|\\\\[A-Za-z]+", " ").replaceAll("\\s+", " ")
                .strip();
        assertThat(title).as("the paper's title").isNotBlank();
        String plain = title.toLowerCase(Locale.ROOT).replaceAll("[.:\\s]+$", "");
        assertThat(BenchmarkStyle.IDEA_HEADINGS.stream().map(h -> h.toLowerCase(Locale.ROOT)))
                .as("the title %s is a heading of the idea", title)
                .noneMatch(heading -> plain.equals(heading) || plain.startsWith(heading));
    }

    static void boldCaseSections(PaperOnDisk paper) {
        List<String> titles = titles(paper);
        SoftAssertions soft = new SoftAssertions();
        for (String wanted : List.of("Introduction", "Related Work", "Method", "Conclusion")) {
            soft.assertThat(hasSection(titles, wanted)).as("a %s section among %s", wanted, titles).isTrue();
        }
        paper.sections().stream().filter(s -> hasSection(List.of(s.title()), "Introduction")).findFirst()
                .ifPresent(intro -> soft.assertThat(intro.body().strip()).as("the Introduction's opening")
                        .doesNotStartWith("Problem Statement"));
        soft.assertAll();
    }

    /** No TeX source in what a chart draws: legends, axes and ticks print math as symbols. */
    static void chartTextHasNoRawMath(PaperOnDisk paper) {
        List<JsonNode> figures = paper.figures();
        assertThat(figures).as("charts of the paper").isNotEmpty();
        SoftAssertions soft = new SoftAssertions();
        for (JsonNode figure : figures) {
            String id = figure.path("figure_id").asString();
            paper.figureText(id).ifPresent(text -> soft.assertThat(text).as("text drawn in %s", id)
                    .doesNotContain("$").doesNotContain("\\").doesNotContain("**"));
        }
        soft.assertAll();
    }

    /**
     * The converted materials are drawn as the original ones: every chart of the original, with the same columns
     * (or series), once the benchmark's markup is read ({@code **...**} bold, TeX math for the arrows). Our idea
     * names no metric as its result, so what the original's charts plot stands for the idea's headline metrics;
     * plotting a table's minor last column instead shows here.
     */
    static void sameCharts(PaperOnDisk converted, PaperOnDisk original) {
        assertThat(chartColumns(converted)).as("charts and the columns they plot, against the original materials'")
                .isEqualTo(chartColumns(original));
    }

    /** Each chart's source table with the columns it draws, markup and arrows left out. */
    private static Map<String, List<String>> chartColumns(PaperOnDisk paper) {
        Map<String, List<String>> charts = new TreeMap<>();
        for (JsonNode figure : paper.figures()) {
            List<String> columns = new ArrayList<>();
            figure.path("cells").forEach(cell -> {
                String column = plainHeader(cell.path("column").asString());
                if (!columns.contains(column)) {
                    columns.add(column);
                }
            });
            charts.put(figure.path("source_table").asString(figure.path("figure_id").asString()), columns);
        }
        return charts;
    }

    private static String plainHeader(String header) {
        return header.replace("**", "").replace("$\\downarrow$", "").replace("$\\uparrow$", "")
                .replace("$\\delta_1$", "δ1").replace("$\\delta$", "δ").replace("↓", "").replace("↑", "")
                .replaceAll("\\s+", " ").strip();
    }

    /** The benchmark's numbered row labels, "(3) - Without confidence weighting", stay as written. */
    static void numberedRowLabelsKept(PaperOnDisk paper) {
        String text = normalised(paper.pdfText());
        List<String> labels = List.of("(1) - Full model", "(3) - Global scale and shift instead of scale field",
                "(4) - Without confidence weighting", "(7) - Swin-B encoder instead of Swin-L");
        assertThat(labels.stream().filter(label -> !text.contains(label)).toList())
                .as("numbered row labels of the ablation table not printed as written").isEmpty();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
