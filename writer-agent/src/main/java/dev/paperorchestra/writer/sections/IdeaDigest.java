package dev.paperorchestra.writer.sections;

import dev.paperorchestra.runtime.materials.MarkdownLines;
import dev.paperorchestra.runtime.materials.MarkdownText;
import dev.paperorchestra.runtime.materials.MarkdownText.Section;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * What the offline writer takes from idea.md: the title (the one top-level heading), the problem and core-idea
 * text for the abstract, the sections that describe the method, and the contributions.
 *
 * @param title          the only {@code # } heading, without an "Idea:" prefix; null when there is none (or
 *                       several, which means {@code #} marks sections)
 * @param abstractText   first paragraph of the problem section and of the core-idea section, as sentences
 * @param methodSections the idea's sections at their top level, without the problem and contributions
 * @param contributions  the contributions bullets (or paragraphs when the section has no bullets)
 */
record IdeaDigest(@Nullable String title, List<String> abstractText, List<Section> methodSections,
        List<String> contributions) {

    private static final Pattern PROBLEM = Pattern.compile("(?i)problem|motivation|background|challenge");
    private static final Pattern CORE = Pattern.compile(
            "(?i)core idea|key idea|main idea|\\bidea\\b|overview|summary|proposed|approach|method");
    private static final Pattern CONTRIBUTIONS = Pattern.compile("(?i)contribution");

    IdeaDigest {
        abstractText = List.copyOf(abstractText);
        methodSections = List.copyOf(methodSections);
        contributions = List.copyOf(contributions);
    }

    static IdeaDigest parse(String idea) {
        List<Section> sections = MarkdownText.sections(idea);
        List<Section> topLevel = sections.stream().filter(section -> section.level() == 1).toList();
        String title = topLevel.size() == 1
                ? topLevel.getFirst().title().replaceFirst("(?i)^(research idea|idea|title)\\s*:\\s*", "").strip()
                : null;
        List<Section> content = title == null ? sections : sections.stream().filter(s -> s.level() > 1).toList();
        Optional<Section> problem = first(content, PROBLEM, null);
        Optional<Section> contributions = first(content, CONTRIBUTIONS, null);
        Optional<Section> core = first(content, CORE, problem.orElse(null)).filter(s -> contributions.map(c -> c != s)
                .orElse(true));

        List<String> abstractText = new ArrayList<>();
        problem.flatMap(IdeaDigest::firstText).ifPresent(abstractText::add);
        core.flatMap(IdeaDigest::firstText).ifPresent(abstractText::add);
        if (abstractText.isEmpty()) {
            MarkdownText.paragraphs(idea).stream().limit(2).forEach(abstractText::add);
        }

        int level = content.stream().mapToInt(Section::level).min().orElse(2);
        List<Section> method = content.stream().filter(s -> s.level() == level)
                .filter(s -> problem.map(p -> p != s).orElse(true) && contributions.map(c -> c != s).orElse(true))
                .toList();
        if (method.isEmpty()) {
            method = content.stream().filter(s -> s.level() == level).toList();
        }
        return new IdeaDigest(title == null || title.isEmpty() ? null : title, abstractText, method,
                contributions.map(IdeaDigest::texts).orElse(List.of()));
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
