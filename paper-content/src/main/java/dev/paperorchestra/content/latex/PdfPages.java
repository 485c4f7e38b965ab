package dev.paperorchestra.content.latex;

import dev.paperorchestra.runtime.figures.BoundedParse;
import dev.paperorchestra.runtime.figures.BoundedPdf;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;

/** Page counts read from a PDF (the log's "Output written" line can be missing or stale). */
public final class PdfPages {

    /** The heading the bibliography starts with, alone on its line (numbered or not). */
    private static final Pattern REFERENCES_HEADING = Pattern.compile(
            "(?m)^\\s*(?:\\d+\\s+)?(References|Bibliography|REFERENCES)\\s*$");
    /** A float's caption as the standard classes print it, e.g. "Table 3:" or "Figure 2:". */
    private static final Pattern CAPTION = Pattern.compile("(?m)^\\s*(?:Table|Figure|Fig\\.)\\s+\\d+\\s*[:.]");
    /** An appendix heading after the references: "A Additional Results", "Appendix", "A.1 ...". */
    private static final Pattern APPENDIX_HEADING = Pattern.compile(
            "(?m)^\\s*(?:Appendix\\b|APPENDIX\\b|[A-H](?:\\.\\d+)?\\s+[A-Z][a-z])");
    /** Less text than this above the references heading is a page holding only references. */
    private static final int MAIN_TEXT_MIN_CHARS = 200;

    private PdfPages() {
    }

    /** Reading a whole paper's text stays well under this; a PDF that needs longer is treated as unreadable. */
    static final Duration LIMIT = Duration.ofSeconds(60);

    /** The number of pages, or empty when the bytes are not a readable PDF. */
    public static Optional<Integer> count(byte[] pdf) {
        return value(BoundedPdf.read(pdf, LIMIT, PDDocument::getNumberOfPages));
    }

    /** A compiled paper embeds the authors' figures: it is read bounded like them (BoundedPdf). */
    private static <T> Optional<T> value(BoundedParse.Outcome<T> outcome) {
        return switch (outcome) {
            case BoundedParse.Outcome.Done<T> done -> Optional.ofNullable(done.value());
            case BoundedParse.Outcome.Failed<T> failed -> Optional.empty();
        };
    }

    /**
     * The pages of the main text: up to and including the page where the references begin, unless that page
     * holds nothing but references, and further up to the last page that still holds a float of the main text
     * (LaTeX defers floats it cannot place, and flushes them after the references; they count). Venues' page
     * limits count these pages (references and the appendices after them are unlimited). All pages when no
     * references heading is found; empty when the PDF is unreadable.
     */
    public static Optional<Integer> mainTextPages(byte[] pdf) {
        return value(BoundedPdf.read(pdf, LIMIT, PdfPages::mainTextPages));
    }

    private static int mainTextPages(PDDocument document) throws IOException {
        int pages = document.getNumberOfPages();
        PDFTextStripper stripper = new PDFTextStripper();
        int references = 0;
        int mainEnd = pages;
        for (int page = pages; page >= 1 && references == 0; page--) {
            String text = pageText(stripper, document, page);
            Matcher heading = REFERENCES_HEADING.matcher(text);
            if (heading.find()) {
                references = page;
                boolean mainTextAbove = text.substring(0, heading.start()).strip().length() >= MAIN_TEXT_MIN_CHARS;
                mainEnd = mainTextAbove ? page : page - 1;
            }
        }
        if (references == 0) {
            return pages;
        }
        for (int page = references; page <= pages; page++) {
            String text = pageText(stripper, document, page);
            Matcher appendix = APPENDIX_HEADING.matcher(text);
            String beforeAppendix = appendix.find() && page > references ? text.substring(0, appendix.start())
                    : text;
            if (page > references && CAPTION.matcher(beforeAppendix).find()) {
                mainEnd = page;
            }
            if (page > references && beforeAppendix.length() < text.length()) {
                break;
            }
        }
        return mainEnd;
    }

    private static String pageText(PDFTextStripper stripper, PDDocument document, int page) throws IOException {
        stripper.setStartPage(page);
        stripper.setEndPage(page);
        return stripper.getText(document);
    }
}
