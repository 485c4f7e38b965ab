package dev.paperorchestra.writer.sections;

import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEdits;
import dev.paperorchestra.model.tex.TexSection;
import dev.paperorchestra.model.tex.TexSpan;
import dev.paperorchestra.model.tex.TexToken;
import dev.paperorchestra.model.vocabulary.PaperPart;
import dev.paperorchestra.model.vocabulary.SectionRole;
import dev.paperorchestra.writer.latex.TexStructure;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The draft's top-level sections as the writer edits them, read from its {@link TexDocument}: found by role or
 * title, their bodies replaced (a {@code \label} right after the heading kept, and a group the old body opened
 * and never closed, such as a {@code {\small} around the bibliography), removed, or added.
 */
final class DraftSections {

    private DraftSections() {
    }

    /** The main text's top-level sections (not the appendix), in order. */
    static List<TexSection> main(TexDocument document) {
        return document.topSections().stream().filter(section -> section.part() != PaperPart.APPENDIX).toList();
    }

    /** The first main-text section of a role. */
    static Optional<TexSection> of(TexDocument document, SectionRole role) {
        return main(document).stream().filter(section -> section.role() == role).findFirst();
    }

    /** The first main-text section whose title holds a word starting so ("result" in "Results and Conclusion"). */
    static Optional<TexSection> holding(TexDocument document, String... stems) {
        for (TexSection section : main(document)) {
            for (String word : SectionRole.normalise(section.title()).split(" ")) {
                for (String stem : stems) {
                    if (word.startsWith(stem)) {
                        return Optional.of(section);
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** The main-text section titled exactly so. */
    static Optional<TexSection> titled(TexDocument document, String title) {
        return main(document).stream().filter(section -> section.title().strip().equals(title.strip())).findFirst();
    }

    /** Whether a section's body shows no words (blank lines and comments only). */
    static boolean isEmpty(TexDocument document, TexSection section) {
        return Prose.wordCount(document.plainText(section.body())) == 0
                && document.commands("begin", "includegraphics", "input").stream()
                        .noneMatch(command -> section.body().contains(command.span()));
    }

    /** The section's body as written, or empty when there is no section titled so. */
    static Optional<String> body(String tex, String title) {
        TexDocument document = TexDocument.parse(tex);
        return titled(document, title).map(section -> document.text(section.body()));
    }

    /**
     * The document with the section's body replaced.
     *
     * @throws IllegalArgumentException when the document has no section titled so
     */
    static String replaceBody(String tex, String title, String body) {
        TexDocument document = TexDocument.parse(tex);
        TexSection section = titled(document, title).orElseThrow(() -> new IllegalArgumentException(
                "no \\section{" + title + "} in the document"));
        int bodyStart = section.body().start();
        // the heading's own \label stays with it
        Optional<TexCommand> label = document.commands("label").stream()
                .filter(command -> section.body().contains(command.span())).findFirst()
                .filter(command -> document.source().substring(bodyStart, command.start()).isBlank());
        int start = label.map(TexCommand::end).orElse(bodyStart);
        TexSpan old = new TexSpan(start, section.body().end());
        String kept = unclosedTail(document, old);
        return TexEdits.of(document).replace(old, "\n" + body.strip() + "\n\n" + kept).apply();
    }

    /** The document without the section (heading and body). */
    static String remove(String tex, String title) {
        TexDocument document = TexDocument.parse(tex);
        return titled(document, title).map(section -> TexEdits.of(document).delete(new TexSpan(section.span().start(),
                section.body().end() - unclosedTail(document, section.body()).length())).apply()).orElse(tex);
    }

    /** The document without the section when its body shows nothing. */
    static String removeWhenEmpty(String tex, String title) {
        TexDocument document = TexDocument.parse(tex);
        return titled(document, title).filter(section -> isEmpty(document, section)).map(section -> remove(tex,
                title)).orElse(tex);
    }

    /** Adds an empty {@code \section} before the one titled {@code before}, else before the back matter. */
    static String insert(String tex, String title, @Nullable String before) {
        TexDocument document = TexDocument.parse(tex);
        int at = (before == null ? Optional.<TexSection>empty() : titled(document, before))
                .map(section -> section.span().start()).orElse(TexStructure.backMatterStart(document));
        return TexStructure.insertLinesBefore(tex, at, "\\section{" + title + "}\n");
    }

    /** From the line of the first group the span opens and never closes, or "" when it closes all it opens. */
    private static String unclosedTail(TexDocument document, TexSpan span) {
        Deque<TexToken> open = new ArrayDeque<>();
        for (TexToken token : document.tokens()) {
            if (token.start() < span.start()) {
                continue;
            }
            if (token.start() >= span.end()) {
                break;
            }
            if (token.kind() == TexToken.Kind.BEGIN_GROUP) {
                open.push(token);
            } else if (token.kind() == TexToken.Kind.END_GROUP && !open.isEmpty()) {
                open.pop();
            }
        }
        if (open.isEmpty()) {
            return "";
        }
        int first = open.getLast().start();
        String source = document.source();
        int lineStart = Math.max(span.start(), source.lastIndexOf('\n', first) + 1);
        return source.substring(lineStart, span.end());
    }
}
