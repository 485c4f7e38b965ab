package dev.paperorchestra.writer.latex;

import dev.paperorchestra.model.template.SlotKind;
import dev.paperorchestra.model.template.TemplateSlot;
import dev.paperorchestra.model.template.TemplateSlots;
import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.writer.latex.TemplateFill.Change;
import java.util.ArrayList;
import java.util.List;

/**
 * The author block of a submission under review: anonymous. Every author slot of the template (names,
 * affiliations, e-mails, ORCID ids, author notes, {@code \thanks}, running heads with names, IEEE biographies) is
 * the kit's sample and goes; {@code \author{Anonymous submission}} stands where the first {@code \author} stood.
 * A block whose every {@code \author} already begins "Anonymous" is the author's own choice and stays. Settings
 * such as {@code \paperID} are no author slot and stay. A kit in its submission mode hides the block in the PDF
 * by itself; the source is made anonymous all the same.
 */
public final class AuthorBlock {

    public static final String ANONYMOUS = "Anonymous submission";

    private AuthorBlock() {
    }

    /** The document with an anonymous author block. */
    public static String anonymise(String tex) {
        TexDocument document = TexDocument.parse(tex);
        return TemplateFill.apply(document, changes(TemplateSlots.of(document)));
    }

    static List<Change> changes(TemplateSlots slots) {
        List<TemplateSlot> authors = slots.slots(SlotKind.AUTHOR);
        List<TemplateSlot> outer = authors.stream().filter(slot -> authors.stream().noneMatch(other ->
                other.contains(slot))).toList();
        List<TemplateSlot> named = outer.stream().filter(slot -> slot.name().equals("author")).toList();
        // "Anonymous Authors", "Anonymous CVPR submission"; not "Jane Doe\thanks{... Anonymous University}"
        boolean alreadyAnonymous = !named.isEmpty() && named.stream().allMatch(slot -> Prose.normalised(
                slots.template().plainText(slot.span())).startsWith("anonymous"));
        List<Change> changes = new ArrayList<>();
        if (alreadyAnonymous) {
            return changes;
        }
        boolean placed = false;
        for (TemplateSlot slot : outer) {
            if (!placed && slot.name().equals("author")) {
                changes.add(new Change(slot.span(), "\\author{" + ANONYMOUS + "}"));
                placed = true;
            } else {
                changes.add(new Change(slot.span(), ""));
            }
        }
        return changes;
    }
}
