package dev.paperorchestra.writer.sections;

import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.tex.LatexText;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexSection;
import dev.paperorchestra.model.tex.TexSpan;
import dev.paperorchestra.model.vocabulary.SectionRole;
import dev.paperorchestra.writer.latex.TexStructure;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The Introduction when the literature stage left it empty (no outline hook, nothing verified to place the work
 * among) or the template has none: the idea's problem, what the paper presents, its contributions (when the
 * conclusion does not list them already) and how the paper is organised, from the sections it has. Written last,
 * after the body has left out the abstract's sentences, so it is never empty because the abstract took them.
 */
final class Introduction {

    /** Words of an Introduction that is more than the outline's opening hook: about one paragraph. */
    static final int ONE_PARAGRAPH = 60;
    private static final String ROADMAP_LEAD = "The rest of the paper is organised as follows:";

    private Introduction() {
    }

    /** The document with an Introduction written where it has none or an empty one; else as it was. */
    static String fill(String tex, IdeaContent idea) {
        TexDocument document = TexDocument.parse(tex);
        Optional<TexSection> introduction = DraftSections.of(document, SectionRole.INTRODUCTION);
        if (introduction.isPresent() && !DraftSections.isEmpty(document, introduction.get())) {
            return extended(tex, document, introduction.get(), idea);
        }
        String body = compose(document, idea, introduction.isEmpty());
        if (body.isEmpty()) {
            return tex;
        }
        if (introduction.isPresent()) {
            return DraftSections.replaceBody(tex, introduction.get().title(), body);
        }
        List<TexSection> main = DraftSections.main(document);
        int at = main.isEmpty() ? TexStructure.backMatterStart(document) : main.getFirst().span().start();
        return TexStructure.insertLinesBefore(tex, at, "\\section{Introduction}\n" + body + "\n");
    }

    /**
     * The document with {@code prose} (what a Related Work too short for a section of its own would have said)
     * in its Introduction, before the roadmap that closes it; sentences the paper already holds are not said
     * again. Unchanged when there is no Introduction or nothing new to say.
     */
    static String carry(String tex, String prose) {
        TexDocument document = TexDocument.parse(tex);
        Optional<TexSection> introduction = DraftSections.of(document, SectionRole.INTRODUCTION);
        if (prose.isBlank() || introduction.isEmpty()) {
            return tex;
        }
        String said = " " + Prose.normalised(document.plainText(new TexSpan(document.bodyStart(),
                document.source().length()))) + " ";
        List<String> unsaid = Prose.sentences(prose).stream()
                .filter(sentence -> !said.contains(" " + Prose.normalised(sentence) + " ")).toList();
        if (unsaid.isEmpty()) {
            return tex;
        }
        String body = document.text(introduction.get().body()).strip();
        int roadmap = body.lastIndexOf(ROADMAP_LEAD);
        String paragraph = String.join(" ", unsaid);
        String carried = roadmap < 0 ? body + "\n\n" + paragraph
                : body.substring(0, roadmap) + paragraph + "\n\n" + body.substring(roadmap);
        return DraftSections.replaceBody(tex, introduction.get().title(), carried.strip());
    }

    /**
     * An Introduction that cites nothing and is shorter than a paragraph (the outline's hook alone, no source
     * verified to place the work among) goes on with what the idea says of the problem and the paper does not
     * say yet; one the literature stage wrote with its sources, or of a paragraph or more, stays as written.
     */
    private static String extended(String tex, TexDocument document, TexSection introduction, IdeaContent idea) {
        if (!PriorWork.citesNothing(document, introduction)
                || Prose.wordCount(document.plainText(introduction.body())) >= ONE_PARAGRAPH) {
            return tex;
        }
        List<String> unsaid = unsaid(document, idea.problem());
        if (unsaid.isEmpty()) {
            return tex;
        }
        return DraftSections.replaceBody(tex, introduction.title(), document.text(introduction.body()).strip()
                + "\n\n" + MarkdownBlocks.readable(LatexText.markdown(Sentences.join(unsaid))));
    }

    /** The sentences the document does not hold yet, in order. */
    private static List<String> unsaid(TexDocument document, List<String> sentences) {
        String said = document.source();
        return sentences.stream().filter(sentence -> !said.contains(LatexText.markdown(sentence).strip())).toList();
    }

    private static String compose(TexDocument document, IdeaContent idea, boolean added) {
        List<String> paragraphs = new ArrayList<>();
        // what Related Work already says of earlier work is not said again
        List<String> problem = unsaid(document, idea.problem());
        if (!problem.isEmpty()) {
            paragraphs.add(MarkdownBlocks.readable(LatexText.markdown(Sentences.join(problem))));
        }
        idea.name().ifPresent(name -> paragraphs.add("This paper presents " + LatexText.text(name)
                + (idea.core().isEmpty() ? "." : ": " + LatexText.markdown(Sentences.continuing(
                        Sentences.of(idea.core().getFirst()))))));
        String said = document.source();
        // contributions the abstract already states (an extract's abstract standing in for them) are not listed
        List<String> contributions = idea.contributions().stream()
                .filter(contribution -> !AbstractEcho.saidInAbstract(document, LatexText.markdown(contribution)))
                .toList();
        if (!contributions.isEmpty() && !said.contains(SectionWriter.CONTRIBUTIONS_LEAD)) {
            StringBuilder list = new StringBuilder("The contributions of this work are the following.\n"
                    + "\\begin{itemize}\n");
            contributions.forEach(contribution -> list.append("  \\item ")
                    .append(LatexText.markdown(Sentences.of(contribution))).append('\n'));
            paragraphs.add(list.append("\\end{itemize}").toString());
        }
        roadmap(document, added).ifPresent(paragraphs::add);
        return String.join("\n\n", paragraphs);
    }

    /** "The rest of the paper is organised as follows: Section 2 covers related work, ..." */
    private static Optional<String> roadmap(TexDocument document, boolean added) {
        List<String> parts = new ArrayList<>();
        int number = added ? 1 : 0;
        for (TexSection section : DraftSections.main(document)) {
            if (section.starred() || section.role() == SectionRole.ABSTRACT) {
                continue;
            }
            number++;
            if (section.role() != SectionRole.INTRODUCTION) {
                parts.add("Section~" + number + " covers " + LatexText.text(Sentences.continuing(
                        Prose.plainWords(section.title()))));
            }
        }
        return parts.size() < 2 ? Optional.empty()
                : Optional.of(ROADMAP_LEAD + " " + Sentences.series(parts) + ".");
    }
}
