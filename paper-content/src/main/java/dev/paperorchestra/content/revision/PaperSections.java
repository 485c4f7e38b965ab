package dev.paperorchestra.content.revision;

import dev.paperorchestra.content.materials.LatexSections;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexSection;
import org.jspecify.annotations.Nullable;

/**
 * The {@code \section}s of a paper with their bodies, read with the same boundaries {@link LatexSections} writes
 * with: a body runs to the next {@code \section}, the bibliography, an appendix or {@code \end{document}}. An
 * edit splices the body back at its offsets rather than through {@link LatexSections#replaceBody}, which keeps a
 * group the old body left open and would write it twice when the new body is the old one changed.
 */
public final class PaperSections {


    /**
     * @param title  the title as written in {@code \section{...}}
     * @param number its 1-based position among the sections ("Section 3")
     * @param body   its text, without the heading
     * @param start  where the body starts in the document
     * @param end    where it ends
     */
    public record Section(String title, int number, String body, int start, int end) {

        /** The document with this section's body replaced and everything else as it was. */
        public String replaceBody(String document, String newBody) {
            return document.substring(0, start) + newBody + document.substring(end);
        }
    }

    private PaperSections() {
    }

    public static List<Section> of(String tex) {
        TexDocument document = TexDocument.parse(tex);
        List<TexCommand> labels = document.commands("label");
        List<Section> sections = new ArrayList<>();
        for (TexSection section : document.sections()) {
            if (section.level() != 1) {
                continue;
            }
            int start = section.body().start();
            // a \label right after the heading belongs to the heading
            for (TexCommand label : labels) {
                if (label.start() >= start && tex.substring(start, label.start()).isBlank()) {
                    start = label.end();
                }
            }
            int end = Math.max(start, section.body().end());
            sections.add(new Section(section.title(), sections.size() + 1, tex.substring(start, end), start, end));
        }
        return sections;
    }

    /**
     * The title of the section a point's text concerns, by {@link SectionLocator}'s rules (a section named by number
     * or title, the section the kind belongs in, the most shared content words), or null when none applies.
     */
    public static @Nullable String locate(String pointText, PointKind kind, String tex) {
        return SectionLocator.locate(pointText, kind, of(tex));
    }

    public static Optional<Section> named(String tex, String title) {
        return of(tex).stream().filter(section -> section.title().equals(title)).findFirst();
    }
}
