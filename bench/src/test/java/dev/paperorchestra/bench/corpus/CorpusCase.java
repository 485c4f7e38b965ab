package dev.paperorchestra.bench.corpus;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/** One case of the acceptance corpus: a materials directory as {@code po bench} takes it, written on demand. */
public sealed interface CorpusCase {

    /** The case's directory name in the dataset. */
    String name();

    /** Writes the case's materials into {@code dir}, which does not exist yet. */
    void write(Path dir) throws IOException;

    /** The kit the case's template and guidelines come from; none for a case on an example's own template. */
    default @Nullable CorpusKit kit() {
        return null;
    }

    /**
     * A publisher's author kit from TeX Live with the idea, log and recorded sources of one of our examples, so
     * that only the kit varies between kit cases.
     */
    record Kit(CorpusKit kit, Path example) implements CorpusCase {

        @Override
        public String name() {
            return "kit-" + kit.name();
        }

        @Override
        public void write(Path dir) throws IOException {
            kit.writeInto(dir);
            for (String file : new String[] {"idea.md", "experimental_log.md", "scholar_records.json"}) {
                Files.copy(example.resolve(file), dir.resolve(file));
            }
            writeJob(dir, AcceptanceCorpus.cutoff(example), kit.venue());
        }
    }

    /**
     * A biomedical case exported from bioRxiv/JATS full texts (paperorchestra-bio: its {@code idea_summary.md} as
     * idea.md and its {@code experimental_log.md}), on one of the corpus kits or, with no kit, on the template and
     * guidelines of one of our examples, as {@code po bench import} fills a case that brings neither.
     */
    record Biomedical(String name, Path materials, @Nullable CorpusKit kit, Path example, String cutoff)
            implements CorpusCase {

        @Override
        public void write(Path dir) throws IOException {
            if (kit != null) {
                kit.writeInto(dir);
            } else {
                Files.createDirectories(dir);
                Files.copy(example.resolve("template.tex"), dir.resolve("template.tex"));
                Files.copy(example.resolve("conference_guidelines.md"), dir.resolve("conference_guidelines.md"));
            }
            Files.copy(materials.resolve("idea_summary.md"), dir.resolve("idea.md"));
            Files.copy(materials.resolve("experimental_log.md"), dir.resolve("experimental_log.md"));
            writeJob(dir, cutoff, kit != null ? kit.venue() : AcceptanceCorpus.venue(example));
        }
    }

    /** One of our examples as it is: what its variants are compared with. */
    record Original(Path example) implements CorpusCase {

        @Override
        public String name() {
            return example.getFileName().toString();
        }

        @Override
        public void write(Path dir) throws IOException {
            copyExample(example, dir, UnaryOperator.identity(), UnaryOperator.identity());
        }
    }

    /** One of our examples with its Markdown rewritten in another GFM/CommonMark form ({@link MarkdownVariants}). */
    record Variant(Path example, MarkdownVariants.Variant variant) implements CorpusCase {

        @Override
        public String name() {
            return example.getFileName() + "-" + variant.suffix();
        }

        /** The case this one must give the same paper as. */
        public String original() {
            return example.getFileName().toString();
        }

        @Override
        public void write(Path dir) throws IOException {
            copyExample(example, dir, variant::apply, variant::apply);
        }
    }

    /** Our CVPR example converted to the benchmark's bold-heading material style ({@link BenchmarkStyle}). */
    record BoldHeadings(Path example) implements CorpusCase {

        @Override
        public String name() {
            return example.getFileName() + "-bold-headings";
        }

        /** The case of the example as it is, which this one must chart alike. */
        public String original() {
            return example.getFileName().toString();
        }

        @Override
        public void write(Path dir) throws IOException {
            copyExample(example, dir, BenchmarkStyle::idea, BenchmarkStyle::log);
        }
    }

    private static void copyExample(Path example, Path dir, UnaryOperator<String> idea, UnaryOperator<String> log)
            throws IOException {
        Files.createDirectories(dir);
        for (String file : new String[] {"template.tex", "conference_guidelines.md", "job.json",
                "scholar_records.json"}) {
            Files.copy(example.resolve(file), dir.resolve(file));
        }
        Files.writeString(dir.resolve("idea.md"), idea.apply(Files.readString(example.resolve("idea.md"))),
                StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("experimental_log.md"),
                log.apply(Files.readString(example.resolve("experimental_log.md"))), StandardCharsets.UTF_8);
    }

    private static void writeJob(Path dir, String cutoff, String venue) throws IOException {
        Files.writeString(dir.resolve("job.json"), "{\"cutoffDate\": \"" + cutoff + "\", \"venue\": \"" + venue
                + "\"}\n", StandardCharsets.UTF_8);
    }
}
