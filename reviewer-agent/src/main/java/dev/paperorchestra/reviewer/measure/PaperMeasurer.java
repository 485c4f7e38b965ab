package dev.paperorchestra.reviewer.measure;

import dev.paperorchestra.content.materials.LatexReferences;
import dev.paperorchestra.schemas.CompileReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** Counts the measurable properties of one paper version. */
public final class PaperMeasurer {

    private PaperMeasurer() {
    }

    /**
     * @param tex              the version's LaTeX
     * @param compile          how compiling it went
     * @param templateSections the template's section titles
     * @param pageLimit        main-text page limit, when known
     * @param bibKeys          keys references.bib defines
     */
    public static PaperMeasurements measure(String tex, CompileReport compile, List<String> templateSections,
            @Nullable Integer pageLimit, Set<String> bibKeys) {
        List<String> cited = List.copyOf(LatexReferences.citeKeys(tex));
        List<String> missingFromBib = cited.stream().filter(key -> !bibKeys.contains(key)).toList();
        List<String> tables = LatexScan.tables(tex);
        int booktabs = (int) tables.stream().filter(LatexScan::isBooktabs).count();
        List<String> missingSections = new ArrayList<>();
        List<String> emptySections = new ArrayList<>();
        for (String title : templateSections) {
            Optional<String> body = LatexScan.sectionBody(tex, title);
            if (body.isEmpty()) {
                missingSections.add(title);
            } else if (LatexScan.words(body.get()) == 0) {
                emptySections.add(title);
            }
        }
        Optional<String> abstractBody = LatexScan.abstractBody(tex);
        return new PaperMeasurements(
                compile.getStatus(),
                compile.getMessage(),
                compile.getPageCount(),
                pageLimit,
                cited,
                missingFromBib,
                LatexReferences.includedGraphics(tex).size(),
                booktabs,
                tables.size() - booktabs,
                templateSections,
                missingSections,
                emptySections,
                abstractBody.isPresent(),
                abstractBody.map(LatexScan::words).orElse(0),
                LatexScan.doubleQuestionMarks(tex),
                LatexScan.todoMarkers(tex),
                LatexScan.undefinedReferences(tex));
    }
}
