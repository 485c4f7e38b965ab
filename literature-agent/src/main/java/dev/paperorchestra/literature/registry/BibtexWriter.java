package dev.paperorchestra.literature.registry;

import dev.paperorchestra.content.bibtex.BibtexText;
import dev.paperorchestra.content.bibtex.ScholarBibtex;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import org.jbibtex.BibTeXComment;
import org.jbibtex.BibTeXDatabase;
import org.jbibtex.BibTeXFormatter;
import org.jbibtex.StringValue;
import org.jspecify.annotations.Nullable;

/** references.bib from the registry, each entry written by paper-content's {@link ScholarBibtex}. */
public final class BibtexWriter {

    private BibtexWriter() {
    }

    /**
     * @param label a comment for the top of the file (the offline label), or null for none
     */
    public static String write(CitationRegistry registry, @Nullable String label) {
        BibTeXDatabase database = new BibTeXDatabase();
        if (label != null) {
            database.addObject(new BibTeXComment(new StringValue(BibtexText.escape(label),
                    StringValue.Style.BRACED)));
        }
        registry.entries().forEach(entry -> database.addObject(ScholarBibtex.entry(entry.key(), entry.record())));
        StringWriter out = new StringWriter();
        try {
            new BibTeXFormatter().format(database, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }
}
