package dev.paperorchestra.content.latex;

import dev.paperorchestra.runtime.figures.BoundedParse;
import dev.paperorchestra.runtime.figures.BoundedPdf;
import java.io.IOException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.jspecify.annotations.Nullable;

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
    /** The headings a part of a paper that may not count towards the page limit goes by, by the guidelines' name. */
    private static final Map<String, String> NOT_COUNTED_HEADINGS = Map.of(
            "appendix", "appendix(?:[ \\t]+[A-Z])?|appendices|supplementary\\s+materials?"
                    + "|supplemental\\s+materials?",
            "ethics statement", "ethics(?:\\s+statement)?|ethical\\s+(?:statement|considerations?|impact)"
                    + "|ethics\\s+and\\s+(?:broader|societal)\\s+impacts?|statement\\s+of\\s+ethics",
            "reproducibility statement", "reproducibility(?:\\s+statement)?",
            "broader impact", "(?:broader|societal)\\s+impacts?(?:\\s+statement)?|impact\\s+statement",
            "acknowledgements", "acknowledge?ments?(?:\\s+and\\s+disclosure\\s+of\\s+funding)?",
            "limitations", "limitations(?:\\s+statement)?",
            "checklist", "(?:[\\w-]+\\s+)?(?:paper\\s+|reproducibility\\s+)?checklist");
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

    /** The text a reader sees on every page, in order, or empty when the bytes are not a readable PDF. */
    public static Optional<String> text(byte[] pdf) {
        return value(BoundedPdf.read(pdf, LIMIT, document -> new PDFTextStripper().getText(document)));
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
        return mainTextPages(pdf, List.of());
    }

    /**
     * As {@link #mainTextPages(byte[])}, the main text ending where the first part that does not count begins:
     * the references always, and before them the first heading of a part the guidelines name as not counted
     * ({@code Guidelines#excludedParts}: "appendix", "ethics statement", "reproducibility statement", "broader
     * impact", "acknowledgements", "limitations", "checklist"), found as a heading alone on its line (numbered or
     * not) or run in ("Ethics Statement. We ..."). What follows such a heading is taken as not counted up to the
     * references, as venues place these parts after the conclusion; floats of the main text flushed after it still
     * count.
     *
     * @param notCounted the parts the guidelines say do not count; unknown names are ignored
     */
    public static Optional<Integer> mainTextPages(byte[] pdf, Collection<String> notCounted) {
        Pattern headings = notCountedHeadings(notCounted);
        return value(BoundedPdf.read(pdf, LIMIT, document -> mainTextPages(document, headings)));
    }

    private static int mainTextPages(PDDocument document, @Nullable Pattern notCounted) throws IOException {
        int pages = document.getNumberOfPages();
        PDFTextStripper stripper = new PDFTextStripper();
        String[] texts = new String[pages + 1];
        for (int page = 1; page <= pages; page++) {
            texts[page] = pageText(stripper, document, page);
        }
        int references = 0;
        int referencesStart = 0;
        for (int page = pages; page >= 1 && references == 0; page--) {
            Matcher heading = REFERENCES_HEADING.matcher(texts[page]);
            if (heading.find()) {
                references = page;
                referencesStart = heading.start();
            }
        }
        // where the first part that does not count begins: the references, or a named part before them
        int cut = references;
        int cutStart = referencesStart;
        if (notCounted != null) {
            int last = references == 0 ? pages : references;
            for (int page = 1; page <= last; page++) {
                Matcher heading = notCounted.matcher(texts[page]);
                if (heading.find() && (page < references || references == 0 || heading.start() < referencesStart)) {
                    cut = page;
                    cutStart = heading.start();
                    break;
                }
            }
        }
        if (cut == 0) {
            return pages;
        }
        boolean mainTextAbove = texts[cut].substring(0, cutStart).strip().length() >= MAIN_TEXT_MIN_CHARS;
        int mainEnd = mainTextAbove ? cut : cut - 1;
        for (int page = cut + 1; page <= pages; page++) {
            String text = texts[page];
            Matcher appendix = APPENDIX_HEADING.matcher(text);
            // lettered appendix headings are told from body text only after the references
            String beforeAppendix = references != 0 && page > references && appendix.find()
                    ? text.substring(0, appendix.start()) : text;
            if (CAPTION.matcher(beforeAppendix).find()) {
                mainEnd = page;
            }
            if (beforeAppendix.length() < text.length()) {
                break;
            }
        }
        return mainEnd;
    }

    /**
     * One pattern for the headings of the named parts: alone on a line, after an optional section number ("6",
     * "A", "A.1"), or run in, followed by '.' or ':' and the part's text. Null when no part is named.
     */
    private static @Nullable Pattern notCountedHeadings(Collection<String> notCounted) {
        List<String> names = notCounted.stream().map(NOT_COUNTED_HEADINGS::get).filter(Objects::nonNull).toList();
        if (names.isEmpty()) {
            return null;
        }
        return Pattern.compile("(?im)^[ \\t]*(?:(?:\\d{1,2}|[A-Z])(?:\\.\\d{1,2})*\\.?[ \\t]+)?(?:"
                + String.join("|", names) + ")(?:[ \\t]*[.:]?[ \\t]*$|[ \\t]*[.:][ \\t]+\\S)");
    }

    private static String pageText(PDFTextStripper stripper, PDDocument document, int page) throws IOException {
        stripper.setStartPage(page);
        stripper.setEndPage(page);
        return stripper.getText(document);
    }
}
