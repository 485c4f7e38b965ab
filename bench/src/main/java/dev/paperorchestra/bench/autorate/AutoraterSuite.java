package dev.paperorchestra.bench.autorate;

import dev.paperorchestra.bench.autorate.CitationF1.Priority;
import dev.paperorchestra.bench.dataset.BenchCase;
import dev.paperorchestra.base.errors.AgentException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexSection;
import dev.paperorchestra.model.vocabulary.SectionRole;
import dev.paperorchestra.gateway.LlmGateway;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs the enabled autoraters on one completed case and saves each one's inputs and outputs under
 * BENCH_DIR/cases/&lt;case&gt;/autoraters/. A rater that cannot run says why in {@code skipped.json}: no
 * {@code reference/}, no model (offline: the model raters and the P0/P1 labels are skipped; citation F1 is
 * reported for all references only).
 */
public final class AutoraterSuite implements AutoCloseable {

    public static final String DIR = "autoraters";

    /** The autoraters {@code --autoraters} can name. */
    public enum Kind {
        CITATION_F1, LITERATURE_QUALITY, SIDE_BY_SIDE;

        public String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        public static Set<Kind> parse(String list) {
            Set<Kind> kinds = EnumSet.noneOf(Kind.class);
            for (String id : list.split(",")) {
                if (id.isBlank() || id.strip().equals("none")) {
                    continue;
                }
                kinds.add(Arrays.stream(values()).filter(k -> k.id().equals(id.strip())).findFirst()
                        .orElseThrow(() -> new IllegalArgumentException("unknown autorater '" + id.strip()
                                + "' (known: citation-f1, literature-quality, side-by-side, none)")));
            }
            return kinds;
        }
    }

    /** The sections of a paper's literature review. */
    private static final Set<SectionRole> LITERATURE = Set.of(SectionRole.INTRODUCTION, SectionRole.RELATED_WORK,
            SectionRole.BACKGROUND);

    private final Set<Kind> enabled;
    /** The first judge family: every model rater's calls, and the side-by-side verdict the columns report. */
    private final @Nullable JudgeFamily first;
    private final @Nullable LlmGateway gateway;
    private final String noModelReason;
    private final ReferenceResolution references;
    /** The name of the family {@code gateway} judges as (the reviewer role's model). */
    private final String judge;
    /** Judge families asked besides it, side-by-side only; their verdicts are saved with the first one's. */
    private final List<JudgeFamily> otherJudges;

    /** How a case's reference list is resolved to Semantic Scholar records for citation F1. */
    @FunctionalInterface
    public interface ReferenceResolution extends AutoCloseable {

        /**
         * @throws dev.paperorchestra.base.errors.AgentException when the references cannot be looked up now
         *         (citation F1 of the case is then skipped with the reason)
         */
        ScholarLookup lookupFor(BenchCase benchCase, String paperId, List<BibEntry> references);

        @Override
        default void close() {
        }
    }

    /**
     * @param first         the first judge family: the gateway every model rater calls and the ledger it records
     *                      those calls in; null when there is no model
     * @param noModelReason what the report says when {@code first} is null
     */
    public AutoraterSuite(Set<Kind> enabled, @Nullable JudgeFamily first, String noModelReason,
            ReferenceResolution references) {
        this(enabled, first, noModelReason, references, List.of());
    }

    /** @param otherJudges further side-by-side judge families, each asked every case in both orders */
    public AutoraterSuite(Set<Kind> enabled, @Nullable JudgeFamily first, String noModelReason,
            ReferenceResolution references, List<JudgeFamily> otherJudges) {
        this.enabled = Set.copyOf(enabled);
        this.first = first;
        this.gateway = first == null ? null : first.gateway();
        this.noModelReason = noModelReason;
        this.references = references;
        this.judge = first == null ? "reviewer" : first.label();
        this.otherJudges = List.copyOf(otherJudges);
    }

    public void rate(BenchCase benchCase, String paperId, Path outputDir) {
        Path dir = outputDir.getParent().resolve(DIR);
        ObjectNode skipped = Json.mapper().createObjectNode();
        Path reference = benchCase.reference().orElse(null);
        if (reference == null) {
            enabled.forEach(kind -> skipped.put(kind.id(), "the case has no reference/ directory"));
            save(dir.resolve("skipped.json"), skipped);
            return;
        }
        save(dir.resolve(HumanPaperCounts.FILE), HumanPaperCounts.measure(reference));
        String autoraterPaperId = paperId + "-autorate";
        List<JudgeFamily> families = new java.util.ArrayList<>();
        if (first != null) {
            families.add(first);
            families.addAll(otherJudges);
        }
        List<JudgeUsage.Mark> before = JudgeUsage.mark(families, autoraterPaperId);
        if (enabled.contains(Kind.CITATION_F1)) {
            citationF1(benchCase, outputDir, reference, dir, skipped, autoraterPaperId);
        }
        String generatedTex = read(outputDir.resolve("paper.tex"));
        String referenceTex = read(reference.resolve("paper.tex"));
        for (Kind kind : List.of(Kind.LITERATURE_QUALITY, Kind.SIDE_BY_SIDE)) {
            if (!enabled.contains(kind)) {
                continue;
            }
            if (gateway == null) {
                skipped.put(kind.id(), noModelReason);
            } else if (generatedTex.isEmpty() || referenceTex.isEmpty()) {
                skipped.put(kind.id(), "paper.tex of the generated or the reference paper is missing");
            } else if (kind == Kind.LITERATURE_QUALITY) {
                String review = literatureReview(generatedTex);
                int referenceCitations = BibEntry.parse(read(reference.resolve("references.bib"))).size();
                save(dir.resolve("literature_quality.json"), new LiteratureQualityRater(gateway)
                        .rate(autoraterPaperId, review, citedKeys(review), referenceCitations));
            } else {
                save(dir.resolve("sxs_paper.json"),
                        sideBySide(gateway, autoraterPaperId, SideBySideJudge.Scope.PAPER, generatedTex, referenceTex));
                save(dir.resolve("sxs_literature.json"), sideBySide(gateway, autoraterPaperId,
                        SideBySideJudge.Scope.LITERATURE, literatureReview(generatedTex), literatureReview(referenceTex)));
            }
        }
        if (families.isEmpty()) {
            delete(dir.resolve(JudgeUsage.FILE)); // rated again without a model: no family was paid
        } else {
            save(dir.resolve(JudgeUsage.FILE), JudgeUsage.since(before, autoraterPaperId));
        }
        save(dir.resolve("skipped.json"), skipped);
    }

    /**
     * The first family's judgement with every other family's beside it ({@code otherJudges}). Another family
     * that fails is recorded as skipped with the reason, so its outage costs the case only that family's verdict.
     */
    private ObjectNode sideBySide(LlmGateway first, String paperId, SideBySideJudge.Scope scope, String generated,
            String reference) {
        ObjectNode judged = new SideBySideJudge(first).judge(paperId, scope, generated, reference).put("judge", judge);
        if (otherJudges.isEmpty()) {
            return judged;
        }
        var others = judged.putArray("otherJudges");
        for (JudgeFamily family : otherJudges) {
            try {
                others.add(new SideBySideJudge(family.gateway()).judge(paperId, scope, generated, reference)
                        .put("judge", family.label()));
            } catch (RuntimeException e) {
                others.addObject().put("judge", family.label()).put("skipped", "the judge failed: " + e.getMessage());
            }
        }
        return judged;
    }

    private void citationF1(BenchCase benchCase, Path outputDir, Path reference, Path dir, ObjectNode skipped,
            String autoraterPaperId) {
        Path bib = reference.resolve("references.bib");
        Path citationMap = outputDir.resolve("citation_map.json");
        if (!Files.isRegularFile(bib) || !Files.isRegularFile(citationMap)) {
            skipped.put(Kind.CITATION_F1.id(), "reference/references.bib or the paper's citation_map.json is missing");
            return;
        }
        List<BibEntry> references = BibEntry.parse(read(bib));
        Map<String, Priority> labels = null;
        String labelsSkipped = null;
        if (gateway == null) {
            labelsSkipped = "P0/P1 labels need a model: " + noModelReason + "; F1 is reported for all references only";
        } else {
            labels = new PriorityLabeler(gateway).label(autoraterPaperId, read(benchCase.materials().resolve("idea.md")),
                    references);
            ObjectNode saved = Json.mapper().createObjectNode();
            labels.forEach((key, priority) -> saved.put(key, priority.name()));
            save(dir.resolve("p0p1_labels.json"), saved);
        }
        ScholarLookup lookup;
        try {
            lookup = this.references.lookupFor(benchCase, autoraterPaperId, references);
        } catch (AgentException e) {
            skipped.put(Kind.CITATION_F1.id(), "the reference list could not be looked up: " + e.getMessage());
            return;
        }
        ObjectNode rated = new CitationAutorater(lookup)
                .rate(Json.mapper().readTree(read(citationMap)), references, labels, labelsSkipped);
        save(dir.resolve("citation_f1.json"), rated);
    }

    @Override
    public void close() {
        references.close();
    }

    /** Result columns from whatever a case's autoraters saved. */
    public static Map<String, Object> columns(Path caseDir) {
        Path dir = caseDir.resolve(DIR);
        Map<String, Object> columns = new LinkedHashMap<>();
        JsonNode citation = load(dir.resolve("citation_f1.json"));
        if (citation != null) {
            columns.putAll(CitationAutorater.columns(citation));
        }
        JsonNode quality = load(dir.resolve("literature_quality.json"));
        if (quality != null) {
            columns.put("literature_quality", quality.path("overall").asDouble());
        }
        JsonNode paper = load(dir.resolve("sxs_paper.json"));
        if (paper != null) {
            sideBySide(columns, "sxs_paper", paper);
        }
        JsonNode literature = load(dir.resolve("sxs_literature.json"));
        if (literature != null) {
            sideBySide(columns, "sxs_literature", literature);
        }
        JsonNode judgeUsage = load(dir.resolve(JudgeUsage.FILE));
        if (judgeUsage != null) {
            columns.put(JudgeUsage.COLUMN, JudgeUsage.column(judgeUsage));
        }
        JsonNode human = load(dir.resolve(HumanPaperCounts.FILE));
        if (human != null) {
            columns.putAll(HumanPaperCounts.columns(human));
        }
        JsonNode skipped = load(dir.resolve("skipped.json"));
        List<String> notRun = new java.util.ArrayList<>();
        if (skipped != null) {
            skipped.propertyNames().forEach(name -> notRun.add(name + ": " + skipped.get(name).asString()));
        }
        for (JsonNode judged : java.util.Arrays.asList(paper, literature)) {
            if (judged != null) {
                judged.path("otherJudges").forEach(other -> {
                    if (other.has("skipped")) {
                        notRun.add("side-by-side by " + other.path("judge").asString() + ": "
                                + other.path("skipped").asString());
                    }
                });
            }
        }
        if (!notRun.isEmpty()) {
            columns.put("autoraters_skipped", String.join("; ", notRun.stream().distinct().toList()));
        }
        return columns;
    }

    /**
     * The first judge family's combined verdict, and each order's verdict (the bench's position bias is read from
     * those); with the family's name recorded, also {@code <column>_by}: every family's verdicts by its name, the
     * first family first (the judges' agreement is read from those).
     */
    private static void sideBySide(Map<String, Object> columns, String column, JsonNode judged) {
        verdicts(judged).forEach((key, verdict) -> columns.put(column + (key.equals("verdict") ? "" : "_" + key),
                verdict));
        if (!judged.has("judge")) {
            return; // judged before families were named: the first family only
        }
        Map<String, Map<String, String>> byFamily = new LinkedHashMap<>();
        byFamily.put(judged.path("judge").asString(), verdicts(judged));
        judged.path("otherJudges").forEach(other -> {
            if (!other.has("skipped")) {
                byFamily.put(other.path("judge").asString(), verdicts(other));
            }
        });
        columns.put(column + "_by", byFamily);
    }

    /** {@code verdict}, {@code generated_first} and {@code generated_second} of one family's judgement. */
    private static Map<String, String> verdicts(JsonNode judged) {
        Map<String, String> verdicts = new LinkedHashMap<>();
        verdicts.put("verdict", judged.path("verdict").asString());
        for (String order : List.of("generatedFirst", "generatedSecond")) {
            String verdict = judged.path(order).path("verdict").asString("");
            if (!verdict.isEmpty()) {
                verdicts.put(order.equals("generatedFirst") ? "generated_first" : "generated_second", verdict);
            }
        }
        return verdicts;
    }

    /** Introduction and related work: from the first section to the section after the last literature one. */
    static String literatureReview(String tex) {
        int start = -1;
        int end = -1;
        for (TexSection section : TexDocument.parse(tex).sections()) {
            if (section.level() != 1) {
                continue;
            }
            boolean literature = LITERATURE.contains(section.role());
            if (literature && start < 0) {
                start = section.span().start();
            } else if (!literature && start >= 0) {
                end = section.span().start();
                break;
            }
        }
        if (start < 0) {
            return "";
        }
        return tex.substring(start, end < 0 ? tex.length() : end);
    }

    static int citedKeys(String tex) {
        return TexDocument.parse(tex).citedKeys().size();
    }

    private static @Nullable JsonNode load(Path file) {
        return Files.isRegularFile(file) ? Json.mapper().readTree(read(file)) : null;
    }

    private static String read(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + file, e);
        }
    }

    private static void save(Path file, JsonNode json) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(json) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
