package dev.paperorchestra.bench.corpus;

import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * The acceptance corpus of issue 39: real inputs nobody here wrote (publisher kits from TeX Live, biomedical
 * materials exported from bioRxiv/JATS full texts), our examples in the benchmark's bold-heading style, and our
 * examples in other GFM/CommonMark forms. The kits lie under {@code src/test/resources/corpus} (its README names each
 * file's source and licence); the biomedical materials stay in their own repository, whose clone
 * {@code -Dpo.corpus.biomedical=DIR} names ({@code biomedical.json} lists the cases and the commit). The cases are
 * assembled into a {@code po bench} dataset.
 *
 * <p>CI runs every kit, the bold-heading case, the variants and their originals. The biomedical cases run with
 * {@code -Dpo.corpus=full} and the clone.
 */
public final class AcceptanceCorpus {

    /** The corpus in the bench module's test resources. */
    public static final Path ROOT = Path.of("src", "test", "resources", "corpus").toAbsolutePath();
    /** Our examples, whose idea and log the kit cases, the variants and the bold-heading case are written from. */
    public static final Path EXAMPLES = Path.of("..", "examples").toAbsolutePath().normalize();
    /** The system property that selects the whole corpus. */
    public static final String SCOPE_PROPERTY = "po.corpus";
    /**
     * The system property naming the biomedical materials: the {@code benchmark/test-cases} directory of a clone of
     * the repository {@code biomedical.json} names, at its commit.
     */
    public static final String BIOMEDICAL_PROPERTY = "po.corpus.biomedical";

    /** Which cases run: CI's lean set, or everything. */
    public enum Scope {
        CI, FULL;

        /** {@code -Dpo.corpus=full} selects everything; anything else CI's set. */
        public static Scope fromSystemProperty() {
            return "full".equals(System.getProperty(SCOPE_PROPERTY, "").toLowerCase(Locale.ROOT)) ? FULL : CI;
        }
    }

    private AcceptanceCorpus() {
    }

    /** Every kit of the corpus, by name. */
    public static Map<String, CorpusKit> kits() {
        Map<String, CorpusKit> kits = new TreeMap<>();
        for (Path dir : directories(ROOT.resolve("kits"))) {
            CorpusKit kit = CorpusKit.read(dir);
            kits.put(kit.name(), kit);
        }
        return kits;
    }

    /** The cases of a scope, in a stable order. */
    public static List<CorpusCase> cases(Scope scope) {
        Map<String, CorpusKit> kits = kits();
        List<CorpusCase> cases = new ArrayList<>();
        for (CorpusKit kit : kits.values()) {
            if (kit.materials() != null) {
                cases.add(new CorpusCase.Kit(kit, EXAMPLES.resolve(kit.materials())));
            }
        }
        Path cvpr = EXAMPLES.resolve("cvpr-sparse-depth");
        Path iclr = EXAMPLES.resolve("iclr-adaptive-optim");
        cases.add(new CorpusCase.BoldHeadings(cvpr));
        for (Path example : List.of(cvpr, iclr)) {
            cases.add(new CorpusCase.Original(example));
            for (MarkdownVariants.Variant variant : MarkdownVariants.Variant.values()) {
                cases.add(new CorpusCase.Variant(example, variant));
            }
        }
        if (scope == Scope.FULL) {
            biomedicalDirectory().ifPresent(source -> cases.addAll(biomedical(source, kits)));
        }
        return List.copyOf(cases);
    }

    /** The clone's case directory {@code -Dpo.corpus.biomedical} names, when it names one. */
    public static Optional<Path> biomedicalDirectory() {
        String dir = System.getProperty(BIOMEDICAL_PROPERTY, "");
        return dir.isBlank() ? Optional.empty() : Optional.of(Path.of(dir).toAbsolutePath());
    }

    /** The biomedical cases of biomedical.json, read from {@code source}, each on its kit. */
    static List<CorpusCase> biomedical(Path source, Map<String, CorpusKit> kits) {
        List<CorpusCase> cases = new ArrayList<>();
        for (JsonNode spec : json(ROOT.resolve("biomedical.json")).path("cases")) {
            String name = spec.path("name").asString();
            CorpusKit kit = spec.hasNonNull("kit") ? kits.get(spec.path("kit").asString()) : null;
            Path example = EXAMPLES.resolve(spec.path("example").asString(""));
            if (kit == null && !Files.exists(example.resolve("template.tex"))) {
                throw new IllegalStateException("biomedical.json: case " + name + " names neither a kit of the corpus "
                        + "nor an example");
            }
            Path materials = source.resolve(name);
            if (!Files.exists(materials.resolve("idea_summary.md"))) {
                throw new IllegalStateException(materials + " has no idea_summary.md: -D" + BIOMEDICAL_PROPERTY
                        + " must name the benchmark/test-cases directory of a clone at the commit biomedical.json names");
            }
            cases.add(new CorpusCase.Biomedical("bio-" + name, materials, kit, example,
                    spec.path("cutoffDate").asString()));
        }
        return cases;
    }

    /** Writes every case into {@code dataset}, one directory each. */
    public static void write(List<CorpusCase> cases, Path dataset) throws IOException {
        Files.createDirectories(dataset);
        for (CorpusCase c : cases) {
            c.write(dataset.resolve(c.name()));
        }
    }

    /** The research cutoff of an example, from its job.json. */
    static String cutoff(Path example) {
        return json(example.resolve("job.json")).path("cutoffDate").asString();
    }

    /** The venue of an example, from its job.json. */
    static String venue(Path example) {
        return json(example.resolve("job.json")).path("venue").asString();
    }

    private static JsonNode json(Path file) {
        try {
            return Json.mapper().readTree(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> directories(Path parent) {
        try (Stream<Path> children = Files.list(parent)) {
            return children.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
