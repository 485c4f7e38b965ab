package dev.paperorchestra.reviewer.measure;

import dev.paperorchestra.schemas.CompileStatus;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What can be counted on one paper version without reading it for meaning.
 *
 * @param compileStatus        how compiling the version went
 * @param compileMessage       the compiler's one-line detail
 * @param pageCount            pages of the PDF, when it compiled
 * @param pageLimit            the main-text page limit (job option, else the guidelines), when known
 * @param citedKeys            distinct {@code \cite} keys, in order of first use
 * @param keysMissingFromBib   cited keys that references.bib does not define
 * @param figures              {@code \includegraphics} commands
 * @param booktabsTables       table environments using {@code \toprule}, {@code \midrule} and {@code \bottomrule}
 * @param otherTables          table environments without the booktabs rules
 * @param templateSections     the template's {@code \section} titles
 * @param missingSections      template sections the version does not have
 * @param emptySections        template sections the version has without any text
 * @param hasAbstract          true when there is an abstract environment
 * @param abstractWords        words of running text in the abstract
 * @param questionMarks        {@code ??} typed into the source
 * @param todoMarkers          TODO / TBD / {@code \todo} outside comments
 * @param undefinedReferences  {@code \ref} keys without a {@code \label}
 */
public record PaperMeasurements(
        CompileStatus compileStatus,
        String compileMessage,
        @Nullable Integer pageCount,
        @Nullable Integer pageLimit,
        List<String> citedKeys,
        List<String> keysMissingFromBib,
        int figures,
        int booktabsTables,
        int otherTables,
        List<String> templateSections,
        List<String> missingSections,
        List<String> emptySections,
        boolean hasAbstract,
        int abstractWords,
        int questionMarks,
        int todoMarkers,
        List<String> undefinedReferences) {

    public PaperMeasurements {
        citedKeys = List.copyOf(citedKeys);
        keysMissingFromBib = List.copyOf(keysMissingFromBib);
        templateSections = List.copyOf(templateSections);
        missingSections = List.copyOf(missingSections);
        emptySections = List.copyOf(emptySections);
        undefinedReferences = List.copyOf(undefinedReferences);
    }

    /** Everything a reader would see as unfinished: typed {@code ??}, TODOs, dangling refs and citations. */
    public int unresolvedItems() {
        return questionMarks + todoMarkers + undefinedReferences.size() + keysMissingFromBib.size();
    }

    /** Template sections that are missing or have no text. */
    public int sectionProblems() {
        return missingSections.size() + emptySections.size();
    }
}
