package dev.paperorchestra.content.integrity;

import dev.paperorchestra.model.finding.Finding;
import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.runtime.figures.BoundedParse;
import dev.paperorchestra.runtime.figures.BoundedPdf;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType3Font;
import org.apache.pdfbox.pdmodel.graphics.PDXObject;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;

/**
 * Fonts of the final PDF: no Type 3 (bitmap) font, whose text copies broken ("2159" for "21–59") and blurs when
 * zoomed, and every font embedded, as IEEE's and ACM's PDF checks require. Fonts are found on every page and in
 * every form the pages draw, so a figure's fonts count too, and a finding names the figure file pdfTeX recorded
 * for it ({@code /PTEX.FileName}) or paper.pdf for the paper's own text.
 */
public final class FontsGate {

    static final String PDF = "paper.pdf";
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final COSName PTEX_FILE_NAME = COSName.getPDFName("PTEX.FileName");
    /** Deepest nesting of forms followed (a figure's form inside a form inside a page). */
    private static final int MAX_DEPTH = 8;
    private static final int NAMES_SHOWN = 5;

    private FontsGate() {
    }

    /** Where a font is used and how it is stored. */
    private record FontUse(String where, String name, boolean bitmap, boolean embedded) {
    }

    /** The gate on a PDF's bytes; an unreadable PDF checks nothing (the compile reported it). */
    public static GateResult check(byte[] pdf) {
        BoundedParse.Outcome<List<FontUse>> outcome = BoundedPdf.read(pdf, LIMIT, FontsGate::fonts);
        if (!(outcome instanceof BoundedParse.Outcome.Done<List<FontUse>> done) || done.value() == null) {
            return GateResult.passed(Gate.FONTS, 0);
        }
        List<FontUse> fonts = done.value();
        Map<String, Set<String>> bitmaps = new LinkedHashMap<>();
        Map<String, Set<String>> notEmbedded = new LinkedHashMap<>();
        for (FontUse font : fonts) {
            if (font.bitmap()) {
                bitmaps.computeIfAbsent(font.where(), where -> new LinkedHashSet<>()).add(font.name());
            } else if (!font.embedded()) {
                notEmbedded.computeIfAbsent(font.where(), where -> new LinkedHashSet<>()).add(font.name());
            }
        }
        List<Finding> findings = new ArrayList<>();
        bitmaps.forEach((where, names) -> findings.add(Finding.at(Gate.FONTS, "fonts.bitmap", where, 0,
                where + " " + (where.equals(PDF) ? "sets its text in " : "(a figure) uses ") + count(names, "Type 3 "
                        + "(bitmap) font") + names(names) + ": its text copies broken and blurs when zoomed; use "
                        + "Type 1 fonts (\\usepackage[T1]{fontenc} with cm-super or lmodern installed)")));
        notEmbedded.forEach((where, names) -> findings.add(Finding.at(Gate.FONTS, "fonts.not-embedded", where, 0,
                where + " " + (where.equals(PDF) ? "uses " : "(a figure) uses ") + count(names, "font") + " without "
                        + "embedding " + (names.size() == 1 ? "it" : "them") + names(names) + ", which venues' PDF "
                        + "checks refuse" + (where.equals(PDF) ? "" : "; embed the fonts when the figure is drawn"))));
        return new GateResult(Gate.FONTS, fonts.size(), findings);
    }

    private static String count(Set<String> names, String noun) {
        return names.size() + " " + noun + (names.size() == 1 ? "" : "s");
    }

    private static String names(Set<String> names) {
        List<String> shown = names.stream().filter(name -> !name.isBlank()).limit(NAMES_SHOWN).toList();
        return shown.isEmpty() ? "" : " (" + String.join(", ", shown) + (names.size() > NAMES_SHOWN ? ", ..." : "")
                + ")";
    }

    /** Every distinct font of the document, with where it is used. */
    private static List<FontUse> fonts(PDDocument document) throws java.io.IOException {
        Set<COSBase> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<FontUse> fonts = new ArrayList<>();
        for (PDPage page : document.getPages()) {
            collect(page.getResources(), PDF, 0, seen, fonts);
        }
        return fonts;
    }

    private static void collect(PDResources resources, String where, int depth, Set<COSBase> seen,
            List<FontUse> fonts) throws java.io.IOException {
        if (resources == null || depth > MAX_DEPTH) {
            return;
        }
        for (COSName name : resources.getFontNames()) {
            PDFont font = resources.getFont(name);
            if (font != null && seen.add(font.getCOSObject())) {
                boolean bitmap = font instanceof PDType3Font;
                fonts.add(new FontUse(where, baseName(font.getName()), bitmap, bitmap || font.isEmbedded()));
            }
        }
        for (COSName name : resources.getXObjectNames()) {
            PDXObject object = resources.getXObject(name);
            if (object instanceof PDFormXObject form && seen.add(form.getCOSObject())) {
                String file = form.getCOSObject().getString(PTEX_FILE_NAME);
                collect(form.getResources(), file == null ? where : figureName(file), depth + 1, seen, fonts);
            }
        }
    }

    /** "ABCDEF+NimbusRomNo9L-Regu" is NimbusRomNo9L-Regu (the prefix marks a subset). */
    private static String baseName(String name) {
        if (name == null) {
            return "";
        }
        int plus = name.indexOf('+');
        return plus == 6 ? name.substring(plus + 1) : name;
    }

    /** pdfTeX records "./figures/fig_a.pdf"; the finding names it as the paper does. */
    private static String figureName(String file) {
        return file.startsWith("./") ? file.substring(2) : file;
    }
}
