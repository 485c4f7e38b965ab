package dev.paperorchestra.content.integrity;

import dev.paperorchestra.content.latex.LatexIssue;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything the gates compare one draft against.
 *
 * @param tex               paper.tex
 * @param bibliography      references.bib
 * @param experimentalLog   experimental_log.md
 * @param idea              idea.md
 * @param figureFiles       the figure file names the paper must include (as rendered, under figures/)
 * @param availableFiles    the file names present under figures/ when compiling
 * @param mandatorySections section names the guidelines require, e.g. "related work"; empty when none
 * @param compileWarnings   the compile's remaining warnings (undefined citations and references); empty when the
 *                          draft was not compiled
 * @param plan              the paper's plan (outline.json), which may say why a log table is left out; empty when
 *                          there is none
 * @param plottedTables     figure file name to the caption of the log table its chart spec draws (from the
 *                          figure's provenance); figures without a spec are absent
 * @param notCounted        the parts the guidelines say do not count towards the page limit ({@code
 *                          Guidelines#excludedParts}), where the PAGES gate's main text ends; empty when none
 * @param kitFiles          the template kit's files beside paper.tex at the compile, as paths relative to it (an
 *                          {@code \includegraphics} of the kit's own {@code sampleteaser.pdf} names a file that
 *                          exists); empty without a kit
 * @param pdfText           the text of the compiled PDF, what a reader sees (the anonymity check judges that);
 *                          empty when the draft was not compiled, and the check then reads the source
 */
public record DraftUnderCheck(String tex, String bibliography, String experimentalLog, String idea,
        List<String> figureFiles, Set<String> availableFiles, List<String> mandatorySections,
        List<LatexIssue> compileWarnings, String plan, Map<String, String> plottedTables, List<String> notCounted,
        Set<String> kitFiles, String pdfText) {

    /** A draft without a kit, not compiled. */
    public DraftUnderCheck(String tex, String bibliography, String experimentalLog, String idea,
            List<String> figureFiles, Set<String> availableFiles, List<String> mandatorySections,
            List<LatexIssue> compileWarnings, String plan, Map<String, String> plottedTables, List<String> notCounted) {
        this(tex, bibliography, experimentalLog, idea, figureFiles, availableFiles, mandatorySections,
                compileWarnings, plan, plottedTables, notCounted, Set.of(), "");
    }

    /** A draft whose guidelines name nothing but the references as not counted. */
    public DraftUnderCheck(String tex, String bibliography, String experimentalLog, String idea,
            List<String> figureFiles, Set<String> availableFiles, List<String> mandatorySections,
            List<LatexIssue> compileWarnings, String plan, Map<String, String> plottedTables) {
        this(tex, bibliography, experimentalLog, idea, figureFiles, availableFiles, mandatorySections,
                compileWarnings, plan, plottedTables, List.of());
    }

    /** A draft without a plan. */
    public DraftUnderCheck(String tex, String bibliography, String experimentalLog, String idea,
            List<String> figureFiles, Set<String> availableFiles, List<String> mandatorySections,
            List<LatexIssue> compileWarnings) {
        this(tex, bibliography, experimentalLog, idea, figureFiles, availableFiles, mandatorySections,
                compileWarnings, "");
    }

    /** A draft whose figures have no chart specs. */
    public DraftUnderCheck(String tex, String bibliography, String experimentalLog, String idea,
            List<String> figureFiles, Set<String> availableFiles, List<String> mandatorySections,
            List<LatexIssue> compileWarnings, String plan) {
        this(tex, bibliography, experimentalLog, idea, figureFiles, availableFiles, mandatorySections,
                compileWarnings, plan, Map.of());
    }

    public DraftUnderCheck {
        figureFiles = List.copyOf(figureFiles);
        availableFiles = Set.copyOf(availableFiles);
        mandatorySections = List.copyOf(mandatorySections);
        compileWarnings = List.copyOf(compileWarnings);
        plottedTables = Map.copyOf(plottedTables);
        notCounted = List.copyOf(notCounted);
        kitFiles = Set.copyOf(kitFiles);
    }

    /**
     * The same draft with another paper.tex (and no compile warnings nor PDF text, which belonged to the old
     * text).
     */
    public DraftUnderCheck withTex(String newTex) {
        return new DraftUnderCheck(newTex, bibliography, experimentalLog, idea, figureFiles, availableFiles,
                mandatorySections, List.of(), plan, plottedTables, notCounted, kitFiles, "");
    }

    /** The same draft with the warnings of its compile. */
    public DraftUnderCheck withCompileWarnings(List<LatexIssue> warnings) {
        return new DraftUnderCheck(tex, bibliography, experimentalLog, idea, figureFiles, availableFiles,
                mandatorySections, warnings, plan, plottedTables, notCounted, kitFiles, pdfText);
    }

    /** The same draft with the paper's plan. */
    public DraftUnderCheck withPlan(String outline) {
        return new DraftUnderCheck(tex, bibliography, experimentalLog, idea, figureFiles, availableFiles,
                mandatorySections, compileWarnings, outline, plottedTables, notCounted, kitFiles, pdfText);
    }

    /** The same draft with the parts its guidelines do not count towards the page limit. */
    public DraftUnderCheck withNotCounted(List<String> parts) {
        return new DraftUnderCheck(tex, bibliography, experimentalLog, idea, figureFiles, availableFiles,
                mandatorySections, compileWarnings, plan, plottedTables, parts, kitFiles, pdfText);
    }

    /** The same draft with the template kit's files beside it. */
    public DraftUnderCheck withKitFiles(Set<String> files) {
        return new DraftUnderCheck(tex, bibliography, experimentalLog, idea, figureFiles, availableFiles,
                mandatorySections, compileWarnings, plan, plottedTables, notCounted, files, pdfText);
    }

    /** The same draft with the text its compiled PDF shows. */
    public DraftUnderCheck withPdfText(String text) {
        return new DraftUnderCheck(tex, bibliography, experimentalLog, idea, figureFiles, availableFiles,
                mandatorySections, compileWarnings, plan, plottedTables, notCounted, kitFiles, text);
    }
}
