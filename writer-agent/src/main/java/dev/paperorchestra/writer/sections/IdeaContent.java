package dev.paperorchestra.writer.sections;

import dev.paperorchestra.model.markdown.MarkdownDocument;
import dev.paperorchestra.model.markdown.MdBlock;
import dev.paperorchestra.model.markdown.MdSection;
import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.vocabulary.SectionRole;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What the offline writer takes from idea.md, read through its {@link MarkdownDocument}: the title
 * ({@link PaperTitle}), the problem and core-idea text for the abstract, the sections that describe the method,
 * the contributions, the significance, the scope and what the idea itself discusses. A section is sorted by its
 * heading's words and its {@link SectionRole} (a JATS extract's "Introduction" is the problem, its "Methods" the
 * method, its "Discussion" what the paper discusses; its "Results" belong to the log). Headings that describe the
 * materials rather than the work ("Working title", "Target venue", "Keywords") never become sections of the
 * paper. Export labels and glued headings are gone before: the drafter hands over notes cleaned by
 * {@code MessyNotes}.
 *
 * @param title          the paper's title; null only for an idea without text
 * @param abstractText   the abstract's sources: the idea's own abstract, else the first paragraph of the problem
 *                       and of the core-idea sections
 * @param methodSections the idea's sections at their top level that describe the work
 * @param contributions  the contributions bullets (or paragraphs when the section has no bullets)
 * @param scope          the text of a scope or limitations section, as sentences
 * @param problem        the problem (or introduction, motivation, background) text as sentences, in order
 * @param core           the core-idea section's text as sentences, in order
 * @param significance   why the work matters, and what the idea concludes, as sentences
 * @param discussion     what the idea discusses (a Discussion section of an extract), as sentences
 * @param name           the method's name, when the materials give one
 */
record IdeaContent(@Nullable String title, List<String> abstractText, List<MdSection> methodSections,
        List<String> contributions, List<String> scope, List<String> problem, List<String> core,
        List<String> significance, List<String> discussion, Optional<String> name) {

    /** Headings about the materials, not the work: their text is never a section of the paper. */
    private static final Set<String> META = Set.of("working title", "title", "target venue", "venue", "submission",
            "keywords", "author", "authors", "affiliation", "affiliations", "deadline", "status", "page limit",
            "format", "paper title", "tentative title");

    IdeaContent {
        abstractText = List.copyOf(abstractText);
        methodSections = List.copyOf(methodSections);
        contributions = List.copyOf(contributions);
        scope = List.copyOf(scope);
        problem = List.copyOf(problem);
        core = List.copyOf(core);
        significance = List.copyOf(significance);
        discussion = List.copyOf(discussion);
    }

    /** What a section of the idea is, by its heading. */
    enum Kind {
        ABSTRACT, PROBLEM, CORE, CONTRIBUTIONS, SIGNIFICANCE, SCOPE, DISCUSSION, RESULTS, OTHER;

        static Kind of(String title) {
            String normal = " " + SectionRole.normalise(title) + " ";
            if (has(normal, "contribution")) {
                return CONTRIBUTIONS;
            }
            if (has(normal, "scope") || has(normal, "limitation")) {
                return SCOPE;
            }
            if (normal.contains(" why it matters ") || normal.contains(" why this matters ") || has(normal,
                    "significan") || has(normal, "impact") || has(normal, "implication") || has(normal, "relevance")
                    || has(normal, "broader")) {
                return SIGNIFICANCE;
            }
            SectionRole role = SectionRole.of(title);
            switch (role) {
                case ABSTRACT -> {
                    return ABSTRACT;
                }
                case INTRODUCTION, BACKGROUND -> {
                    return PROBLEM;
                }
                case DISCUSSION -> {
                    return DISCUSSION;
                }
                case CONCLUSION -> {
                    return SIGNIFICANCE;
                }
                case EXPERIMENTS -> {
                    return RESULTS;
                }
                default -> {
                    // by the words below
                }
            }
            if (has(normal, "problem") || has(normal, "motivation") || has(normal, "challenge")
                    || has(normal, "question")) {
                return PROBLEM;
            }
            if (normal.contains(" idea ") || has(normal, "overview") || has(normal, "summary") || has(normal,
                    "proposed") || has(normal, "approach") || has(normal, "method")) {
                return CORE;
            }
            return OTHER;
        }

        private static boolean has(String normal, String stem) {
            return normal.contains(" " + stem);
        }
    }

    static IdeaContent parse(String idea) {
        return parse(idea, "");
    }

    static IdeaContent parse(String idea, String log) {
        MarkdownDocument document = MarkdownDocument.parse(idea);
        List<MdSection> sections = document.sections();
        long topLevel = sections.stream().filter(section -> section.level() == 1).count();
        List<MdSection> content = sections.stream().filter(section -> topLevel != 1 || section.level() > 1)
                .filter(section -> !META.contains(SectionRole.normalise(section.title()))).toList();
        Optional<MdSection> problem = first(content, Kind.PROBLEM);
        Optional<MdSection> contributions = first(content, Kind.CONTRIBUTIONS);
        Optional<MdSection> scope = first(content, Kind.SCOPE);
        Optional<MdSection> significance = first(content, Kind.SIGNIFICANCE);
        Optional<MdSection> givenAbstract = first(content, Kind.ABSTRACT);
        Optional<MdSection> core = first(content, Kind.CORE);

        List<String> abstractText = new ArrayList<>();
        givenAbstract.ifPresent(section -> abstractText.addAll(paragraphs(section)));
        if (abstractText.isEmpty()) {
            problem.flatMap(IdeaContent::firstText).ifPresent(abstractText::add);
            core.flatMap(IdeaContent::firstText).ifPresent(abstractText::add);
        }
        if (abstractText.isEmpty()) {
            // an idea without a problem or core section: its first paragraphs, wherever they stand
            paragraphs(document.blocks()).stream().limit(2).forEach(abstractText::add);
        }

        int level = content.stream().mapToInt(MdSection::level).min().orElse(2);
        List<MdSection> atLevel = content.stream().filter(section -> section.level() == level).toList();
        Set<Kind> notMethod = Set.of(Kind.PROBLEM, Kind.CONTRIBUTIONS, Kind.SCOPE, Kind.SIGNIFICANCE, Kind.ABSTRACT,
                Kind.DISCUSSION, Kind.RESULTS);
        List<MdSection> method = atLevel.stream().filter(section -> !notMethod.contains(Kind.of(section.title())))
                .toList();
        if (method.isEmpty()) {
            // never the problem again: the Introduction states it, and a Method of the same sentences repeats it
            method = atLevel.stream().filter(section -> !Set.of(Kind.PROBLEM, Kind.ABSTRACT, Kind.RESULTS)
                    .contains(Kind.of(section.title()))).toList();
        }
        // every section that states the problem at the first one's level: an extract's "Core question" and its
        // "Motivation / gap" together are what the Introduction says, the first alone a stub
        List<String> problemText = new ArrayList<>();
        problem.ifPresent(first -> content.stream().filter(section -> section.level() == first.level()
                && Kind.of(section.title()) == Kind.PROBLEM).forEach(section -> problemText.addAll(allText(section))));
        List<String> coreText = core.map(IdeaContent::allText).orElse(List.of());
        List<String> significanceText = new ArrayList<>();
        content.stream().filter(section -> Kind.of(section.title()) == Kind.SIGNIFICANCE && section.level() == level)
                .forEach(section -> significanceText.addAll(allText(section)));
        List<String> discussionText = new ArrayList<>();
        content.stream().filter(section -> Kind.of(section.title()) == Kind.DISCUSSION && section.level() == level)
                .forEach(section -> discussionText.addAll(allText(section)));
        Optional<String> name = PaperTitle.methodName(document, log);
        String title = PaperTitle.of(document, name, problemText.isEmpty() ? sentencesOf(abstractText) : problemText,
                coreText);
        // an extract's "contributions" that are its abstract again (the question's text) say nothing of their own;
        // the abstract's sentences past the question (what was found, what it opens up) are why the work matters,
        // which is what the closing of the paper says
        Set<String> stated = new HashSet<>(problemText);
        stated.addAll(coreText);
        List<String> contributionTexts = new ArrayList<>();
        for (String text : contributions.map(IdeaContent::texts).orElse(List.of())) {
            List<String> sentences = sentences(text);
            List<String> unsaid = sentences.stream().filter(sentence -> !stated.contains(sentence)).toList();
            if (2 * unsaid.size() > sentences.size()) {
                contributionTexts.add(text);
            } else {
                unsaid.stream().filter(sentence -> !significanceText.contains(sentence)).forEach(significanceText::add);
            }
        }
        return new IdeaContent(title, abstractText, method, contributionTexts,
                scope.map(IdeaContent::allText).orElse(List.of()), problemText, coreText, significanceText,
                discussionText, name);
    }

    /** The sentences of a text (markdown or plain), in order. */
    static List<String> sentences(String text) {
        return Prose.sentences(text.replace('\n', ' '));
    }

    private static List<String> sentencesOf(List<String> texts) {
        return texts.stream().flatMap(text -> sentences(text).stream()).toList();
    }

    /** Every paragraph (or the items) of a section as sentences, in order. */
    private static List<String> allText(MdSection section) {
        List<String> paragraphs = paragraphs(section.blocks());
        List<String> texts = paragraphs.isEmpty() ? items(section) : paragraphs;
        return texts.stream().flatMap(text -> sentences(text).stream()).toList();
    }

    private static Optional<MdSection> first(List<MdSection> sections, Kind kind) {
        return sections.stream().filter(section -> Kind.of(section.title()) == kind).findFirst();
    }

    private static Optional<String> firstText(MdSection section) {
        List<String> paragraphs = paragraphs(section);
        if (!paragraphs.isEmpty()) {
            return Optional.of(paragraphs.getFirst());
        }
        List<String> items = items(section);
        return items.isEmpty() ? Optional.empty() : Optional.of(Sentences.join(items));
    }

    private static List<String> texts(MdSection section) {
        List<String> items = items(section);
        return items.isEmpty() ? paragraphs(section) : items;
    }

    /** The section's own paragraphs (not its subsections'), cleaned, as a reader sees them with math kept. */
    static List<String> paragraphs(MdSection section) {
        return paragraphs(section.ownBlocks());
    }

    private static List<String> paragraphs(List<MdBlock> blocks) {
        List<String> paragraphs = new ArrayList<>();
        for (MdBlock block : blocks) {
            if (block instanceof MdBlock.Paragraph paragraph) {
                String text = paragraph.text().plainWithTexMath();
                if (!text.isBlank()) {
                    paragraphs.add(text);
                }
            }
        }
        return paragraphs;
    }

    private static List<String> items(MdSection section) {
        return section.items().stream().map(item -> item.text().plainWithTexMath())
                .filter(text -> !text.isBlank()).toList();
    }
}
