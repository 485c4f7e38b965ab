package dev.paperorchestra.writer.sections;

import dev.paperorchestra.content.integrity.ContentGate;
import dev.paperorchestra.content.materials.MarkdownLines;
import dev.paperorchestra.content.materials.MarkdownText;
import dev.paperorchestra.content.materials.MarkdownText.Section;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * What the offline writer takes from idea.md: the title (its title line, its top-level heading, a "Working
 * title" section, its first heading naming the work, else its opening words), the problem and core-idea text for the abstract, the sections that describe the method, the
 * contributions and the scope. Headings that describe the materials rather than the work ("Working title",
 * "Target venue", "Keywords") never become sections of the paper.
 *
 * @param title          the title line ("Title: ..."), else the first {@code # } heading naming the work, without a
 *                       label such as "Idea:" or "Idea Summary:", else the first line of a "Working title" section,
 *                       else the first heading naming the work, else a title cut from the idea's opening sentence;
 *                       null only for an idea without text
 * @param abstractText   first paragraph of the problem section and of the core-idea section, as sentences
 * @param methodSections the idea's sections at their top level, without the problem, contributions, scope and
 *                       the materials' own headings
 * @param contributions  the contributions bullets (or paragraphs when the section has no bullets)
 * @param scope          the text of a scope or limitations section, as sentences; empty when there is none
 * @param problem        the problem (or question, motivation) section's text as sentences, in order
 * @param core           the core-idea section's text as sentences, in order
 * @param significance   why the work matters ("Why it matters", "Significance"), as sentences: the conclusion's
 */
record IdeaContent(@Nullable String title, List<String> abstractText, List<Section> methodSections,
        List<String> contributions, List<String> scope, List<String> problem, List<String> core,
        List<String> significance) {

    private static final Pattern PROBLEM = Pattern.compile("(?i)problem|motivation|background|challenge|question");
    private static final Pattern CORE = Pattern.compile(
            "(?i)core idea|key idea|main idea|\\bidea\\b|overview|summary|proposed|approach|method");
    private static final Pattern CONTRIBUTIONS = Pattern.compile("(?i)contribution");
    private static final Pattern SIGNIFICANCE = Pattern.compile(
            "(?i)why (?:it|this) matters|significance|\\bimpact\\b|implications?|relevance|broader");
    private static final Pattern SCOPE = Pattern.compile("(?i)\\bscope\\b|limitation");
    /** Headings about the materials, not the work: their text is never a section of the paper. */
    private static final Pattern META = Pattern.compile(
            "(?i)^\\s*(?:working title|title|target venue|venue|submission|keywords|authors?|affiliations?|deadline"
                    + "|status|page limit|format)\\s*$");
    private static final Pattern WORKING_TITLE = Pattern.compile("(?i)^\\s*(?:working )?title\\s*$");
    /** "Title: ...", "**Working title:** ...", "Paper title - ...": the author naming the paper. */
    private static final Pattern TITLE_LINE = Pattern.compile(
            "(?i)^\\s*(?:#+\\s*)?(?:\\*\\*|__)?(?:working |paper |proposed |tentative )?title(?:\\*\\*|__)?\\s*[:\\-–—]"
                    + "\\s*(?:\\*\\*|__)?\\s*(\\S.*?)\\s*$");
    /** Lines of idea.md within which a title line is looked for. */
    private static final int TITLE_LINE_WITHIN = 12;
    private static final int TITLE_MOST_WORDS = 14;
    private static final int TITLE_FEWEST_WORDS = 4;
    private static final Pattern CLAUSE_END = Pattern.compile(
            "[,;:]\\s|\\s[–—-]\\s|\\s(?:which|that|because|while|whereas|so that|where|when)\\s");
    private static final Pattern TRAILING_WORD = Pattern.compile(
            "(?i)\\s+(?:than|the|of|a|an|to|in|on|for|and|or|with|at|by|from|that|which|as|is|are|its|their)$");
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+(?=[A-Z\"“(])");
    private static final Pattern TITLE_LABEL = Pattern.compile(
            "(?i)^(?:research idea|idea summary|idea|working title|title)\\s*:\\s*");

    IdeaContent {
        abstractText = List.copyOf(abstractText);
        methodSections = List.copyOf(methodSections);
        contributions = List.copyOf(contributions);
        scope = List.copyOf(scope);
        problem = List.copyOf(problem);
        core = List.copyOf(core);
        significance = List.copyOf(significance);
    }

    static IdeaContent parse(String idea) {
        List<Section> sections = MarkdownText.sections(idea);
        List<Section> topLevel = sections.stream().filter(section -> section.level() == 1).toList();
        String title = title(idea, sections);
        List<Section> content = (topLevel.size() == 1 ? sections.stream().filter(s -> s.level() > 1) : sections.stream())
                .filter(s -> !META.matcher(s.title()).matches()).toList();
        Optional<Section> problem = first(content, PROBLEM, null);
        Optional<Section> contributions = first(content, CONTRIBUTIONS, null);
        Optional<Section> scope = first(content, SCOPE, null);
        Optional<Section> significance = first(content, SIGNIFICANCE, null);
        Optional<Section> core = first(content, CORE, problem.orElse(null)).filter(s -> contributions.map(c -> c != s)
                .orElse(true));

        List<String> abstractText = new ArrayList<>();
        problem.flatMap(IdeaContent::firstText).ifPresent(abstractText::add);
        core.flatMap(IdeaContent::firstText).ifPresent(abstractText::add);
        if (abstractText.isEmpty()) {
            MarkdownText.paragraphs(withoutTitleLine(idea)).stream().limit(2).forEach(abstractText::add);
        }

        int level = content.stream().mapToInt(Section::level).min().orElse(2);
        List<Section> method = content.stream().filter(s -> s.level() == level)
                .filter(s -> problem.map(p -> p != s).orElse(true) && contributions.map(c -> c != s).orElse(true)
                        && scope.map(c -> c != s).orElse(true) && significance.map(c -> c != s).orElse(true))
                .toList();
        if (method.isEmpty()) {
            // never the problem again: the Introduction states it, and a Method of the same sentences repeats it
            method = content.stream().filter(s -> s.level() == level)
                    .filter(s -> problem.map(p -> p != s).orElse(true)).toList();
        }
        if (title == null) {
            title = composedTitle(abstractText);
        }
        return new IdeaContent(title == null || title.isEmpty() ? null : title, abstractText, method,
                contributions.map(IdeaContent::texts).orElse(List.of()),
                scope.map(IdeaContent::texts).orElse(List.of()),
                problem.map(IdeaContent::allText).orElse(List.of()), core.map(IdeaContent::allText).orElse(List.of()),
                significance.map(IdeaContent::allText).orElse(List.of()));
    }

    /**
     * The idea's own title: its title line ("Title: ..."), else its top-level heading, else a "Working title"
     * section, else its first heading that names the work rather than a part of the materials; null when it has
     * none of them.
     */
    private static @Nullable String title(String idea, List<Section> sections) {
        for (String line : idea.lines().limit(TITLE_LINE_WITHIN).toList()) {
            Matcher matcher = TITLE_LINE.matcher(line);
            if (matcher.matches() && !MarkdownText.plain(matcher.group(1)).isBlank()) {
                return MarkdownText.plain(matcher.group(1)).strip();
            }
        }
        Optional<String> heading = sections.stream().filter(s -> s.level() == 1)
                .map(s -> TITLE_LABEL.matcher(s.title()).replaceFirst("").strip())
                .filter(IdeaContent::namesTheWork).findFirst();
        if (heading.isPresent()) {
            return heading.get();
        }
        Optional<String> working = sections.stream().filter(s -> WORKING_TITLE.matcher(s.title()).matches())
                .map(s -> MarkdownText.plain(s.body().strip().lines().findFirst().orElse("")))
                .map(line -> TITLE_LABEL.matcher(line).replaceFirst("").strip()).filter(line -> !line.isEmpty())
                .findFirst();
        if (working.isPresent()) {
            return working.get();
        }
        return sections.stream().map(s -> TITLE_LABEL.matcher(s.title()).replaceFirst("").strip())
                .filter(IdeaContent::namesTheWork).findFirst().orElse(null);
    }

    private static boolean namesTheWork(String heading) {
        return !heading.isEmpty() && !META.matcher(heading).matches() && !MaterialsHeadings.isGeneric(heading)
                && !ContentGate.isPlaceholderTitle(heading);
    }

    /**
     * A title for an idea that gives none: the opening sentence of its first statement, cut at a clause
     * boundary to a title's length. Only the author's words; nothing is made up.
     */
    static @Nullable String composedTitle(List<String> statements) {
        if (statements.isEmpty()) {
            return null;
        }
        String sentence = sentences(MarkdownText.plain(statements.getFirst())).stream().findFirst().orElse("");
        sentence = sentence.replaceFirst("[.!:;,]+$", "").strip();
        List<String> words = List.of(sentence.split("\\s+"));
        if (words.size() > TITLE_MOST_WORDS) {
            Matcher clause = CLAUSE_END.matcher(sentence);
            String cut = null;
            while (clause.find()) {
                String head = sentence.substring(0, clause.start()).strip();
                int count = head.split("\\s+").length;
                if (count >= TITLE_FEWEST_WORDS && count <= TITLE_MOST_WORDS) {
                    cut = head;
                }
            }
            sentence = cut != null ? cut : String.join(" ", words.subList(0, TITLE_MOST_WORDS));
        }
        sentence = sentence.replaceFirst("[,;:\\-–—]+$", "").strip();
        // a title does not end on "than", "of" or "the"
        while (TRAILING_WORD.matcher(sentence).find()) {
            sentence = TRAILING_WORD.matcher(sentence).replaceFirst("").strip();
        }
        if (sentence.isEmpty()) {
            return null;
        }
        return Character.toUpperCase(sentence.charAt(0)) + sentence.substring(1);
    }

    /** The idea without its title line, whose text is no paragraph of the work. */
    private static String withoutTitleLine(String idea) {
        return idea.lines().filter(line -> !TITLE_LINE.matcher(line).matches())
                .collect(java.util.stream.Collectors.joining("\n"));
    }

    /** The sentences of a text, split where one ends and a capitalised one begins. */
    static List<String> sentences(String text) {
        String flat = text.replaceAll("\\s+", " ").strip();
        return flat.isEmpty() ? List.of() : List.of(SENTENCE_END.split(flat));
    }

    /** Every paragraph (or the bullets) of a section as sentences, in order. */
    private static List<String> allText(Section section) {
        List<String> paragraphs = MarkdownText.paragraphs(section.body());
        List<String> texts = paragraphs.isEmpty() ? MarkdownLines.items(section.body()) : paragraphs;
        return texts.stream().flatMap(text -> sentences(text).stream()).toList();
    }

    private static Optional<Section> first(List<Section> sections, Pattern title, @Nullable Section except) {
        return sections.stream().filter(s -> s != except && title.matcher(s.title()).find()).findFirst();
    }

    private static Optional<String> firstText(Section section) {
        List<String> paragraphs = MarkdownText.paragraphs(section.body());
        if (!paragraphs.isEmpty()) {
            return Optional.of(paragraphs.getFirst());
        }
        List<String> bullets = MarkdownLines.items(section.body());
        return bullets.isEmpty() ? Optional.empty() : Optional.of(Sentences.join(bullets));
    }

    private static List<String> texts(Section section) {
        List<String> bullets = MarkdownLines.items(section.body());
        return bullets.isEmpty() ? MarkdownText.paragraphs(section.body()) : bullets;
    }
}
