package dev.paperorchestra.outline.plan;

import dev.paperorchestra.content.materials.MarkdownLines;
import dev.paperorchestra.content.materials.MarkdownText;
import dev.paperorchestra.content.materials.MarkdownText.Section;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * What the offline outliner takes from idea.md: the working title, the statements that motivate the work and
 * state its gap, the method's parts (headings) and the claimed contributions. Everything is the author's own
 * text; nothing is paraphrased.
 *
 * @param methodName    the method's name when the title gives one ("GlimpseDepth: ..."), never cited
 * @param subject       the title without the method's name, searchable; null without a meaningful title
 * @param hook          why the problem matters
 * @param gap           what is missing today
 * @param methodParts   headings (with their text) that become the method section's subsections: none or at
 *                      least two
 * @param topicHeadings headings specific enough to search for (not "Problem", "Core idea", ...)
 * @param contributions the contribution bullets
 */
record IdeaDigest(@Nullable String methodName, @Nullable String subject, String hook, String gap,
        List<Section> methodParts, List<String> topicHeadings, List<String> contributions) {

    static final int MAX_METHOD_PARTS = 6;
    private static final int MAX_STATEMENT = 600;
    private static final int HOOK_SENTENCES = 2;
    private static final Pattern HOOK = Pattern.compile(
            "(?i)motivation|problem|background|overview|introduction|context|summary|question");
    private static final Pattern GAP = Pattern.compile("(?i)gap|limitation|challenge|shortcoming|drawback|missing");
    private static final Pattern METHOD = Pattern.compile("(?i)method|approach|framework|algorithm|technique");
    private static final Pattern NOT_METHOD = Pattern.compile("(?i)problem|motivation|background|overview|"
            + "introduction|context|contribution|limitation|future|summary|related|experiment|result|conclusion|"
            + "abstract|notes?\\b|gap|scope");
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+(?=[A-Z\"“(])");
    private static final Set<String> GENERIC_WORDS = Set.of("problem", "statement", "setting", "motivation",
            "background", "overview", "introduction", "context", "summary", "idea", "research", "key", "core",
            "main", "method", "methods", "approach", "proposed", "our", "contributions", "contribution", "theory",
            "theoretical", "limitations", "future", "work", "works", "notes", "related", "experiments", "results",
            "conclusion", "abstract", "the", "and", "of", "high", "level", "analysis", "details", "why", "it",
            "should", "would", "matters", "gap", "intuition", "formulation", "claims", "hypothesis", "scope",
            "a", "an", "in", "to", "what", "how", "is", "this",
            // how notes label their parts ("Core question", "Method in brief", "Next steps", "TL;DR")
            "question", "questions", "brief", "short", "nutshell", "plan", "aim", "aims", "objective", "objectives",
            "goal", "goals", "rationale", "working", "title", "expected", "outcome", "outcomes", "open",
            "description", "general", "we", "do", "does", "for", "on", "novelty", "significance", "insight",
            "insights", "target", "venue", "keywords", "status", "next", "steps", "step", "todo", "tl", "dr", "tldr",
            "sketch", "one", "paragraph", "pitch", "premise", "study", "project", "proposition", "thesis", "my",
            "here", "about", "note", "ideas", "problems", "methodology", "proposal", "central", "could", "claim",
            "hypotheses", "limitation", "experiment", "result", "conclusions", "matter");

    IdeaDigest {
        methodParts = List.copyOf(methodParts);
        topicHeadings = List.copyOf(topicHeadings);
        contributions = List.copyOf(contributions);
    }

    static IdeaDigest parse(String idea) {
        List<Section> sections = MarkdownText.sections(idea);
        @Nullable String title = sections.stream().filter(section -> section.level() == 1).findFirst()
                .map(section -> section.title().replaceFirst("(?i)^(research\\s+)?idea\\s*[:\\-–—]\\s*", "").strip())
                .filter(text -> !isGeneric(text)).orElse(null);
        @Nullable String methodName = null;
        @Nullable String subject = title;
        if (title != null && title.contains(":")) {
            String name = title.substring(0, title.indexOf(':')).strip();
            if (!name.isEmpty() && name.split("\\s+").length <= 3) {
                methodName = name;
                subject = title.substring(title.indexOf(':') + 1).strip();
            }
        }
        List<String> motivation = firstStatement(sections, HOOK).map(IdeaDigest::sentences).orElse(List.of());
        List<String> statements = MarkdownLines.statements(idea);
        String hook;
        String gap;
        Optional<String> gapStatement = firstStatement(sections, GAP);
        if (gapStatement.isEmpty() && motivation.size() > HOOK_SENTENCES) {
            // one paragraph states both: its opening is the hook, its closing sentences the gap
            hook = shorten(String.join(" ", motivation.subList(0, HOOK_SENTENCES)));
            gap = lastSentences(motivation.subList(HOOK_SENTENCES, motivation.size()));
        } else {
            hook = shorten(motivation.isEmpty()
                    ? statements.stream().findFirst().orElse(subject != null ? subject : idea.strip())
                    : String.join(" ", motivation));
            String hookText = hook;
            // an idea of one statement has no gap of its own: repeating the hook would print it twice
            gap = shorten(gapStatement.or(() -> statements.stream().map(IdeaDigest::shorten)
                    .filter(statement -> !statement.equals(hookText)).findFirst()).orElse(""));
            if (gap.equals(hook) || hook.contains(gap)) {
                gap = "";
            }
        }
        List<String> topics = sections.stream().filter(section -> section.level() > 1).map(Section::title)
                .filter(heading -> !isGeneric(heading)).distinct().toList();
        List<String> contributions = sections.stream()
                .filter(section -> section.title().toLowerCase(Locale.ROOT).contains("contribution"))
                .flatMap(section -> MarkdownLines.statements(section.body()).stream()).toList();
        return new IdeaDigest(methodName, subject, hook, gap, methodParts(sections), topics, contributions);
    }

    /** Names of the paper's own method, never to be cited or searched as a competitor. */
    Set<String> ownNames() {
        return methodName == null ? Set.of() : Set.of(methodName);
    }

    /** The first statement under the first heading matching. */
    private static Optional<String> firstStatement(List<Section> sections, Pattern heading) {
        return sections.stream().filter(section -> section.level() > 1)
                .filter(section -> heading.matcher(section.title()).find())
                .flatMap(section -> MarkdownLines.statements(section.body()).stream()).findFirst();
    }

    /**
     * The children of the method heading when it has at least two; otherwise the idea's top headings that are
     * neither motivation, contributions nor scope; none when that leaves fewer than two (no lone subsection).
     */
    private static List<Section> methodParts(List<Section> sections) {
        for (int i = 0; i < sections.size(); i++) {
            Section method = sections.get(i);
            if (method.level() > 1 && METHOD.matcher(method.title()).find()) {
                List<Section> children = new ArrayList<>();
                for (int j = i + 1; j < sections.size() && sections.get(j).level() > method.level(); j++) {
                    if (sections.get(j).level() == method.level() + 1) {
                        children.add(sections.get(j));
                    }
                }
                if (children.size() >= 2) {
                    return children.subList(0, Math.min(children.size(), MAX_METHOD_PARTS));
                }
            }
        }
        int topLevel = sections.stream().mapToInt(Section::level).filter(level -> level > 1).min().orElse(2);
        List<Section> parts = sections.stream().filter(section -> section.level() == topLevel)
                .filter(section -> !NOT_METHOD.matcher(section.title()).find()).limit(MAX_METHOD_PARTS).toList();
        return parts.size() >= 2 ? parts : List.of();
    }

    static boolean isGeneric(String heading) {
        String words = heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
        return words.isEmpty() || Arrays.stream(words.split(" "))
                .allMatch(word -> GENERIC_WORDS.contains(word) || word.matches("\\d+"));
    }

    private static List<String> sentences(String text) {
        return List.of(SENTENCE_END.split(text.replaceAll("\\s+", " ").strip()));
    }

    /** As many closing sentences as fit: a gap is usually stated last. */
    private static String lastSentences(List<String> sentences) {
        List<String> kept = new ArrayList<>();
        int length = 0;
        for (int i = sentences.size() - 1; i >= 0; i--) {
            length += sentences.get(i).length() + 1;
            if (length > MAX_STATEMENT && !kept.isEmpty()) {
                break;
            }
            kept.addFirst(sentences.get(i));
        }
        return shorten(String.join(" ", kept));
    }

    /** The statement cut to whole sentences so it stays a hypothesis, not a page. */
    static String shorten(String text) {
        String plain = text.replaceAll("\\s+", " ").strip();
        if (plain.length() <= MAX_STATEMENT) {
            return plain;
        }
        int end = plain.lastIndexOf(". ", MAX_STATEMENT);
        return end > 80 ? plain.substring(0, end + 1) : plain.substring(0, MAX_STATEMENT).strip() + "...";
    }
}
