package dev.paperorchestra.model.tex;

import dev.paperorchestra.model.vocabulary.PaperPart;
import dev.paperorchestra.model.vocabulary.SectionRole;

/**
 * A heading and its body.
 *
 * @param heading the heading command ({@code \section*[short]{Title}})
 * @param level   -1 for {@code \part}, 0 for {@code \chapter}, 1 for {@code \section}, 2 for
 *                {@code \subsection}, ... 4 for {@code \paragraph}
 * @param title   the heading's title as written (LaTeX)
 * @param role    what the section is for, from its title
 * @param part    the part of the paper it belongs to ({@link PaperPart#APPENDIX} after {@code \appendix})
 * @param span    from the heading to the end of the body
 * @param body    after the heading, up to the next heading of the same or a higher level, the appendix, the
 *                bibliography or the end of the document
 */
public record TexSection(TexCommand heading, int level, String title, SectionRole role, PaperPart part, TexSpan span,
        TexSpan body) {

    public boolean starred() {
        return heading.starred();
    }
}
