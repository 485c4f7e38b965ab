package dev.paperorchestra.writer.sections;

import dev.paperorchestra.content.integrity.ContentGate;
import dev.paperorchestra.model.markdown.MarkdownDocument;
import dev.paperorchestra.model.markdown.MdBlock;
import dev.paperorchestra.model.markdown.MdTable;
import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.vocabulary.SectionRole;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The paper's title, never a heading of the materials. In order: the author naming the paper in a title line
 * ("Title: ...", "**Working title:** ...") near the top of idea.md; else the idea's one level-1 heading, without a
 * label such as "Idea:", when it is not itself a label ("Idea", "Problem Statement", "Proposed Methodology
 * (High-Level Technical Approach)"); else the first line under a "Working title" heading; else a title built from
 * the method's name and the task the problem states ("GlimpseDepth: Metric depth from sparse measurements"), or
 * the task alone when the materials name no method. Only the author's words; nothing is made up.
 */
final class PaperTitle {

    /** Blocks of idea.md within which a title line is looked for. */
    private static final int TITLE_LINE_WITHIN = 8;
    private static final int MOST_WORDS = 14;
    private static final int FEWEST_WORDS = 4;
    private static final List<String> TITLE_LABELS = List.of("research idea", "idea summary", "idea",
            "working title", "paper title", "proposed title", "tentative title", "title");
    /** Where a long sentence may be cut into a title: before these words or after these marks. */
    private static final List<String> CLAUSE_STARTS = List.of(", ", "; ", ": ", " – ", " — ", " - ", " which ",
            " that ", " because ", " while ", " whereas ", " so that ", " where ", " when ");
    /** Words a title does not end on. */
    private static final Set<String> TRAILING = Set.of("than", "the", "of", "a", "an", "to", "in", "on", "for",
            "and", "or", "with", "at", "by", "from", "that", "which", "as", "is", "are", "its", "their");

    private PaperTitle() {
    }

    static @Nullable String of(MarkdownDocument idea, Optional<String> name, List<String> problem,
            List<String> core) {
        Optional<String> line = titleLine(idea);
        if (line.isPresent()) {
            return line.get();
        }
        Optional<String> heading = idea.title().map(PaperTitle::withoutLabel).filter(title -> !isLabel(title));
        if (heading.isPresent()) {
            return heading.get();
        }
        Optional<String> working = idea.sections().stream()
                .filter(section -> Set.of("working title", "title", "paper title").contains(
                        SectionRole.normalise(section.title())))
                .flatMap(section -> IdeaContent.paragraphs(section).stream()).map(PaperTitle::withoutLabel)
                .filter(text -> !text.isBlank()).findFirst();
        if (working.isPresent()) {
            return working.get();
        }
        return built(name, problem.isEmpty() ? core : problem);
    }

    /** "Title: ..." (with optional emphasis, a heading mark or a "working"/"paper" before it) near the top. */
    private static Optional<String> titleLine(MarkdownDocument idea) {
        int seen = 0;
        for (MdBlock block : idea.blocks()) {
            if (seen++ >= TITLE_LINE_WITHIN) {
                break;
            }
            String text = switch (block) {
                case MdBlock.Paragraph paragraph -> paragraph.text().plainWithTexMath();
                case MdBlock.Heading heading -> heading.text().plainWithTexMath();
                default -> "";
            };
            String firstLine = text.lines().findFirst().orElse("").strip();
            String lower = firstLine.toLowerCase(Locale.ROOT);
            for (String label : List.of("working title", "paper title", "proposed title", "tentative title",
                    "title")) {
                if (lower.startsWith(label) && firstLine.length() > label.length()
                        && ":-–—".indexOf(firstLine.charAt(label.length())) >= 0) {
                    String title = firstLine.substring(label.length() + 1).strip();
                    if (!title.isEmpty() && !ContentGate.isPlaceholderTitle(title)) {
                        return Optional.of(title);
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** A heading without a leading label: "Idea: GlimpseDepth" gives "GlimpseDepth". */
    static String withoutLabel(String heading) {
        String lower = heading.toLowerCase(Locale.ROOT);
        for (String label : TITLE_LABELS) {
            if (lower.startsWith(label) && heading.length() > label.length()
                    && heading.charAt(label.length()) == ':') {
                return heading.substring(label.length() + 1).strip();
            }
        }
        return heading.strip();
    }

    /**
     * Whether a heading labels a part of the materials rather than naming the work: a section name ("Problem
     * Statement", "Methods"), or only generic words once what stands in brackets is set aside ("Proposed
     * Methodology (High-Level Technical Approach)"), or a template's placeholder.
     */
    static boolean isLabel(String heading) {
        String outside = withoutBrackets(heading);
        return outside.isBlank() || SectionRole.named(outside).isPresent() || MaterialsHeadings.isGeneric(outside)
                || ContentGate.isPlaceholderTitle(heading);
    }

    private static String withoutBrackets(String text) {
        StringBuilder out = new StringBuilder();
        int depth = 0;
        for (char c : text.toCharArray()) {
            if (c == '(' || c == '[') {
                depth++;
            } else if ((c == ')' || c == ']') && depth > 0) {
                depth--;
            } else if (depth == 0) {
                out.append(c);
            }
        }
        return out.toString().strip();
    }

    /** The method's name and the task: "Name: task", or the task alone. */
    static @Nullable String built(Optional<String> name, List<String> statements) {
        String task = statements.stream().map(PaperTitle::cut).filter(text -> !text.isEmpty()
                && name.map(n -> !text.startsWith(n)).orElse(true)).findFirst().orElse(null);
        if (task == null) {
            return name.orElse(null);
        }
        return name.map(n -> n + ": " + task).orElse(task);
    }

    /** A sentence cut at a clause boundary to a title's length, without a dangling last word. */
    static String cut(String sentence) {
        String text = trimEnd(Prose.plainWords(sentence), ".!?:;,");
        List<String> words = Prose.words(text);
        if (words.size() > MOST_WORDS) {
            String best = null;
            for (String boundary : CLAUSE_STARTS) {
                int at = text.indexOf(boundary);
                while (at > 0) {
                    String head = text.substring(0, at).strip();
                    int count = Prose.wordCount(head);
                    if (count >= FEWEST_WORDS && count <= MOST_WORDS && (best == null || head.length() > best.length())) {
                        best = head;
                    }
                    at = text.indexOf(boundary, at + 1);
                }
            }
            text = best != null ? best : String.join(" ", words.subList(0, MOST_WORDS));
        }
        text = trimEnd(text, ",;:-–—");
        List<String> kept = new ArrayList<>(Prose.words(text));
        while (!kept.isEmpty() && TRAILING.contains(kept.getLast().toLowerCase(Locale.ROOT))) {
            kept.removeLast();
        }
        String title = String.join(" ", kept);
        return title.isEmpty() ? "" : Character.toUpperCase(title.charAt(0)) + title.substring(1);
    }

    private static String trimEnd(String text, String marks) {
        String out = text.strip();
        while (!out.isEmpty() && marks.indexOf(out.charAt(out.length() - 1)) >= 0) {
            out = out.substring(0, out.length() - 1).strip();
        }
        return out;
    }

    /**
     * The method's name: of the names the log's tables give their rows and columns (and its title, "Experimental
     * log: GlimpseDepth"), and the coined words of the idea ("GlimpseDepth", "CallSieve"), the one the idea uses
     * most, at least twice.
     */
    static Optional<String> methodName(MarkdownDocument idea, String log) {
        MarkdownDocument logDocument = MarkdownDocument.parse(log);
        List<String> candidates = new ArrayList<>();
        logDocument.title().ifPresent(title -> {
            int colon = title.indexOf(':');
            if (colon > 0) {
                candidates.add(title.substring(colon + 1).strip());
            }
        });
        for (MdTable table : logDocument.tables()) {
            candidates.addAll(table.rowLabels());
            candidates.addAll(table.headerText());
        }
        String text = " " + idea.plainText().replace('\n', ' ') + " ";
        for (String word : Prose.words(text)) {
            String bare = trimEnd(word.replace("(", "").replace(")", ""), ".,;:!?'\"");
            if (isCoined(bare)) {
                candidates.add(bare);
            }
        }
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String candidate : candidates) {
            String name = candidate.strip();
            // a method's name is capitalised or coined; a lower-case row label ("sup", "fast") is a setting
            if (name.length() < 3 || Prose.wordCount(name) > 3 || !name.chars().anyMatch(Character::isLetter)
                    || name.chars().noneMatch(Character::isUpperCase)
                    || SectionRole.named(name).isPresent() || MaterialsHeadings.isGeneric(name)) {
                continue;
            }
            counts.computeIfAbsent(name, key -> occurrences(text, key));
        }
        return counts.entrySet().stream().filter(entry -> entry.getValue() >= 2)
                .max((a, b) -> Integer.compare(a.getValue(), b.getValue())).map(Map.Entry::getKey);
    }

    /** A word with a capital after its first letter and lower-case letters too: "GlimpseDepth", "CallSieve". */
    private static boolean isCoined(String word) {
        if (word.length() < 5 || !word.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '-')
                || !Character.isUpperCase(word.charAt(0))) {
            return false;
        }
        boolean innerCapital = word.chars().skip(1).anyMatch(Character::isUpperCase);
        boolean lower = word.chars().anyMatch(Character::isLowerCase);
        return innerCapital && lower;
    }

    private static int occurrences(String text, String name) {
        int count = 0;
        int at = text.indexOf(name);
        while (at >= 0) {
            char before = text.charAt(at - 1);
            int end = at + name.length();
            char after = end < text.length() ? text.charAt(end) : ' ';
            if (!Character.isLetterOrDigit(before) && !Character.isLetterOrDigit(after)) {
                count++;
            }
            at = text.indexOf(name, at + 1);
        }
        return count;
    }
}
