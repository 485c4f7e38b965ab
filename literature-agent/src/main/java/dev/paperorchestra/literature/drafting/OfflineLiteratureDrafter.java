package dev.paperorchestra.literature.drafting;

import dev.paperorchestra.literature.plan.LiteratureOutline;
import dev.paperorchestra.literature.plan.Purpose;
import dev.paperorchestra.literature.registry.CitationRegistry;
import dev.paperorchestra.literature.registry.RegistryEntry;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.content.materials.LatexReferences;
import dev.paperorchestra.content.materials.LatexSections;
import dev.paperorchestra.content.materials.LatexTemplate;
import dev.paperorchestra.model.tex.LatexText;
import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.runtime.outline.LiteratureQueries;
import dev.paperorchestra.schemas.Candidate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Locale;
import java.util.Set;

/**
 * Writes Introduction and Related Work without a model. The prose is the outline's own sentences; around
 * them every pool paper is cited where the query that found it belongs: related-work clusters, introduction
 * search directions, the dependencies named by citation hints, and the rest by the query that found them.
 * Nothing is claimed about what a paper did or how it compares.
 */
public final class OfflineLiteratureDrafter {

    static final String LABEL_LINE = "% " + ModelMode.OFFLINE_LABEL;
    /** Verbs a plan's instruction starts with ("Find ...", "Survey ..."). */
    private static final Set<String> INSTRUCTIONS = Set.of("find", "search", "identify", "locate", "collect",
            "gather", "survey", "review", "list", "retrieve", "cite", "establish", "determine", "investigate", "check",
            "compare");
    /** The materials files a plan points at. */
    private static final List<String> MATERIALS = List.of("idea.md", "experimental_log.md");
    /** Papers of a cluster named by title; more would read as a bibliography rather than a paragraph. */
    private static final int NAMED_PER_CLUSTER = 4;

    private final double minCitationShare;

    public OfflineLiteratureDrafter(double minCitationShare) {
        this.minCitationShare = minCitationShare;
    }

    public LiteratureDraft draft(String template, LiteratureOutline outline, CitationRegistry registry) {
        LatexTemplate parsed = LatexTemplate.parse(template);
        Optional<String> introduction = parsed.sectionMatching("introduction");
        Optional<String> related = parsed.sectionMatching("related").filter(title -> !introduction.equals(
                Optional.of(title)));
        if (introduction.isEmpty() && related.isEmpty()) {
            return new LiteratureDraft(template, List.of(), Set.of());
        }
        Placement placement = Placement.of(registry, outline, introduction.isPresent(), related.isPresent());
        String document = template;
        List<String> written = new ArrayList<>();
        Set<String> cited = new LinkedHashSet<>();
        if (introduction.isPresent()) {
            String body = introduction(outline, placement, related.isEmpty());
            document = LatexSections.replaceBody(document, introduction.get(), body);
            written.add(introduction.get());
            cited.addAll(LatexReferences.citeKeys(body));
        }
        if (related.isPresent()) {
            String body = relatedWork(outline, placement, registry);
            document = LatexSections.replaceBody(document, related.get(), body);
            written.add(related.get());
            cited.addAll(LatexReferences.citeKeys(body));
        }
        CitationCheck.require(cited, registry.keys(), minCitationShare);
        return new LiteratureDraft(document, written, cited);
    }

    private static String introduction(LiteratureOutline outline, Placement placement, boolean holdsFurther) {
        List<String> lines = new ArrayList<>();
        lines.add(LABEL_LINE);
        lines.add(join(LatexProse.sentence(statement(outline.hook())),
                LatexProse.sentence(statement(outline.problemGap()))));
        // one sentence placing the work among the research each search direction found, the citations beside
        // the topic they belong to (never a sentence per topic saying where "context comes from")
        List<String> topics = new ArrayList<>();
        placement.byDirection().forEach((direction, keys) -> topics.add(LatexProse.clause(direction)
                + LatexProse.cite(keys)));
        if (!topics.isEmpty()) {
            lines.add("This work relates to research on " + LatexProse.series(topics) + ".");
        }
        if (!placement.byHint().isEmpty()) {
            // one citation for all names: offline search cannot tell which paper introduced which resource
            List<String> names = placement.byHint().keySet().stream().map(LatexText::escape).toList();
            List<String> keys = placement.byHint().values().stream().flatMap(List::stream).toList();
            lines.add("The work builds on " + LatexProse.series(names) + LatexProse.cite(keys) + ".");
        }
        if (holdsFurther && !placement.further().isEmpty()) {
            lines.add(further(placement.further()));
        }
        return String.join("\n\n", lines.stream().filter(line -> !line.isBlank()).toList());
    }

    private static String relatedWork(LiteratureOutline outline, Placement placement, CitationRegistry registry) {
        Map<String, String> titles = new LinkedHashMap<>();
        registry.entries().forEach(entry -> titles.put(entry.key(), entry.record().getTitle()));
        List<String> lines = new ArrayList<>();
        lines.add(LABEL_LINE);
        List<String> present = outline.clusters().stream().map(LiteratureOutline.Cluster::title)
                .filter(placement.byCluster()::containsKey).toList();
        // the plan's overview counts every planned cluster; one the search found nothing for is not written,
        // so the section then says which lines of work it does discuss
        lines.add(present.size() == outline.clusters().size() ? LatexProse.sentence(statement(outline.overview()))
                : present.isEmpty() ? "" : "The verified literature falls into " + present.size()
                        + (present.size() == 1 ? " line of work: " : " lines of work: ")
                        + LatexProse.series(present.stream().map(LatexText::escape).toList()) + ".");
        for (LiteratureOutline.Cluster cluster : outline.clusters()) {
            List<String> keys = placement.byCluster().get(cluster.title());
            if (keys != null) {
                // the cluster's description, never its search mission ("Find the papers that ..."): an
                // instruction to the searcher is not a statement about the literature
                String lead = LatexProse.sentence(statement(cluster.methodologyCluster()));
                lines.add("\\paragraph{" + LatexText.escape(cluster.title()) + "} "
                        + join(lead, "Work in this direction includes " + named(keys, titles) + "."));
            }
        }
        if (!placement.further().isEmpty()) {
            lines.add(further(placement.further()));
        }
        return String.join("\n\n", lines.stream().filter(line -> !line.isBlank()).toList());
    }

    /**
     * A cluster's papers by their verified titles, each beside its citation: the reader learns what the cluster
     * holds without a claim about what any paper did. Past {@link #NAMED_PER_CLUSTER} the rest are cited together.
     */
    private static String named(List<String> keys, Map<String, String> titles) {
        List<String> items = new ArrayList<>();
        for (String key : keys.subList(0, Math.min(keys.size(), NAMED_PER_CLUSTER))) {
            items.add("\\emph{" + LatexText.escape(titles.getOrDefault(key, key).strip()) + "}" + LatexProse.cite(
                    List.of(key)));
        }
        if (keys.size() > NAMED_PER_CLUSTER) {
            items.add("further studies" + LatexProse.cite(keys.subList(NAMED_PER_CLUSTER, keys.size())));
        }
        return LatexProse.series(items);
    }

    /**
     * Papers no outline section claims, cited by the query that found them: grouped by topic like every other
     * citation, never a list of leftover titles.
     */
    private static String further(List<RegistryEntry> entries) {
        Map<String, List<String>> byQuery = new LinkedHashMap<>();
        for (RegistryEntry entry : entries) {
            String query = entry.queries().isEmpty() ? "" : entry.queries().getFirst();
            byQuery.computeIfAbsent(query, ignored -> new ArrayList<>()).add(entry.key());
        }
        List<String> sentences = new ArrayList<>();
        byQuery.forEach((query, keys) -> sentences.add(query.isBlank()
                ? "Related studies include" + LatexProse.cite(keys) + "."
                : "On " + LatexProse.clause(query) + ", see" + LatexProse.cite(keys) + "."));
        return String.join(" ", sentences);
    }

    /**
     * The sentences of the text that state something, without the plan's notes: instructions ("Find ...",
     * "Survey ...") and pointers at the materials ("the datasets evaluated in experimental_log.md").
     */
    static String statement(String text) {
        List<String> kept = new ArrayList<>();
        for (String sentence : Prose.sentences(text.strip())) {
            if (!isInstruction(sentence) && !pointsAtMaterials(sentence)) {
                kept.add(sentence);
            }
        }
        return String.join(" ", kept);
    }

    /** A sentence that starts with an instruction verb ("Look for", "Find"). */
    private static boolean isInstruction(String sentence) {
        List<String> words = Prose.words(sentence.toLowerCase(Locale.ROOT));
        if (words.isEmpty()) {
            return false;
        }
        String first = words.getFirst();
        return INSTRUCTIONS.contains(first) || first.equals("look") && words.size() > 1
                && (words.get(1).equals("for") || words.get(1).equals("up"));
    }

    /** A sentence that names idea.md or experimental_log.md. */
    private static boolean pointsAtMaterials(String sentence) {
        String lower = sentence.toLowerCase(Locale.ROOT);
        for (String file : MATERIALS) {
            for (int at = lower.indexOf(file); at >= 0; at = lower.indexOf(file, at + 1)) {
                boolean before = at == 0 || !Character.isLetterOrDigit(lower.charAt(at - 1))
                        && lower.charAt(at - 1) != '_';
                int end = at + file.length();
                boolean after = end == lower.length() || !Character.isLetterOrDigit(lower.charAt(end));
                if (before && after) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String join(String first, String second) {
        return first.isEmpty() ? second : second.isEmpty() ? first : first + " " + second;
    }

    /**
     * Where each pool paper is cited: the first outline cluster among those whose queries found it, else the
     * first introduction search direction, else the first citation hint, else the closing paragraph.
     */
    record Placement(Map<String, List<String>> byCluster, Map<String, List<String>> byDirection,
            Map<String, List<String>> byHint, List<RegistryEntry> further) {

        static Placement of(CitationRegistry registry, LiteratureOutline outline, boolean hasIntroduction,
                boolean hasRelated) {
            Map<String, List<String>> byCluster = new LinkedHashMap<>();
            Map<String, List<String>> byDirection = new LinkedHashMap<>();
            Map<String, List<String>> byHint = new LinkedHashMap<>();
            outline.clusters().forEach(cluster -> byCluster.put(cluster.title(), new ArrayList<>()));
            outline.searchDirections().forEach(direction -> byDirection.put(direction, new ArrayList<>()));
            List<String> hints = outline.citationHints().stream().map(LiteratureQueries::forCitationHint).distinct().toList();
            hints.forEach(name -> byHint.put(name, new ArrayList<>()));
            List<RegistryEntry> further = new ArrayList<>();
            for (RegistryEntry entry : registry.entries()) {
                Optional<String> cluster = hasRelated ? outline.clusters().stream()
                        .map(LiteratureOutline.Cluster::title).filter(entry.clusters()::contains).findFirst()
                        : Optional.empty();
                Optional<String> direction = hasIntroduction ? outline.searchDirections().stream()
                        .filter(queries(entry, Purpose.INTRODUCTION)::contains).findFirst() : Optional.empty();
                Optional<String> hint = hasIntroduction ? hints.stream()
                        .filter(queries(entry, Purpose.CITATION_HINT)::contains).findFirst() : Optional.empty();
                if (cluster.isPresent()) {
                    byCluster.get(cluster.get()).add(entry.key());
                } else if (direction.isPresent()) {
                    byDirection.get(direction.get()).add(entry.key());
                } else if (hint.isPresent()) {
                    byHint.get(hint.get()).add(entry.key());
                } else {
                    further.add(entry);
                }
            }
            byCluster.values().removeIf(List::isEmpty);
            byDirection.values().removeIf(List::isEmpty);
            byHint.values().removeIf(List::isEmpty);
            return new Placement(byCluster, byDirection, byHint, further);
        }

        private static Set<String> queries(RegistryEntry entry, String purpose) {
            Set<String> queries = new LinkedHashSet<>();
            for (Candidate candidate : entry.foundBy()) {
                if (candidate.getPurpose().equals(purpose)) {
                    queries.add(candidate.getQuery());
                }
            }
            return queries;
        }
    }
}
