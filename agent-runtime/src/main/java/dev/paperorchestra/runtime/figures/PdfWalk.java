package dev.paperorchestra.runtime.figures;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSNull;
import org.apache.pdfbox.cos.COSObject;

/**
 * The visit a figure's and a paper's rewrite share ({@link PdfFigure}, {@link PdfActiveContent}): everything an
 * object reaches, iteratively (a hostile nesting must not recurse in our code either), with what the rules drop
 * taken out. Resolving an indirect object is where PDFBox parses it, so the whole file is parsed here, inside the
 * caller's bounded parse.
 */
final class PdfWalk {

    /**
     * What a rewrite drops.
     *
     * @param droppedKey a key whose value goes whatever it is
     * @param dropped    a value that goes with the key or the array entry holding it
     * @param what       the value as a reader knows it, for the list of what was removed
     * @param compacted  a key whose array loses a dropped entry instead of having it nulled (a page's annotations)
     */
    record Rules(Predicate<COSName> droppedKey, Predicate<COSBase> dropped, Function<COSBase, String> what,
            Predicate<COSName> compacted) {
    }

    private PdfWalk() {
    }

    /**
     * Cleans everything {@code root} reaches, adding what was removed to {@code removed}.
     *
     * @return false when more than {@code maxObjects} objects were reached (the walk stopped there)
     */
    static boolean clean(COSBase root, long maxObjects, Rules rules, Set<String> removed) {
        Set<COSBase> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<COSBase> pending = new ArrayDeque<>();
        pending.push(root);
        long visited = 0;
        while (!pending.isEmpty()) {
            COSBase next = pending.pop();
            if (!seen.add(next)) {
                continue;
            }
            if (++visited > maxObjects) {
                return false;
            }
            if (next instanceof COSDictionary dictionary) {
                for (COSName key : new ArrayList<>(dictionary.keySet())) {
                    COSBase value = resolve(dictionary.getItem(key));
                    if (rules.droppedKey().test(key)) {
                        dictionary.removeItem(key);
                        removed.add("/" + key.getName() + " entries");
                    } else if (rules.dropped().test(value)) {
                        dictionary.removeItem(key);
                        removed.add(rules.what().apply(value));
                    } else if (value != null) {
                        if (rules.compacted().test(key) && value instanceof COSArray entries) {
                            for (int i = entries.size() - 1; i >= 0; i--) {
                                COSBase entry = resolve(entries.get(i));
                                if (rules.dropped().test(entry)) {
                                    entries.remove(i);
                                    removed.add(rules.what().apply(entry));
                                }
                            }
                        }
                        pending.push(value);
                    }
                }
            } else if (next instanceof COSArray array) {
                for (int i = 0; i < array.size(); i++) {
                    COSBase value = resolve(array.get(i));
                    if (rules.dropped().test(value)) {
                        array.set(i, COSNull.NULL);
                        removed.add(rules.what().apply(value));
                    } else if (value != null) {
                        pending.push(value);
                    }
                }
            }
        }
        return true;
    }

    static COSBase resolve(COSBase value) {
        return value instanceof COSObject indirect ? indirect.getObject() : value;
    }
}
