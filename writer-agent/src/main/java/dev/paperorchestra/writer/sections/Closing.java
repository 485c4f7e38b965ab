package dev.paperorchestra.writer.sections;

import dev.paperorchestra.model.tex.LatexText;
import java.util.ArrayList;
import java.util.List;

/**
 * What closes the paper, shared between a Discussion and a Conclusion when the template has both: the Discussion
 * holds what the experiments showed (the log's general observations), what the idea itself discusses, why the
 * work matters and where it stops; the Conclusion sums up the contributions. A template with only one of them
 * gets everything there, so no section is dropped that the materials can fill, and none is left empty.
 *
 * @param discussion the Discussion's body (LaTeX), empty when there is nothing for it
 * @param conclusion the Conclusion's body (LaTeX), empty when there is nothing for it
 */
record Closing(String discussion, String conclusion) {

    static Closing of(IdeaContent idea, String observations, boolean hasDiscussion, boolean hasConclusion) {
        List<String> discussed = new ArrayList<>();
        if (!observations.isEmpty()) {
            discussed.add(MarkdownBlocks.readable(observations));
        }
        paragraph(idea.discussion()).ifPresent(discussed::add);
        List<String> summary = new ArrayList<>();
        if (!idea.contributions().isEmpty()) {
            summary.add(SectionWriter.CONTRIBUTIONS_LEAD + " "
                    + LatexText.markdown(Sentences.join(idea.contributions())));
        }
        List<String> outlook = new ArrayList<>();
        paragraph(idea.significance()).ifPresent(outlook::add);
        paragraph(idea.scope()).ifPresent(outlook::add);
        if (hasDiscussion && hasConclusion) {
            discussed.addAll(outlook);
            if (summary.isEmpty() && !discussed.isEmpty()) {
                // nothing sums the work up: the last of what is discussed concludes it
                summary.add(discussed.removeLast());
            }
            return new Closing(String.join("\n\n", discussed), String.join("\n\n", summary));
        }
        List<String> all = new ArrayList<>(discussed);
        all.addAll(summary);
        all.addAll(outlook);
        String text = String.join("\n\n", all);
        return hasDiscussion ? new Closing(text, "") : new Closing("", text);
    }

    private static java.util.Optional<String> paragraph(List<String> sentences) {
        return sentences.isEmpty() ? java.util.Optional.empty()
                : java.util.Optional.of(MarkdownBlocks.readable(LatexText.markdown(Sentences.join(sentences))));
    }
}
