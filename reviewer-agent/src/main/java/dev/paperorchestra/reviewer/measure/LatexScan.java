package dev.paperorchestra.reviewer.measure;

import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEnvironment;
import dev.paperorchestra.model.tex.TexSection;
import dev.paperorchestra.model.tex.TexSpan;
import dev.paperorchestra.model.tex.TexToken;
import dev.paperorchestra.model.text.Prose;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.SequencedSet;
import java.util.Set;

/**
 * Reads the countable facts out of a paper's LaTeX, parsed once ({@link TexDocument}). It does not expand
 * macros: it sees what an author typed, which is what the writer and reviser agents produce. Comments, verbatim
 * text and macro definitions are never counted.
 */
public final class LatexScan {

    /** The cross-reference commands whose keys are labels. */
    private static final String[] REFERENCES = {"ref", "eqref", "autoref", "cref", "Cref", "pageref"};
    private static final Set<String> TODO_WORDS = Set.of("TODO", "TBD");

    private LatexScan() {
    }

    /** Every {@code table} / {@code table*} environment. */
    public static List<TexEnvironment> tables(TexDocument document) {
        return document.environments("table", "table*");
    }

    /** True when a table uses the three booktabs rules. */
    public static boolean isBooktabs(TexDocument document, TexEnvironment table) {
        return List.of("toprule", "midrule", "bottomrule").stream().allMatch(rule -> document.commands(rule)
                .stream().anyMatch(command -> table.span().contains(command.span())));
    }

    /**
     * The section titled so (compared as {@code SectionRole.normalise} does: case, numbering and markup aside),
     * whose body runs to the next section of its level, the bibliography, the appendix or the end of the document.
     */
    public static Optional<TexSection> section(TexDocument document, String title) {
        return document.sectionTitled(title);
    }

    /** Words of running text in a span: headings, labels, floats and commands left out. */
    public static int words(TexDocument document, TexSpan span) {
        return document.paragraphs(span).stream().mapToInt(paragraph -> Prose.wordCount(paragraph.text())).sum();
    }

    /** Occurrences of {@code ??}, the mark LaTeX prints for an unresolved reference, typed into the text. */
    public static int doubleQuestionMarks(TexDocument document) {
        int count = 0;
        for (TexToken token : document.tokens()) {
            if (token.kind() == TexToken.Kind.TEXT) {
                for (int at = token.text().indexOf("??"); at >= 0; at = token.text().indexOf("??", at + 2)) {
                    count++;
                }
            }
        }
        return count;
    }

    /** TODO / TBD words and {@code \todo} commands outside comments. */
    public static int todoMarkers(TexDocument document) {
        int count = document.commands("todo").size();
        for (TexToken token : document.tokens()) {
            if (token.kind() == TexToken.Kind.TEXT) {
                for (String word : token.text().split("[^\\p{L}\\p{N}]+")) {
                    count += TODO_WORDS.contains(word) ? 1 : 0;
                }
            }
        }
        return count;
    }

    /** Keys of {@code \ref}-family commands that no {@code \label} defines, in order of first use. */
    public static List<String> undefinedReferences(TexDocument document) {
        Set<String> labels = new LinkedHashSet<>();
        document.commands("label").forEach(label -> labels.add(label.lastText().strip()));
        SequencedSet<String> missing = new LinkedHashSet<>();
        for (TexCommand ref : document.commands(REFERENCES)) {
            for (String key : ref.lastText().split(",")) {
                if (!key.isBlank() && !labels.contains(key.strip())) {
                    missing.add(key.strip());
                }
            }
        }
        return new ArrayList<>(missing);
    }
}
