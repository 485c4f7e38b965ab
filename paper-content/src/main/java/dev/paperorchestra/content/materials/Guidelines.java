package dev.paperorchestra.content.materials;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import dev.paperorchestra.model.markdown.MarkdownDocument;
import dev.paperorchestra.model.markdown.MdSection;
import dev.paperorchestra.model.text.Prose;
import org.jspecify.annotations.Nullable;

/**
 * What the agents read from conference_guidelines.md, each value with the sentence it came from. The guidelines
 * are read as venues write them ("Papers, excluding references, must be no longer than eight pages", "Strict
 * upper limit of 10 pages", "Ethics statements do not count toward the page limit"), see {@link
 * GuidelinesReading}; a limit the job sets (--page-limit, job.json) wins over the one read here, in the agents.
 *
 * @param pages              the page limit of the main text, or null when none is stated or the statements
 *                           disagree (then {@code ambiguities} says so)
 * @param mandatorySections  the sections the guidelines require, lower case, e.g. ["introduction", "related
 *                           work"]; "abstract" when an abstract is required; empty when none are named
 * @param submissionDeadline the full-paper submission deadline (never the abstract's), or null when none is stated
 * @param excludedParts      the parts that do not count towards the page limit, from "references", "appendix",
 *                           "ethics statement", "reproducibility statement", "broader impact", "acknowledgements",
 *                           "limitations", "checklist"
 * @param optionalSections   sections the guidelines allow or encourage but do not require, e.g. "ethics statement"
 * @param evidence           each value read and the sentence it was read from
 * @param ambiguities        statements that could not be read as one value, each naming its sentences
 */
public record Guidelines(@Nullable Integer pages, List<String> mandatorySections,
        @Nullable LocalDate submissionDeadline, List<String> excludedParts, List<String> optionalSections,
        List<Evidence> evidence, List<String> ambiguities) {

    /** What a value read from the guidelines is. */
    public enum Kind { PAGE_LIMIT, NOT_COUNTED, MANDATORY_SECTION, OPTIONAL_SECTION, DEADLINE }

    /**
     * One value read and where it was read.
     *
     * @param kind     what the value is
     * @param value    the value as printed: "8", "references", "limitations", "2025-11-14"
     * @param sentence the sentence of the guidelines it was read from, markdown removed
     */
    public record Evidence(Kind kind, String value, String sentence) {
    }

    public Guidelines {
        mandatorySections = List.copyOf(mandatorySections);
        excludedParts = List.copyOf(excludedParts);
        optionalSections = List.copyOf(optionalSections);
        evidence = List.copyOf(evidence);
        ambiguities = List.copyOf(ambiguities);
    }

    public Guidelines(@Nullable Integer pages, List<String> mandatorySections, @Nullable LocalDate submissionDeadline) {
        this(pages, mandatorySections, submissionDeadline, List.of(), List.of(), List.of(), List.of());
    }

    public static Guidelines parse(String markdown) {
        return GuidelinesReading.read(markdown, mandatorySections(markdown));
    }

    public Optional<Integer> pageLimit() {
        return Optional.ofNullable(pages);
    }

    public Optional<LocalDate> deadline() {
        return Optional.ofNullable(submissionDeadline);
    }

    /** True when nothing in the guidelines speaks of a main-text page limit: neither one limit nor a conflict. */
    public boolean statesNoPageLimit() {
        return pages == null && ambiguities.isEmpty();
    }

    /** The sentence a value of this kind was read from, if it was read. */
    public Optional<String> sentenceOf(Kind kind, String value) {
        return evidence.stream().filter(e -> e.kind() == kind && e.value().equals(value)).map(Evidence::sentence)
                .findFirst();
    }

    /**
     * What was read and from which sentence, one line each, for the run to print: the page limit (with the parts
     * not counted), the parts not counted by other sentences, mandatory and optional sections, the deadline, and
     * every ambiguity.
     */
    public List<String> describe() {
        List<String> lines = new ArrayList<>();
        String limitSentence = pages == null ? null : sentenceOf(Kind.PAGE_LIMIT, pages.toString()).orElse(null);
        if (pages != null) {
            lines.add("page limit " + pages + " (main text" + (excludedParts.isEmpty() ? ""
                    : "; " + String.join(", ", excludedParts) + " not counted") + ")"
                    + (limitSentence == null ? "" : " from " + GuidelinesReading.quoted(limitSentence)));
        }
        bySentence(Kind.NOT_COUNTED, limitSentence).forEach((sentence, values) -> lines.add(String.join(", ", values)
                + " not counted towards the page limit, from " + GuidelinesReading.quoted(sentence)));
        bySentence(Kind.MANDATORY_SECTION, null).forEach((sentence, values) -> lines.add("mandatory: "
                + String.join(", ", values) + " from " + GuidelinesReading.quoted(sentence)));
        bySentence(Kind.OPTIONAL_SECTION, null).forEach((sentence, values) -> lines.add("optional: "
                + String.join(", ", values) + " from " + GuidelinesReading.quoted(sentence)));
        if (submissionDeadline != null) {
            lines.add("submission deadline " + submissionDeadline + sentenceOf(Kind.DEADLINE,
                    submissionDeadline.toString()).map(s -> " from " + GuidelinesReading.quoted(s)).orElse(""));
        }
        lines.addAll(ambiguities);
        return lines;
    }

    /** The values of a kind grouped by the sentence they came from, leaving out {@code skip}. */
    private Map<String, List<String>> bySentence(Kind kind, @Nullable String skip) {
        Map<String, List<String>> grouped = new LinkedHashMap<>();
        evidence.stream().filter(e -> e.kind() == kind && !e.sentence().equals(skip))
                .forEach(e -> grouped.computeIfAbsent(e.sentence(), s -> new ArrayList<>()).add(e.value()));
        return grouped;
    }

    /**
     * The sections a "Mandatory content" (or "Required ...") part lists, each with the statement naming it: the
     * abstract when a statement names one, and the names before "sections" in the first statement listing them
     * ("Introduction, related work, method, experiments and conclusion sections").
     */
    private static Map<String, String> mandatorySections(String markdown) {
        Map<String, String> sections = new LinkedHashMap<>();
        Optional<MdSection> part = MarkdownDocument.parse(markdown).sections().stream().filter(section -> {
            String title = Prose.normalised(section.title());
            return title.startsWith("mandatory") || title.startsWith("required");
        }).findFirst();
        if (part.isEmpty()) {
            return sections;
        }
        List<String> statements = part.get().statements();
        statements.stream().filter(statement -> Prose.mentions(statement, "abstract")).findFirst()
                .ifPresent(statement -> sections.put("abstract", statement));
        for (String statement : statements) {
            int at = wordIndex(statement.toLowerCase(Locale.ROOT), "sections");
            if (at < 0) {
                continue;
            }
            for (String name : (" " + statement.substring(0, at) + " ").replace(" and ", ",").replace(";", ",")
                    .split(",")) {
                String cleaned = Prose.normalised(name);
                if (!cleaned.isEmpty()) {
                    sections.putIfAbsent(cleaned, statement);
                }
            }
            break;
        }
        return sections;
    }

    /** Where a whole word first stands in a text, or -1. */
    private static int wordIndex(String text, String word) {
        int at = text.indexOf(word);
        while (at >= 0) {
            boolean start = at == 0 || !Character.isLetterOrDigit(text.charAt(at - 1));
            int end = at + word.length();
            if (start && (end == text.length() || !Character.isLetterOrDigit(text.charAt(end)))) {
                return at;
            }
            at = text.indexOf(word, at + 1);
        }
        return -1;
    }
}
