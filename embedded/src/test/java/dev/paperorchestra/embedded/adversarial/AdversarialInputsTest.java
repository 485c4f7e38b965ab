package dev.paperorchestra.embedded.adversarial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.paperorchestra.content.integrity.ContentGate;
import dev.paperorchestra.content.latex.KitCode;
import dev.paperorchestra.content.latex.LatexLog;
import dev.paperorchestra.content.latex.TexRequirements;
import dev.paperorchestra.content.materials.CitationMarkers;
import dev.paperorchestra.content.materials.Guidelines;
import dev.paperorchestra.content.materials.LatexReferences;
import dev.paperorchestra.content.materials.LatexTemplate;
import dev.paperorchestra.content.materials.MarkdownTables;
import dev.paperorchestra.content.materials.MarkdownText;
import dev.paperorchestra.content.materials.MessyNotes;
import dev.paperorchestra.content.materials.NumericCell;
import dev.paperorchestra.content.revision.BibliographyCitations;
import dev.paperorchestra.content.revision.PointSplitter;
import dev.paperorchestra.content.revision.ReviewReader;
import dev.paperorchestra.model.markdown.MarkdownDocument;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.outline.materials.ParsedMaterials;
import dev.paperorchestra.outline.plan.OfflineOutliner;
import dev.paperorchestra.refine.loop.RevisionPlan;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.FencedBlocks;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.schemas.JobOptions;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Every parser of text that comes from outside (materials, guidelines, reviews, kits, BibTeX, JSON from a model)
 * reads each input of the kept adversarial corpus ({@code adversarial/corpus.json}, 1 MiB each) within
 * {@link #BOUND}. A parser that backtracks or rescans its input is quadratic or worse on one of these shapes; at
 * 1 MiB that is minutes, not the fraction of a second a linear reading takes. A parser may refuse an input with an
 * {@link IllegalArgumentException} or a {@link PermanentException} (a clear error naming the file, as the intake's
 * "no \documentclass found"); any other failure, a stack overflow included, fails the case.
 *
 * <p>The parsers, by the entry point the pipeline calls them through:
 * <ul>
 * <li>paper-model: {@code MarkdownDocument} (commonmark-java, with headings, sections, tables, items, statements,
 * plain text) and its inline reading; {@code TexDocument} and its lexer (sections, environments and their
 * problems, braces, citations, floats, abstract, bibliography, comments, math) and {@code TexDocument.plainText};
 * {@code Prose} (sentences, words, normalised text);</li>
 * <li>paper-content, materials: the parsers {@code MaterialsContent.check} runs on idea.md, the log, template.tex
 * and the guidelines, each on its own ({@code MaterialsContent} itself reads four files, 4 MiB here, and its
 * size limits keep guidelines and templates under 1 MiB): {@code MarkdownText}, {@code MarkdownTables} (the log's
 * tables), {@code Guidelines.parse} (GuidelinesReading and GuidelinesSentences), {@code MessyNotes.clean} (with
 * ExportLabels), {@code CitationMarkers}, {@code NumericCell}, {@code LatexTemplate.parse}, {@code LatexReferences}
 * (comments, cite keys, graphics, BibTeX keys);</li>
 * <li>paper-content, kits and TeX: {@code TexRequirements} (a template with a kit), {@code KitCode.refusals} (the
 * check for file-reading TeX), {@code LatexLog.parse}; the integrity {@code ContentGate} (the paper against the
 * idea and log);</li>
 * <li>paper-content, revisions: {@code ReviewReader} (Markdown and OpenReview JSON reviews), {@code
 * PointSplitter} (points located in the paper), {@code BibliographyCitations} (BibTeX entries);</li>
 * <li>model answers: {@code FencedBlocks.find}, the project's JSON mapper ({@code Json.mapper().readTree}, through
 * which every JSON edit, worklog and review answer is read) and refine-agent's {@code RevisionPlan.of};</li>
 * <li>outline-agent: {@code OfflineOutliner.outline} (IdeaDigest, LogDigest, SetupInventory on idea and log).</li>
 * </ul>
 */
class AdversarialInputsTest {

    /**
     * Generous for a linear reading of 1 MiB on a loaded two-core machine (the slowest, three commonmark parses of
     * deeply nested emphasis, takes about 5 s there); hopeless for a quadratic one, which takes minutes.
     */
    private static final Duration BOUND = Duration.ofSeconds(10);

    private static final LatexTemplate SMALL_TEMPLATE = LatexTemplate.parse("""
            \\documentclass{article}
            \\begin{document}
            \\section{Introduction}
            \\section{Method}
            \\end{document}
            """);

    @TestFactory
    Stream<DynamicContainer> every_parser_reads_every_adversarial_input_within_its_bound() {
        return AdversarialCorpus.load().stream().map(input -> DynamicContainer.dynamicContainer(input.name(),
                parsers().entrySet().stream().map(parser -> DynamicTest.dynamicTest(parser.getKey(),
                        () -> readsWithinBound(input, parser.getKey(), parser.getValue())))));
    }

    @Test
    void the_kept_corpus_holds_at_least_forty_distinct_inputs_of_one_mebibyte() {
        List<AdversarialCorpus.Input> inputs = AdversarialCorpus.load();

        assertThat(inputs).hasSizeGreaterThanOrEqualTo(40);
        assertThat(inputs).extracting(AdversarialCorpus.Input::name).doesNotHaveDuplicates();
        assertThat(inputs).allSatisfy(input -> assertThat(input.text()).hasSize(1 << 20));
        assertThat(inputs.stream().map(AdversarialCorpus.Input::text).distinct().count()).as("distinct inputs")
                .isEqualTo(inputs.size());
    }

    private static void readsWithinBound(AdversarialCorpus.Input input, String parserName, Consumer<String> parser) {
        assertTimeoutPreemptively(BOUND, () -> {
            try {
                parser.accept(input.text());
            } catch (IllegalArgumentException | PermanentException refused) {
                // a clear refusal is an answer, and it came in time
            }
        }, () -> parserName + " did not read " + input.name() + " (1 MiB) within " + BOUND.toSeconds() + " s");
    }

    private static Map<String, Consumer<String>> parsers() {
        Map<String, Consumer<String>> parsers = new LinkedHashMap<>();
        parsers.put("MarkdownDocument", text -> {
            MarkdownDocument document = MarkdownDocument.parse(text);
            document.headings();
            document.sections();
            document.tables();
            document.items();
            document.statements();
            document.plainText();
        });
        parsers.put("MarkdownDocument.inline", text -> MarkdownDocument.inline(text).plainWithTexMath());
        parsers.put("TexDocument", text -> {
            TexDocument document = TexDocument.parse(text);
            document.sections();
            document.environments();
            document.environmentProblems();
            document.braceProblem();
            document.citedKeys();
            document.floats();
            document.abstractText();
            document.bibliography();
            document.withoutComments();
            document.mathSpans();
            document.packages();
        });
        parsers.put("TexDocument.plainText", TexDocument::plainText);
        parsers.put("Prose", text -> {
            Prose.sentences(text);
            Prose.words(text);
            Prose.normalised(text);
        });
        parsers.put("MarkdownText", text -> {
            MarkdownText.sections(text);
            MarkdownText.bullets(text);
            MarkdownText.paragraphs(text);
        });
        parsers.put("MarkdownTables", MarkdownTables::parse);
        parsers.put("Guidelines", Guidelines::parse);
        parsers.put("MessyNotes", MessyNotes::clean);
        parsers.put("CitationMarkers", text -> {
            CitationMarkers.find(text, false);
            CitationMarkers.showsFlattenedList(text);
        });
        parsers.put("NumericCell", NumericCell::parse);
        parsers.put("LatexTemplate", LatexTemplate::parse);
        parsers.put("LatexReferences", text -> {
            LatexReferences.withoutComments(text);
            LatexReferences.citeKeys(text);
            LatexReferences.includedGraphics(text);
            LatexReferences.bibKeys(text);
        });
        parsers.put("TexRequirements", text -> TexRequirements.requirements("template.tex", text,
                Map.of("kit.sty", text)));
        parsers.put("KitCode", text -> KitCode.refusals(Map.of("kit.sty", text.getBytes(StandardCharsets.UTF_8)),
                Sandbox.Isolation.FALLBACK));
        parsers.put("LatexLog", LatexLog::parse);
        parsers.put("ContentGate", text -> ContentGate.check(text, text));
        parsers.put("ReviewReader", text -> {
            ReviewReader.text(text, "Reviewer 1", "review.md");
            ReviewReader.openReview(text, "review.json");
        });
        parsers.put("PointSplitter", text -> PointSplitter.split(ReviewReader.text(text, "Reviewer 1", "review.md"),
                text));
        parsers.put("BibliographyCitations", text -> {
            new BibliographyCitations(text, text).find("Please cite Attention Is All You Need.");
            BibliographyCitations.sameTitle(text, "Attention Is All You Need");
        });
        parsers.put("FencedBlocks+Json", AdversarialInputsTest::jsonAnswer);
        parsers.put("RevisionPlan", RevisionPlan::of);
        parsers.put("OfflineOutliner", text -> new OfflineOutliner(6, "4:3").outline(new ParsedMaterials(text, text,
                List.of(), SMALL_TEMPLATE, text), JobOptions.newBuilder().build()));
        return parsers;
    }

    /** How a model's JSON answer is read: its fenced json block, or the whole answer, through the shared mapper. */
    private static void jsonAnswer(String answer) {
        String block = FencedBlocks.find(answer, "json").orElse(answer.strip());
        try {
            JsonNode ignored = Json.mapper().readTree(block);
        } catch (JacksonException unreadable) {
            // unreadable JSON is no edit; the point is that it is found out in time
        }
    }

    /** The kept corpus: named recipes, each expanded to exactly {@code bytes} characters. */
    record AdversarialCorpus(List<Input> inputs) {

        record Input(String name, String text) {

            @Override
            public String toString() {
                return name;
            }
        }

        static List<Input> load() {
            JsonNode spec;
            try (InputStream in = AdversarialInputsTest.class.getResourceAsStream("/adversarial/corpus.json")) {
                assertThat(in).as("adversarial/corpus.json on the test class path").isNotNull();
                spec = Json.mapper().readTree(in);
            } catch (IOException e) {
                throw new IllegalStateException("adversarial/corpus.json is unreadable", e);
            }
            int size = spec.path("bytes").asInt();
            List<Input> inputs = new ArrayList<>();
            for (JsonNode recipe : spec.path("inputs")) {
                inputs.add(new Input(recipe.path("name").asString(), expand(recipe, size)));
            }
            return inputs;
        }

        /** Prefix, the unit repeated to fill (or unit and close as often each, a nesting, padded with spaces), suffix. */
        static String expand(JsonNode recipe, int size) {
            String prefix = recipe.path("prefix").asString("");
            String unit = recipe.path("unit").asString();
            String close = recipe.path("close").asString("");
            String suffix = recipe.path("suffix").asString("");
            int room = size - prefix.length() - suffix.length();
            String body;
            if (close.isEmpty()) {
                body = unit.repeat(room / unit.length() + 1).substring(0, room);
            } else {
                int depth = room / (unit.length() + close.length());
                body = unit.repeat(depth) + close.repeat(depth);
                body = body + " ".repeat(room - body.length());
            }
            return prefix + body + suffix;
        }
    }
}
