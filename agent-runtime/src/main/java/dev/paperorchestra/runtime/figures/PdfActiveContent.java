package dev.paperorchestra.runtime.figures;

import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSString;
import org.apache.pdfbox.io.MemoryUsageSetting;
import org.apache.pdfbox.pdmodel.PDDocument;

/**
 * A compiled paper rewritten without active content, as an author's figure is ({@link PdfFigure}), but whole: every
 * page, font and image stays, and so do internal links (a destination, a {@code /GoTo} action, outlines) and links
 * to {@code http}, {@code https} and {@code mailto} addresses. Everything else that can act goes: JavaScript (actions,
 * the document's name tree, {@code /JS} entries), {@code /Launch}, {@code /SubmitForm}, {@code /ImportData},
 * {@code /GoToR}, {@code /GoToE} and every other action type, an {@code /OpenAction} that is not a destination,
 * additional actions ({@code /AA}), forms (AcroForm, XFA, widgets), embedded and associated files (name tree,
 * {@code /EF}, {@code /AF}, file-attachment annotations, portfolios), and RichMedia, Screen, Movie, Sound and 3D
 * annotations. A template controls the paper's PDF ({@code \pdfcatalog}, {@code \pdfannot}, {@code \special}), and
 * the console shows it inline at the final approval gate. Read in a {@link BoundedParse}.
 */
public final class PdfActiveContent {

    /** What a rewrite came to. */
    public sealed interface Outcome {

        /** The PDF without active content, and what was removed (empty when nothing was). */
        record Cleaned(byte[] pdf, List<String> removed) implements Outcome {
            public Cleaned {
                removed = List.copyOf(removed);
            }
        }

        /** PDFBox could not read it within its bounds; the reason is for people. */
        record Unreadable(String reason) implements Outcome {
        }
    }

    /** Every action type of PDF 2.0 (the {@code /S} of an action dictionary). */
    static final Set<COSName> ACTIONS = Set.of(name("JavaScript"), name("Launch"), COSName.URI, name("GoTo"),
            name("GoToR"), name("GoToE"), name("GoToDp"), name("GoTo3DView"), name("ImportData"), name("SubmitForm"),
            name("ResetForm"), name("Hide"), name("Named"), name("Rendition"), name("Sound"), name("Movie"),
            name("SetOCGState"), name("Thread"), name("Trans"), name("RichMediaExecute"), name("ECMAScript"));
    private static final Set<String> WEB_SCHEMES = Set.of("http", "https", "mailto");
    /** Keys that hold active content or files wherever they appear; a link needs none of them. */
    private static final Set<COSName> DROPPED_KEYS = Set.of(COSName.AA, COSName.JS, name("JavaScript"),
            name("EmbeddedFiles"), COSName.EF, name("AF"), COSName.ACRO_FORM, name("XFA"), name("Collection"),
            name("AlternatePresentations"), name("Renditions"), name("RichMediaContent"), name("RichMediaSettings"));
    /** Annotations that act, hold files or run media: removed whole. */
    private static final Set<COSName> DROPPED_ANNOTATIONS = Set.of(name("Widget"), name("FileAttachment"),
            name("RichMedia"), name("Screen"), name("Movie"), name("Sound"), name("3D"));
    private static final COSName OPEN_ACTION = name("OpenAction");
    private static final long MAX_OBJECTS = 5_000_000L;
    /** PDFBox's buffer for the streams it copies or decodes while reading and writing. */
    private static final long MAX_STREAM_MEMORY = 512L * 1024 * 1024;

    private PdfActiveContent() {
    }

    /** The PDF rewritten without active content, read within {@code limit}. */
    public static Outcome strip(byte[] pdf, Duration limit) {
        return switch (BoundedParse.run("paper-pdf", limit, () -> rewrite(pdf))) {
            case BoundedParse.Outcome.Done<Outcome.Cleaned> done -> done.value();
            case BoundedParse.Outcome.Failed<Outcome.Cleaned> failed -> new Outcome.Unreadable(failed.reason());
        };
    }

    private static Outcome.Cleaned rewrite(byte[] pdf) throws Exception {
        try (PDDocument document = Loader.loadPDF(pdf, "", null, null,
                MemoryUsageSetting.setupMainMemoryOnly(MAX_STREAM_MEMORY).streamCache)) {
            if (document.isEncrypted()) {
                throw new IllegalStateException("is encrypted");
            }
            Set<String> removed = new LinkedHashSet<>();
            COSDictionary catalog = document.getDocumentCatalog().getCOSObject();
            COSBase open = resolve(catalog.getItem(OPEN_ACTION));
            if (open != null && !(open instanceof COSArray) && !keptAction(open)) {
                catalog.removeItem(OPEN_ACTION);
                removed.add("the document's /OpenAction " + what(open));
            }
            clean(document.getDocument().getTrailer(), removed);
            // always written anew, even with nothing removed: what a viewer may read and PDFBox did not (a key given
            // twice, an object nothing references, bytes after the end) is not carried over
            ByteArrayOutputStream out = new ByteArrayOutputStream(pdf.length);
            document.save(out);
            return new Outcome.Cleaned(out.toByteArray(), new ArrayList<>(removed));
        }
    }

    /** What a paper drops; a page's annotations lose an entry rather than keep a null. */
    private static final PdfWalk.Rules RULES = new PdfWalk.Rules(DROPPED_KEYS::contains, PdfActiveContent::dropped,
            PdfActiveContent::what, COSName.ANNOTS::equals);

    private static void clean(COSDictionary trailer, Set<String> removed) {
        if (!PdfWalk.clean(trailer, MAX_OBJECTS, RULES, removed)) {
            throw new IllegalStateException("holds more than " + MAX_OBJECTS + " objects");
        }
    }

    private static COSBase resolve(COSBase value) {
        return PdfWalk.resolve(value);
    }

    /** An action that is not kept, an annotation that acts, or a file specification that holds a file. */
    private static boolean dropped(COSBase value) {
        if (!(value instanceof COSDictionary dictionary)) {
            return false;
        }
        if (isAction(dictionary)) {
            return !keptAction(dictionary);
        }
        COSBase type = dictionary.getDictionaryObject(COSName.TYPE);
        if (COSName.LINK.equals(dictionary.getDictionaryObject(COSName.SUBTYPE))
                && resolve(dictionary.getItem(COSName.A)) instanceof COSDictionary linkAction && isAction(linkAction)
                && !keptAction(linkAction)) {
            return true; // a link whose only purpose is an action that goes
        }
        // a widget often has no /Type: an annotation is what has a /Rect
        boolean annotation = COSName.ANNOT.equals(type) || dictionary.containsKey(COSName.RECT);
        return annotation && dictionary.getDictionaryObject(COSName.SUBTYPE) instanceof COSName subtype
                && DROPPED_ANNOTATIONS.contains(subtype)
                || COSName.FILESPEC.equals(type) || name("EmbeddedFile").equals(type);
    }

    private static boolean isAction(COSDictionary dictionary) {
        return dictionary.getDictionaryObject(COSName.S) instanceof COSName s && ACTIONS.contains(s);
    }

    /** An internal link ({@code /GoTo}), or a link to a web or mail address. */
    private static boolean keptAction(COSBase value) {
        if (!(value instanceof COSDictionary action) || !(action.getDictionaryObject(COSName.S) instanceof COSName s)) {
            return false;
        }
        if (s.equals(name("GoTo"))) {
            return true;
        }
        if (s.equals(COSName.URI) && action.getDictionaryObject(COSName.URI) instanceof COSString uri) {
            String target = uri.getString().strip().toLowerCase(Locale.ROOT);
            int colon = target.indexOf(':');
            return colon > 0 && WEB_SCHEMES.contains(target.substring(0, colon));
        }
        return false;
    }

    private static String what(COSBase value) {
        if (!(value instanceof COSDictionary dictionary)) {
            return "(not a destination)";
        }
        if (dictionary.getDictionaryObject(COSName.S) instanceof COSName s) {
            return "a /" + s.getName() + " action";
        }
        if (COSName.LINK.equals(dictionary.getDictionaryObject(COSName.SUBTYPE))
                && dictionary.getDictionaryObject(COSName.A) instanceof COSDictionary action
                && action.getDictionaryObject(COSName.S) instanceof COSName s) {
            return "a /" + s.getName() + " action";
        }
        if (dictionary.getDictionaryObject(COSName.SUBTYPE) instanceof COSName subtype
                && DROPPED_ANNOTATIONS.contains(subtype)) {
            return "a /" + subtype.getName() + " annotation";
        }
        return "an embedded file";
    }

    private static COSName name(String name) {
        return COSName.getPDFName(name);
    }
}
