package dev.paperorchestra.content.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.model.finding.Finding;
import dev.paperorchestra.model.finding.Gate;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSFloat;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.junit.jupiter.api.Test;

/** The FONTS gate on PDFs written here as a compile sets them: the paper's text and an included figure's form. */
class FontsGateTest {

    @Test
    void a_pdf_whose_fonts_are_all_embedded_passes() throws IOException {
        try (PDDocument document = new PDDocument()) {
            text(document, embedded(document));

            GateResult result = FontsGate.check(bytes(document));

            assertThat(result.passed()).as(result.messages().toString()).isTrue();
            assertThat(result.checked()).isEqualTo(1);
        }
    }

    /** The charts' Helvetica, as `pdffonts` shows it for `po demo`'s paper: "emb no" inside each figure. */
    @Test
    void a_figure_that_uses_a_font_without_embedding_it_is_named() throws IOException {
        try (PDDocument document = new PDDocument()) {
            PDPage page = text(document, embedded(document));
            PDFormXObject figure = new PDFormXObject(document);
            figure.setBBox(new PDRectangle(100, 100));
            figure.setResources(new PDResources());
            figure.getResources().add(new PDType1Font(Standard14Fonts.FontName.HELVETICA));
            figure.getCOSObject().setString(COSName.getPDFName("PTEX.FileName"), "./figures/fig_sweep.pdf");
            page.getResources().add(figure);

            GateResult result = FontsGate.check(bytes(document));

            assertThat(result.findings()).singleElement().satisfies(finding -> {
                assertThat(finding.gate()).isEqualTo(Gate.FONTS);
                assertThat(finding.rule()).isEqualTo("fonts.not-embedded");
                assertThat(finding.location()).isEqualTo(new Finding.Location("figures/fig_sweep.pdf", 0));
                assertThat(finding.message()).startsWith("figures/fig_sweep.pdf (a figure) uses 1 font without "
                        + "embedding it (Helvetica)");
            });
        }
    }

    /** pdfLaTeX's Type 3 fonts (T1 text without cm-super): the paper's own text copies broken. */
    @Test
    void a_type_3_font_is_a_bitmap_finding_on_the_paper() throws IOException {
        try (PDDocument document = new PDDocument()) {
            PDPage page = text(document, embedded(document));
            COSDictionary fonts = new COSDictionary();
            fonts.setItem(COSName.getPDFName("T3"), type3());
            page.getResources().getCOSObject().getCOSDictionary(COSName.FONT).addAll(fonts);

            GateResult result = FontsGate.check(bytes(document));

            assertThat(result.findings()).extracting(Finding::rule, finding -> finding.location().file())
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("fonts.bitmap", "paper.pdf"));
            assertThat(result.messages().getFirst()).contains("1 Type 3 (bitmap) font", "copies broken");
        }
    }

    @Test
    void bytes_that_are_not_a_pdf_check_nothing() {
        GateResult result = FontsGate.check("not a pdf".getBytes());

        assertThat(result.passed()).isTrue();
        assertThat(result.checked()).isZero();
    }

    private static PDFont embedded(PDDocument document) throws IOException {
        try (InputStream font = PDDocument.class.getResourceAsStream(
                "/org/apache/pdfbox/resources/ttf/LiberationSans-Regular.ttf")) {
            return PDType0Font.load(document, font);
        }
    }

    private static PDPage text(PDDocument document, PDFont font) throws IOException {
        PDPage page = new PDPage();
        document.addPage(page);
        try (PDPageContentStream content = new PDPageContentStream(document, page)) {
            content.beginText();
            content.setFont(font, 10);
            content.newLineAtOffset(72, 720);
            content.showText("Sparse depth, 21-59.");
            content.endText();
        }
        return page;
    }

    /** A Type 3 font dictionary as pdfTeX writes one for a pk bitmap font (glyph procedures left out). */
    private static COSDictionary type3() {
        COSDictionary font = new COSDictionary();
        font.setItem(COSName.TYPE, COSName.FONT);
        font.setItem(COSName.SUBTYPE, COSName.getPDFName("Type3"));
        COSArray box = new COSArray();
        for (int i = 0; i < 4; i++) {
            box.add(COSInteger.ZERO);
        }
        font.setItem(COSName.FONT_BBOX, box);
        COSArray matrix = new COSArray();
        for (float value : new float[] {0.001f, 0, 0, 0.001f, 0, 0}) {
            matrix.add(new COSFloat(value));
        }
        font.setItem(COSName.FONT_MATRIX, matrix);
        font.setItem(COSName.CHAR_PROCS, new COSDictionary());
        font.setInt(COSName.FIRST_CHAR, 0);
        font.setInt(COSName.LAST_CHAR, 0);
        font.setItem(COSName.WIDTHS, new COSArray());
        return font;
    }

    private static byte[] bytes(PDDocument document) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        document.save(out);
        return out.toByteArray();
    }
}
