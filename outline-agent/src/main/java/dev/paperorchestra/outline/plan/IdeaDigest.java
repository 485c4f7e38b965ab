package dev.paperorchestra.outline.plan;

import dev.paperorchestra.model.markdown.MarkdownDocument;
import dev.paperorchestra.model.markdown.MdBlock;
import dev.paperorchestra.model.markdown.MdSection;
import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.vocabulary.SectionRole;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What the offline outliner takes from idea.md, read by the paper model ({@link MarkdownDocument}: ATX, setext and
 * bold-line headings alike): the working title (the one level-1 heading; a bold line is never a title), the
 * statements that motivate the work and state its gap, the method's parts (headings) and the claimed
 * contributions. Everything is the author's own text; nothing is paraphrased.
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
        List<MdSection> methodParts, List<String> topicHeadings, List<String> contributions) {

    static final int MAX_METHOD_PARTS = 6;
    private static final int MAX_STATEMENT = 600;
    private static final int HOOK_SENTENCES = 2;
    /** Heading words of the part that motivates the work. */
    private static final List<String> HOOK = List.of("motivation", "problem", "background", "overview",
            "introduction", "context", "summary", "question");
    /** Heading words of the part that states the gap. */
    private static final List<String> GAP = List.of("gap", "limitation", "challenge", "shortcoming", "drawback",
            "missing");
    /** Heading words of parts that are not the method. */
    private static final List<String> NOT_METHOD = List.of("problem", "motivation", "background", "overview",
            "introduction", "context", "contribution", "limitation", "future", "summary", "related", "experiment",
            "result", "conclusion", "abstract", "gap", "scope");
    /** Labels a title line may carry before the title itself ("Research idea: ..."). */
    private static final List<String> TITLE_LABELS = List.of("research idea", "idea");
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
            "hypotheses", "limitation", "experiment", "result", "conclusions", "matter", "technical");

    IdeaDigest {
        methodParts = List.copyOf(methodParts);
        topicHeadings = List.copyOf(topicHeadings);
        contributions = List.copyOf(contributions);
    }

    static IdeaDigest parse(String idea) {
        MarkdownDocument document = MarkdownDocument.parse(idea);
        List<MdSection> sections = document.sections();
        @Nullable String title = title(document).map(IdeaDigest::withoutLabel).filter(text -> !isGeneric(text))
                .orElse(null);
        @Nullable String methodName = null;
        @Nullable String subject = title;
        if (title != null && title.contains(":")) {
            String name = title.substring(0, title.indexOf(':')).strip();
            if (!name.isEmpty() && Prose.wordCount(name) <= 3) {
                methodName = name;
                subject = title.substring(title.indexOf(':') + 1).strip();
            }
        }
        List<String> motivation = firstStatement(sections, HOOK).map(IdeaDigest::sentences).orElse(List.of());
        List<String> statements = NotesText.statements(document.blocks());
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
        List<String> topics = sections.stream().filter(section -> section.level() > 1).map(MdSection::title)
                .filter(heading -> !isGeneric(heading)).distinct().toList();
        List<String> contributions = sections.stream()
                .filter(section -> NotesText.hasWordStartingWith(section.title(), List.of("contribution")))
                .flatMap(section -> NotesText.statements(section.blocks()).stream()).toList();
        return new IdeaDigest(methodName, subject, hook, gap, methodParts(sections), topics, contributions);
    }

    /** The author's title: the one level-1 heading, else the first level-1 heading that is not a bold line. */
    private static Optional<String> title(MarkdownDocument document) {
        return document.title().or(() -> document.headings().stream().filter(heading -> heading.level() == 1
                && heading.kind() != MdBlock.Heading.Kind.STRONG_LINE).findFirst().map(MdBlock.Heading::title));
    }

    /** "Research idea: Depth from glimpses" is titled "Depth from glimpses". */
    private static String withoutLabel(String title) {
        String lower = title.toLowerCase(Locale.ROOT);
        for (String label : TITLE_LABELS) {
            if (lower.startsWith(label)) {
                String rest = title.substring(label.length()).stripLeading();
                if (!rest.isEmpty() && ":-–—".indexOf(rest.charAt(0)) >= 0) {
                    return rest.substring(1).strip();
                }
            }
        }
        return title.strip();
    }

    /** Names of the paper's own method, never to be cited or searched as a competitor. */
    Set<String> ownNames() {
        return methodName == null ? Set.of() : Set.of(methodName);
    }

    /** The first statement under the first heading (below the title) holding one of the words. */
    private static Optional<String> firstStatement(List<MdSection> sections, List<String> headingWords) {
        return sections.stream().filter(section -> section.level() > 1)
                .filter(section -> NotesText.hasWordStartingWith(section.title(), headingWords))
                .flatMap(section -> NotesText.statements(section.blocks()).stream()).findFirst();
    }

    /**
     * The children of the method heading when it has at least two; otherwise the idea's top headings that are
     * neither motivation, contributions nor scope; none when that leaves fewer than two (no lone subsection).
     */
    private static List<MdSection> methodParts(List<MdSection> sections) {
        for (int i = 0; i < sections.size(); i++) {
            MdSection method = sections.get(i);
            if (method.level() > 1 && SectionRole.of(method.title()) == SectionRole.METHOD) {
                List<MdSection> children = new ArrayList<>();
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
        int topLevel = sections.stream().mapToInt(MdSection::level).filter(level -> level > 1).min().orElse(2);
        List<MdSection> parts = sections.stream().filter(section -> section.level() == topLevel)
                .filter(section -> !NotesText.hasWordStartingWith(section.title(), NOT_METHOD))
                .filter(section -> !isNotes(section.title())).limit(MAX_METHOD_PARTS).toList();
        return parts.size() >= 2 ? parts : List.of();
    }

    /** "Notes" or "Note" as a word: the author's own notes are not a part of the method. */
    private static boolean isNotes(String title) {
        return NotesText.words(title).stream().anyMatch(word -> word.equals("note") || word.equals("notes"));
    }

    static boolean isGeneric(String heading) {
        List<String> words = NotesText.words(heading);
        return words.isEmpty() || words.stream().allMatch(word -> GENERIC_WORDS.contains(word)
                || word.chars().allMatch(Character::isDigit));
    }

    private static List<String> sentences(String text) {
        return Prose.sentences(Prose.oneLine(text));
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
        String plain = Prose.oneLine(text);
        if (plain.length() <= MAX_STATEMENT) {
            return plain;
        }
        int end = plain.lastIndexOf(". ", MAX_STATEMENT);
        return end > 80 ? plain.substring(0, end + 1) : plain.substring(0, MAX_STATEMENT).strip() + "...";
    }
}
