package dev.paperorchestra.reviewer.measure;

import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEnvironment;
import dev.paperorchestra.model.tex.TexSection;
import dev.paperorchestra.model.tex.TexSpan;
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
        TexDocument document = TexDocument.parse(tex);
        List<String> cited = document.citedKeys().stream().filter(key -> !key.equals("*")).toList();
        List<String> missingFromBib = cited.stream().filter(key -> !bibKeys.contains(key)).toList();
        List<TexEnvironment> tables = LatexScan.tables(document);
        int booktabs = (int) tables.stream().filter(table -> LatexScan.isBooktabs(document, table)).count();
        List<String> missingSections = new ArrayList<>();
        List<String> emptySections = new ArrayList<>();
        for (String title : templateSections) {
            Optional<TexSection> section = LatexScan.section(document, title);
            if (section.isEmpty()) {
                missingSections.add(title);
            } else if (LatexScan.words(document, section.get().body()) == 0) {
                emptySections.add(title);
            }
        }
        Optional<TexSpan> abstractBody = document.abstractContent();
        return new PaperMeasurements(
                compile.getStatus(),
                compile.getMessage(),
                compile.getPageCount(),
                pageLimit,
                cited,
                missingFromBib,
                document.commands("includegraphics").size(),
                booktabs,
                tables.size() - booktabs,
                templateSections,
                missingSections,
                emptySections,
                abstractBody.isPresent(),
                abstractBody.map(span -> LatexScan.words(document, span)).orElse(0),
                LatexScan.doubleQuestionMarks(document),
                LatexScan.todoMarkers(document),
                LatexScan.undefinedReferences(document));
    }
}
