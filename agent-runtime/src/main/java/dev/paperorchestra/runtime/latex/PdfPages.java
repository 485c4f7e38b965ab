package dev.paperorchestra.runtime.latex;

import java.io.IOException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;

/** Page counts read from a PDF (the log's "Output written" line can be missing or stale). */
public final class PdfPages {

    /** The heading the bibliography starts with, alone on its line (numbered or not). */
    private static final Pattern REFERENCES_HEADING = Pattern.compile(
            "(?m)^\\s*(?:\\d+\\s+)?(References|Bibliography|REFERENCES)\\s*$");
    /** Less text than this above the references heading is a page holding only references. */
    private static final int MAIN_TEXT_MIN_CHARS = 200;

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

    /**
     * The pages of the main text: up to and including the page where the references begin, unless that page
     * holds nothing but references. Venues' page limits count these pages (references and the appendices after
     * them are unlimited). All pages when no references heading is found; empty when the PDF is unreadable.
     */
    public static Optional<Integer> mainTextPages(byte[] pdf) {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            int pages = document.getNumberOfPages();
            PDFTextStripper stripper = new PDFTextStripper();
            for (int page = pages; page >= 1; page--) {
                stripper.setStartPage(page);
                stripper.setEndPage(page);
                String text = stripper.getText(document);
                Matcher heading = REFERENCES_HEADING.matcher(text);
                if (heading.find()) {
                    boolean mainTextAbove = text.substring(0, heading.start()).strip().length() >= MAIN_TEXT_MIN_CHARS;
                    return Optional.of(mainTextAbove ? page : page - 1);
                }
            }
            return Optional.of(pages);
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
