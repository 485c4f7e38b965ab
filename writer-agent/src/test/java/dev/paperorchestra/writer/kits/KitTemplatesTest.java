package dev.paperorchestra.writer.kits;

import static dev.paperorchestra.writer.TestMaterials.CVPR;
import static dev.paperorchestra.writer.TestMaterials.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.paperorchestra.content.integrity.DraftUnderCheck;
import dev.paperorchestra.content.latex.CompileOutcome;
import dev.paperorchestra.content.latex.LatexCompiler;
import dev.paperorchestra.model.testing.KitSamples;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEdits;
import dev.paperorchestra.model.tex.TexSection;
import dev.paperorchestra.model.vocabulary.SectionRole;
import dev.paperorchestra.writer.TestMaterials;
import dev.paperorchestra.writer.repair.CheckedDraft;
import dev.paperorchestra.writer.repair.DraftRepairLoop;
import dev.paperorchestra.writer.repair.RepairLimits;
import dev.paperorchestra.writer.repair.Repairer;
import dev.paperorchestra.writer.sections.SectionWriter;
import dev.paperorchestra.writer.sections.WriterInputs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The offline writer on the publisher kits' own sample templates, as TeX Live ships them, for a double-blind
 * review: every slot is filled from the paper or removed, so none of the kit's sample content reaches the paper,
 * the kit's submission mode is on, and the author block is anonymous.
 */
class KitTemplatesTest {

    /**
     * A kit sample and words of its sample content that must not be published.
     *
     * @param file   the sample in paper-model's test resources
     * @param cls    the class file it needs to compile
     * @param sample its sample content, as a reader sees it
     */
    record Kit(String file, String cls, List<String> sample) {

        /** Whether the compile test takes it: one sample per class and format keeps CI lean. */
        boolean compiled() {
            return !file.equals(KitSamples.IEEE_CONFERENCE) && !file.equals(KitSamples.ACMART_ACMSMALL);
        }

        @Override
        public String toString() {
            return file;
        }
    }

    static Stream<Kit> kits() {
        return Stream.of(
                new Kit(KitSamples.ACMART_SIGCONF, "acmart.cls", List.of("Seattle Mariners", "Ben Trovato",
                        "trovato@corporation.com", "Make sure to enter the correct", "Computer systems organization",
                        "gaze detection", "Template Overview", "Typefaces", "The Name of the Title Is Hope",
                        "Woodstock", "Research Methods", "Acknowledgments", "Conference acronym")),
                new Kit(KitSamples.ACMART_ACMSMALL, "acmart.cls", List.of("Ben Trovato", "Template Overview",
                        "The Name of the Title Is Hope", "Seattle Mariners")),
                new Kit(KitSamples.IEEE_CONFERENCE, "IEEEtran.cls", List.of("Michael Shell", "Homer Simpson",
                        "Bare Demo", "The authors would like to thank", "Kopka", "starter file")),
                new Kit(KitSamples.IEEE_JOURNAL, "IEEEtran.cls", List.of("Michael Shell", "Zonklar",
                        "Biography text", "Bare Demo", "IEEEtran, journal", "Manuscript received")),
                new Kit(KitSamples.IEEE_CONFERENCE_CURRENT, "IEEEtran.cls", List.of("contain guidance text",
                        "component, formatting, style", "Given Name Surname", "acknowledgment",
                        "Title of the first sample work", "Ease of Use", "use style: paper title")),
                new Kit(KitSamples.ELSARTICLE, "elsarticle.cls", List.of("Research highlight", "Nuclear Physics B")),
                new Kit(KitSamples.LLNCS, "llncs.cls", List.of("First Author", "Princeton", "lncs@springer.com",
                        "First keyword", "Abbreviated paper title", "F. Author", "first paragraph of a section",
                        "general acknowledgments")));
    }

    @TempDir
    Path workDir;

    /**
     * What the literature stage hands over: the kit with its Introduction (and Related Work, when it has one)
     * written; the writer fills the rest.
     */
    static String literatureStage(String template) {
        String tex = template;
        for (SectionRole role : List.of(SectionRole.INTRODUCTION, SectionRole.RELATED_WORK)) {
            TexDocument document = TexDocument.parse(tex);
            java.util.Optional<TexSection> section = document.section(role);
            if (section.isPresent()) {
                tex = TexEdits.of(document).replace(section.get().body(), "\n" + (role == SectionRole.INTRODUCTION
                        ? "Dense depth from a single image is ambiguous in scale \\cite{eigen2014depth}."
                        : "Depth completion networks propagate sparse depth \\cite{ma2018sparse}.") + "\n\n").apply();
            }
        }
        return tex;
    }

    private static String write(Kit kit) {
        WriterInputs inputs = new WriterInputs(literatureStage(KitSamples.source(kit.file())), read(CVPR, "idea.md"),
                read(CVPR, "experimental_log.md"), List.of()).withDoubleBlind(true);
        return new SectionWriter().write(inputs).tex();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kits")
    void no_sample_content_of_the_kit_reaches_the_paper(Kit kit) {
        String tex = write(kit);
        TexDocument paper = TexDocument.parse(tex);
        String shown = paper.plainText(new dev.paperorchestra.model.tex.TexSpan(0, tex.length()));

        assertThat(shown).as(tex).doesNotContain(kit.sample().toArray(String[]::new));
        assertThat(paper.bibliography().items()).as("sample references").isEmpty();
        assertThat(paper.citedKeys()).noneMatch(key -> key.matches("b\\d+"));
        assertThat(paper.environments("teaserfigure", "CCSXML", "IEEEkeywords", "keyword", "acks", "highlights",
                "IEEEbiography", "credits")).isEmpty();
        assertThat(paper.title()).hasValueSatisfying(title -> assertThat(title.lastText())
                .isEqualTo("GlimpseDepth: Metric Monocular Depth from a Handful of Sparse Measurements"));
        assertThat(paper.commands("author")).singleElement()
                .satisfies(author -> assertThat(author.lastText()).isEqualTo("Anonymous submission"));
    }

    static Stream<Kit> compiledKits() {
        return kits().filter(Kit::compiled);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("compiledKits")
    void the_kit_compiles_with_its_look_scalable_fonts_and_none_of_its_samples_in_the_pdf(Kit kit) throws Exception {
        LatexCompiler compiler = new LatexCompiler("latexmk", Duration.ofSeconds(180), workDir);
        assumeTrue(compiler.available(), "latexmk is not on PATH");
        assumeTrue(installed(kit.cls()), kit.cls() + " is not installed (texlive-publishers)");
        String tex = write(kit);

        CheckedDraft checked = new DraftRepairLoop(compiler, new RepairLimits(0, 0, 0)).check(kit.file(), tex,
                new DraftUnderCheck(tex, TestMaterials.bibliography(), read(CVPR, "experimental_log.md"),
                        read(CVPR, "idea.md"), List.of(), java.util.Set.of(), List.of(), List.of()),
                Map.of(), null, Repairer.NONE);

        assertThat(checked.compile()).as(tex).isInstanceOfSatisfying(CompileOutcome.Compiled.class, compiled -> {
            assertThat(compiled.bitmapFonts()).as("Type 3 fonts").isEmpty();
            assertThat(pdfText(compiled.pdf(), "pdftotext", "-")).doesNotContain(kit.sample().toArray(String[]::new))
                    .doesNotContain("Anonymous submission\nAnonymous submission");
            // acmart writes the CCS concepts into the PDF's Subject: none of the kit's may be left for it
            assertThat(pdfText(compiled.pdf(), "pdfinfo")).doesNotContain("Computer systems organization");
        });
        if (kit.cls().equals("acmart.cls")) {
            assertThat(TexDocument.parse(tex).documentClass().orElseThrow().options()).contains("review",
                    "anonymous");
        }
    }

    private static boolean installed(String file) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("kpsewhich", file).redirectErrorStream(true).start();
        String found = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        return process.waitFor() == 0 && !found.isEmpty();
    }

    /** What a poppler tool prints for the PDF ({@code pdftotext FILE -}, {@code pdfinfo FILE}). */
    private String pdfText(byte[] pdf, String tool, String... after) {
        try {
            Path file = Files.write(workDir.resolve("paper-under-test.pdf"), pdf);
            List<String> command = new java.util.ArrayList<>(List.of(tool, file.toString()));
            command.addAll(List.of(after));
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String text = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor()).isZero();
            return text;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
