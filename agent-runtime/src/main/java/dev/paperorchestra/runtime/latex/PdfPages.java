package dev.paperorchestra.runtime.latex;

import java.io.IOException;
import java.util.Optional;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;

/** The page count of a PDF, read from the PDF (the log's "Output written" line can be missing or stale). */
public final class PdfPages {

    private PdfPages() {
    }

    /** The number of pages, or empty when the bytes are not a readable PDF. */
    public static Optional<Integer> count(byte[] pdf) {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            return Optional.of(document.getNumberOfPages());
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
