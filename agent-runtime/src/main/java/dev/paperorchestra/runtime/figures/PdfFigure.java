package dev.paperorchestra.runtime.figures;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.io.MemoryUsageSetting;
import org.apache.pdfbox.io.RandomAccessStreamCache.StreamCacheCreateFunction;
import org.apache.pdfbox.pdfparser.PDFStreamParser;
import org.apache.pdfbox.pdfwriter.compress.CompressParameters;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;

/**
 * A PDF figure rewritten as a new document holding only its first page, and of that page only what draws:
 * content, resources, boxes. Every object the page reaches is visited (so PDFBox parses all of it here, inside
 * the bounded parse, not later in a Streams thread or the reviewer) and cleaned: actions of every kind,
 * additional actions, annotations, forms, name trees, embedded and associated files, and links back to the
 * source document's catalog or page tree are dropped. The new file is written without object streams, so
 * what it holds can be checked byte for byte.
 */
final class PdfFigure {

    /**
     * Keys whose values can run, open, fetch or carry something; a figure needs none of them. Not /A: a Type 3
     * font (matplotlib's default) names a glyph /A; an /A that is an action goes as an action.
     */
    private static final Set<COSName> DROPPED_KEYS = Set.of(COSName.getPDFName("OpenAction"), COSName.AA,
            COSName.ANNOTS, COSName.ACRO_FORM, COSName.NAMES, COSName.DESTS, COSName.getPDFName("EmbeddedFiles"),
            COSName.getPDFName("JavaScript"), COSName.JS, COSName.EF, COSName.URI, COSName.OUTLINES,
            COSName.getPDFName("Threads"), COSName.getPDFName("XFA"), COSName.getPDFName("AF"),
            COSName.PARENT, COSName.getPDFName("StructParents"),
            COSName.getPDFName("PieceInfo"));
    /** A dictionary with one of these types is never part of a figure's drawing. */
    private static final Set<COSName> DROPPED_TYPES = Set.of(COSName.CATALOG, COSName.PAGES, COSName.PAGE,
            COSName.ANNOT, COSName.getPDFName("Action"), COSName.FILESPEC, COSName.getPDFName("EmbeddedFile"),
            COSName.getPDFName("Outlines"), COSName.getPDFName("Sig"));
    /** Action types (the /S of an action dictionary): every one, since a figure keeps none. */
    private static final Set<COSName> ACTIONS = PdfActiveContent.ACTIONS;
    /** The page keys kept in the rewritten page; everything else on the page dictionary goes. */
    private static final Set<COSName> PAGE_KEYS = Set.of(COSName.TYPE, COSName.MEDIA_BOX, COSName.CROP_BOX,
            COSName.BLEED_BOX, COSName.TRIM_BOX, COSName.ART_BOX, COSName.ROTATE, COSName.RESOURCES,
            COSName.CONTENTS, COSName.GROUP, COSName.getPDFName("UserUnit"));
    private static final long MAX_CONTENT_TOKENS = 5_000_000L;

    private PdfFigure() {
    }

    static FigureInspector.Inspection.Accepted rewrite(byte[] content, FigureInspector.Limits limits)
            throws Exception {
        StreamCacheCreateFunction cache = MemoryUsageSetting.setupMainMemoryOnly(limits.maxPdfMemory()).streamCache;
        try (PDDocument source = Loader.loadPDF(content, "", null, null, cache);
                PDDocument figure = new PDDocument(cache)) {
            if (source.isEncrypted()) {
                throw new RejectedFigureException("is encrypted; supply the figure without a password");
            }
            if (source.getNumberOfPages() < 1) {
                throw new RejectedFigureException("has no page");
            }
            Set<String> removed = new LinkedHashSet<>();
            if (source.getNumberOfPages() > 1) {
                removed.add("pages after the first (a figure is its first page)");
            }
            COSDictionary catalog = source.getDocumentCatalog().getCOSObject();
            for (COSName key : catalog.keySet()) {
                if (!key.equals(COSName.TYPE) && !key.equals(COSName.PAGES) && !key.equals(COSName.VERSION)) {
                    removed.add("the document's /" + key.getName());
                }
            }
            COSDictionary original = source.getPage(0).getCOSObject();
            COSDictionary page = new COSDictionary();
            // inherited attributes first, so a box or resources set on the page tree still apply
            PDPage sourcePage = source.getPage(0);
            page.setItem(COSName.TYPE, COSName.PAGE);
            page.setItem(COSName.MEDIA_BOX, sourcePage.getMediaBox().getCOSArray());
            if (sourcePage.getResources() != null) {
                page.setItem(COSName.RESOURCES, sourcePage.getResources().getCOSObject());
            }
            if (sourcePage.getRotation() != 0) {
                page.setInt(COSName.ROTATE, sourcePage.getRotation());
            }
            for (COSName key : original.keySet()) {
                if (PAGE_KEYS.contains(key)) {
                    if (!page.containsKey(key)) {
                        page.setItem(key, original.getItem(key));
                    }
                } else if (!key.equals(COSName.PARENT)) {
                    removed.add("the page's /" + key.getName());
                }
            }
            clean(page, limits.maxPdfObjects(), removed);
            PDPage kept = new PDPage(page);
            checkContent(kept);
            figure.addPage(kept);
            PDRectangle box = kept.getMediaBox();
            if (box.getWidth() <= 0 || box.getHeight() <= 0) {
                throw new RejectedFigureException("has an empty page box");
            }
            double ratio = box.getWidth() / box.getHeight();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            figure.save(out, CompressParameters.NO_COMPRESSION);
            return new FigureInspector.Inspection.Accepted(out.toByteArray(), FigureInspector.PDF,
                    kept.getRotation() % 180 == 0 ? ratio : 1 / ratio, new ArrayList<>(removed));
        }
    }

    /** What a figure drops: every action and annotation, forms, files, links back to the source document. */
    private static final PdfWalk.Rules RULES = new PdfWalk.Rules(DROPPED_KEYS::contains, PdfFigure::dropped,
            PdfFigure::what, key -> false);

    private static void clean(COSDictionary page, int maxObjects, Set<String> removed)
            throws RejectedFigureException {
        if (!PdfWalk.clean(page, maxObjects, RULES, removed)) {
            throw new RejectedFigureException("holds more than " + maxObjects + " objects for one page");
        }
    }

    private static boolean dropped(COSBase value) {
        if (!(value instanceof COSDictionary dictionary)) {
            return false;
        }
        COSBase type = dictionary.getDictionaryObject(COSName.TYPE);
        return isAction(dictionary) || type instanceof COSName name && DROPPED_TYPES.contains(name)
                || dictionary.containsKey(COSName.EF);
    }

    private static boolean isAction(COSBase value) {
        return value instanceof COSDictionary dictionary
                && dictionary.getDictionaryObject(COSName.S) instanceof COSName s && ACTIONS.contains(s);
    }

    private static String what(COSBase value) {
        COSDictionary dictionary = (COSDictionary) value;
        if (dictionary.getDictionaryObject(COSName.S) instanceof COSName s && ACTIONS.contains(s)) {
            return "a /" + s.getName() + " action";
        }
        if (dictionary.getDictionaryObject(COSName.TYPE) instanceof COSName type) {
            return "a /" + type.getName() + " object";
        }
        return "an embedded file";
    }

    /** Tokenises the page's content, where a hostile nesting would otherwise wait for the first renderer. */
    private static void checkContent(PDPage page) throws Exception {
        long tokens = 0;
        PDFStreamParser parser = new PDFStreamParser(page);
        try {
            for (Object token = parser.parseNextToken(); token != null; token = parser.parseNextToken()) {
                if (++tokens > MAX_CONTENT_TOKENS) {
                    throw new RejectedFigureException("has more than " + MAX_CONTENT_TOKENS
                            + " drawing operations");
                }
            }
        } finally {
            parser.close();
        }
    }
}
