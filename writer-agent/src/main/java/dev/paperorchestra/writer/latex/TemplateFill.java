package dev.paperorchestra.writer.latex;

import dev.paperorchestra.model.template.SlotKind;
import dev.paperorchestra.model.template.SubmissionModes;
import dev.paperorchestra.model.template.TemplateSection;
import dev.paperorchestra.model.template.TemplateSlot;
import dev.paperorchestra.model.template.TemplateSlots;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEdits;
import dev.paperorchestra.model.tex.TexSpan;
import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.vocabulary.SectionRole;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * What every writer does to the template first: every slot ({@link TemplateSlots}) that the paper does not fill is
 * removed, so a kit's sample content is never published. In order:
 * <ul>
 * <li>for a double-blind review, the kit's submission mode goes on ({@link SubmissionModes});</li>
 * <li>the kit's sample sections go ({@link dev.paperorchestra.model.template.TemplateSkeleton}), and the sample
 * text of the skeleton's sections is emptied for the writer, except the introduction and the related work that
 * the literature stage wrote;</li>
 * <li>the author block becomes anonymous ({@link AuthorBlock});</li>
 * <li>a kit's sample title becomes empty (the writer gives the paper's), the abstract is emptied, keywords, CCS
 * concepts, the teaser, acknowledgements, sample references and other sample matter go, and
 * {@code \bibliography}/{@code \addbibresource} name the literature stage's file;</li>
 * <li>the venue's sample metadata go, and what a class prints in their place is turned off ({@link VenueMatter});
 * </li>
 * <li>comments that are markers for the author ({@code %%%% TITLE - PLEASE UPDATE}, {@code % TODO}) go.</li>
 * </ul>
 */
public final class TemplateFill {

    /** Sections the literature stage writes before this one; never emptied here. */
    private static final Set<SectionRole> WRITTEN_BEFORE = Set.of(SectionRole.INTRODUCTION, SectionRole.RELATED_WORK);

    private TemplateFill() {
    }

    /**
     * @param doubleBlind whether the guidelines say the review is double-blind (the kit's submission mode goes on)
     */
    public static String prepare(String tex, boolean doubleBlind) {
        String source = doubleBlind ? SubmissionModes.turnOn(TexDocument.parse(tex))
                : SubmissionModes.asSubmission(TexDocument.parse(tex));
        TexDocument document = TexDocument.parse(source);
        TemplateSlots slots = TemplateSlots.of(document);
        List<Change> changes = new ArrayList<>();
        for (TemplateSection section : slots.sections()) {
            if (section.use() == TemplateSection.Use.SAMPLE) {
                changes.add(new Change(section.section().span(), ""));
            } else if (section.skeleton() && (!WRITTEN_BEFORE.contains(section.section().role())
                    || isFiller(document.plainText(section.section().body())))
                    && Prose.wordCount(document.plainText(section.section().body())) > 0) {
                changes.add(new Change(section.section().body(), "\n\n"));
            }
        }
        changes.addAll(AuthorBlock.changes(slots));
        boolean sampleTitle = slots.showsSampleContent();
        for (TemplateSlot slot : slots.outermost()) {
            switch (slot.kind()) {
                case TITLE -> {
                    if (!slot.name().equals("title")) {
                        changes.add(new Change(slot.span(), ""));
                    } else if (sampleTitle) {
                        changes.add(new Change(slot.span(), "\\title{}"));
                    }
                }
                case ABSTRACT -> slot.content().ifPresent(content -> changes.add(new Change(content, "\n")));
                case BIBLIOGRAPHY -> changes.add(new Change(slot.span(), switch (slot.name()) {
                    case "bibliography" -> "\\bibliography{" + BibliographyCommands.FILE + "}";
                    case "addbibresource" -> "\\addbibresource{" + BibliographyCommands.FILE + ".bib}";
                    default -> "";
                }));
                case KEYWORDS, TEASER, ACKNOWLEDGEMENTS, VENUE, SAMPLE_MATTER ->
                        changes.add(new Change(slot.span(), ""));
                case AUTHOR -> {
                    // AuthorBlock's changes above
                }
            }
        }
        changes.addAll(MarkerComments.changes(document));
        String filled = apply(document, changes);
        return VenueMatter.settle(TexDocument.parse(filled));
    }

    /** Lorem ipsum: no stage wrote this, whatever section it stands in. */
    private static boolean isFiller(String plain) {
        return (" " + Prose.normalised(plain)).contains(" lorem ipsum ");
    }

    /** A replacement of a span of the template. */
    record Change(TexSpan span, String replacement) {
    }

    /** The changes made together; one inside another that is made is dropped, as is one overlapping an earlier. */
    static String apply(TexDocument document, List<Change> changes) {
        List<Change> ordered = new ArrayList<>(changes);
        ordered.sort(Comparator.comparingInt((Change change) -> change.span().start())
                .thenComparingInt(change -> -change.span().end()));
        TexEdits edits = TexEdits.of(document);
        int covered = 0;
        for (Change change : ordered) {
            if (change.span().start() < covered) {
                continue;
            }
            edits.replace(change.span(), change.replacement());
            covered = Math.max(covered, change.span().end());
        }
        return edits.isEmpty() ? document.source() : tidy(edits.apply());
    }

    /** Removed lines leave runs of blank lines; more than one blank line in a row says nothing to TeX. */
    private static String tidy(String tex) {
        StringBuilder out = new StringBuilder(tex.length());
        int blank = 0;
        for (String line : tex.split("\n", -1)) {
            if (line.isBlank()) {
                if (++blank > 1) {
                    continue;
                }
                out.append("\n");
                continue;
            }
            blank = 0;
            out.append(line).append("\n");
        }
        return out.substring(0, Math.max(0, out.length() - 1));
    }
}
