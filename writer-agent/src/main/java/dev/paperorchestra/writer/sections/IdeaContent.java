package dev.paperorchestra.writer.sections;

import dev.paperorchestra.content.materials.MarkdownLines;
import dev.paperorchestra.content.materials.MarkdownText;
import dev.paperorchestra.content.materials.MarkdownText.Section;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * What the offline writer takes from idea.md: the title (the one top-level heading, or a "Working title"
 * section), the problem and core-idea text for the abstract, the sections that describe the method, the
 * contributions and the scope. Headings that describe the materials rather than the work ("Working title",
 * "Target venue", "Keywords") never become sections of the paper.
 *
 * @param title          the only {@code # } heading, without a label such as "Idea:" or "Idea Summary:", else the
 *                       first line of a "Working title" section; null when there is none
 * @param abstractText   first paragraph of the problem section and of the core-idea section, as sentences
 * @param methodSections the idea's sections at their top level, without the problem, contributions, scope and
 *                       the materials' own headings
 * @param contributions  the contributions bullets (or paragraphs when the section has no bullets)
 * @param scope          the text of a scope or limitations section, as sentences; empty when there is none
 */
record IdeaContent(@Nullable String title, List<String> abstractText, List<Section> methodSections,
        List<String> contributions, List<String> scope) {

    private static final Pattern PROBLEM = Pattern.compile("(?i)problem|motivation|background|challenge");
    private static final Pattern CORE = Pattern.compile(
            "(?i)core idea|key idea|main idea|\\bidea\\b|overview|summary|proposed|approach|method");
    private static final Pattern CONTRIBUTIONS = Pattern.compile("(?i)contribution");
    private static final Pattern SCOPE = Pattern.compile("(?i)\\bscope\\b|limitation");
    /** Headings about the materials, not the work: their text is never a section of the paper. */
    private static final Pattern META = Pattern.compile(
            "(?i)^\\s*(?:working title|title|target venue|venue|submission|keywords|authors?|affiliations?|deadline"
                    + "|status|page limit|format)\\s*$");
    private static final Pattern WORKING_TITLE = Pattern.compile("(?i)^\\s*(?:working )?title\\s*$");
    private static final Pattern TITLE_LABEL = Pattern.compile(
            "(?i)^(?:research idea|idea summary|idea|working title|title)\\s*:\\s*");

    IdeaContent {
        abstractText = List.copyOf(abstractText);
        methodSections = List.copyOf(methodSections);
        contributions = List.copyOf(contributions);
        scope = List.copyOf(scope);
    }

    static IdeaContent parse(String idea) {
        List<Section> sections = MarkdownText.sections(idea);
        List<Section> topLevel = sections.stream().filter(section -> section.level() == 1).toList();
        String title = topLevel.size() == 1 && !META.matcher(topLevel.getFirst().title()).matches()
                ? TITLE_LABEL.matcher(topLevel.getFirst().title()).replaceFirst("").strip() : null;
        if (title != null && title.matches("(?i)(?:research idea|idea summary|idea|summary)?")) {
            title = null;
        }
        if (title == null) {
            title = sections.stream().filter(s -> WORKING_TITLE.matcher(s.title()).matches())
                    .map(s -> MarkdownText.plain(s.body().strip().lines().findFirst().orElse(""))).findFirst()
                    .map(line -> TITLE_LABEL.matcher(line).replaceFirst("").strip()).orElse(null);
        }
        List<Section> content = (topLevel.size() == 1 ? sections.stream().filter(s -> s.level() > 1) : sections.stream())
                .filter(s -> !META.matcher(s.title()).matches()).toList();
        Optional<Section> problem = first(content, PROBLEM, null);
        Optional<Section> contributions = first(content, CONTRIBUTIONS, null);
        Optional<Section> scope = first(content, SCOPE, null);
        Optional<Section> core = first(content, CORE, problem.orElse(null)).filter(s -> contributions.map(c -> c != s)
                .orElse(true));

        List<String> abstractText = new ArrayList<>();
        problem.flatMap(IdeaContent::firstText).ifPresent(abstractText::add);
        core.flatMap(IdeaContent::firstText).ifPresent(abstractText::add);
        if (abstractText.isEmpty()) {
            MarkdownText.paragraphs(idea).stream().limit(2).forEach(abstractText::add);
        }

        int level = content.stream().mapToInt(Section::level).min().orElse(2);
        List<Section> method = content.stream().filter(s -> s.level() == level)
                .filter(s -> problem.map(p -> p != s).orElse(true) && contributions.map(c -> c != s).orElse(true)
                        && scope.map(c -> c != s).orElse(true))
                .toList();
        if (method.isEmpty()) {
            method = content.stream().filter(s -> s.level() == level).toList();
        }
        return new IdeaContent(title == null || title.isEmpty() ? null : title, abstractText, method,
                contributions.map(IdeaContent::texts).orElse(List.of()),
                scope.map(IdeaContent::texts).orElse(List.of()));
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
