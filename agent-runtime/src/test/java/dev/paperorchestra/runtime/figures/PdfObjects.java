package dev.paperorchestra.runtime.figures;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSObject;
import org.apache.pdfbox.pdmodel.PDDocument;

/** For tests that look into a PDF's objects: everything its trailer reaches, not only what PDFBox's model shows. */
public final class PdfObjects {

    private PdfObjects() {
    }

    /** Every dictionary the document's trailer reaches, streams included. */
    public static List<COSDictionary> everyDictionary(PDDocument document) {
        List<COSDictionary> found = new ArrayList<>();
        Set<COSBase> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<COSBase> pending = new ArrayList<>(List.of(document.getDocument().getTrailer()));
        while (!pending.isEmpty()) {
            COSBase next = pending.removeLast();
            if (next instanceof COSObject indirect) {
                next = indirect.getObject();
            }
            if (next == null || !seen.add(next)) {
                continue;
            }
            if (next instanceof COSDictionary dictionary) {
                found.add(dictionary);
                pending.addAll(dictionary.getValues());
            } else if (next instanceof COSArray array) {
                array.forEach(pending::add);
            }
        }
        return found;
    }
}
