package dev.paperorchestra.runtime.figures;

import java.time.Duration;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.io.MemoryUsageSetting;
import org.apache.pdfbox.pdmodel.PDDocument;

/**
 * Every PDFBox read of a PDF that carries someone else's bytes (an author's figure, or a compiled paper that
 * embeds one): loaded with a bounded buffer for streams, and read in {@link BoundedParse}, so what PDFBox can
 * throw, overflow included, is a failure with a reason and never an {@link Error} in the caller.
 */
public final class BoundedPdf {

    /** What a caller does with the loaded document (inside the bounded parse). */
    @FunctionalInterface
    public interface Read<T> {
        T apply(PDDocument document) throws Exception;
    }

    /** PDFBox's buffer for streams it copies or decodes while reading. */
    static final long MAX_STREAM_MEMORY = 128L * 1024 * 1024;

    private BoundedPdf() {
    }

    public static <T> BoundedParse.Outcome<T> read(byte[] pdf, Duration limit, Read<T> read) {
        return BoundedParse.run("pdf", limit, () -> {
            try (PDDocument document = Loader.loadPDF(pdf, "", null, null,
                    MemoryUsageSetting.setupMainMemoryOnly(MAX_STREAM_MEMORY).streamCache)) {
                return read.apply(document);
            }
        });
    }
}
