package dev.paperorchestra.plotting.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.paperorchestra.plotting.Fixtures;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.graphics.PDXObject;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.text.PDFTextStripper;
import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.Test;

class ChartExportTest {

    private static final FigureSize WIDE = FigureSize.of(new AspectRatio(16, 9), 6.0, 8.0);

    private static JFreeChart chart() {
        ChartData data = ChartPlanner.plan(Fixtures.plot("Depth accuracy on NYU Depth v2", "", "16:9"),
                Fixtures.table(0));
        return ChartBuilder.build(data, ChartStyle.standard(), WIDE);
    }

    @Test
    void png_has_the_planned_aspect_ratio_at_the_configured_resolution() throws IOException {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(ChartExport.png(chart(), WIDE, 200, null)));

        assertThat(image.getWidth()).isEqualTo(1200);
        assertThat((double) image.getHeight()).isCloseTo(1200 * 9 / 16.0, within(1.0));
    }

    @Test
    void pdf_page_is_the_figure_size_in_points() throws IOException {
        try (PDDocument pdf = Loader.loadPDF(ChartExport.pdf(chart(), WIDE, "fig", null))) {
            assertThat(pdf.getNumberOfPages()).isEqualTo(1);
            assertThat(pdf.getPage(0).getMediaBox().getWidth()).isCloseTo(432f, within(0.01f));
            assertThat(pdf.getPage(0).getMediaBox().getHeight()).isCloseTo(243f, within(0.01f));
        }
    }

    @Test
    void pdf_is_vector_with_its_labels_as_text() throws IOException {
        try (PDDocument pdf = Loader.loadPDF(ChartExport.pdf(chart(), WIDE, "fig", null))) {
            PDPage page = pdf.getPage(0);

            assertThat(images(page.getResources())).isEmpty();
            assertThat(fonts(page.getResources())).isNotEmpty();
            assertThat(new PDFTextStripper().getText(pdf)).contains("AdaBins", "AbsRel (lower is better)");
        }
    }

    @Test
    void every_font_of_the_pdf_is_embedded() throws IOException {
        try (PDDocument pdf = Loader.loadPDF(ChartExport.pdf(chart(), WIDE, "fig", null))) {
            List<PDFont> fonts = pdfFonts(pdf.getPage(0).getResources());

            assertThat(fonts).isNotEmpty().allSatisfy(font -> assertThat(font.isEmbedded())
                    .as("font %s embedded", font.getName()).isTrue());
        }
    }

    @Test
    void math_in_labels_reaches_the_pdf_as_unicode_not_tex() throws IOException {
        SourceTable table = SourceTable.parse("""
                ### Loss ablation

                | **Loss** | **AbsRel $\\downarrow$** | **$\\delta_1$ $\\uparrow$** |
                |---|---|---|
                | $\\mathcal{L}_{\\mathrm{IoU}}$ | 0.12 | 0.91 |
                | Cross-entropy | 0.15 | 0.88 |
                """, SourceTable.Source.LOG).getFirst();
        ChartData data = ChartPlanner.plan(Fixtures.plot("Loss ablation", "", "16:9"), table);
        JFreeChart chart = ChartBuilder.build(data, ChartStyle.standard(), WIDE);

        try (PDDocument pdf = Loader.loadPDF(ChartExport.pdf(chart, WIDE, "fig", null))) {
            String text = new PDFTextStripper().getText(pdf);
            assertThat(text).contains("Cross-entropy", "AbsRel (lower is better)", "δ₁ (higher is better)")
                    .doesNotContain("\\mathcal", "$", "\\downarrow");
            assertThat(pdfFonts(pdf.getPage(0).getResources())).allSatisfy(font -> assertThat(font.isEmbedded())
                    .isTrue());
        }
        // the script L is not in the embedded font: it is drawn, as outlines, not printed as TeX
        assertThat(data.categories()).containsExactly("𝓛_IoU", "Cross-entropy");
    }

    @Test
    void without_an_installed_font_the_text_is_drawn_as_outlines_and_no_font_is_referenced() throws IOException {
        byte[] bytes = ChartExport.pdf(chart(), WIDE, "fig", null, ChartFonts.drawer(java.util.Optional.empty()));
        try (PDDocument pdf = Loader.loadPDF(bytes)) {
            assertThat(pdfFonts(pdf.getPage(0).getResources())).isEmpty();
            assertThat(new PDFTextStripper().getText(pdf)).doesNotContain("AdaBins");
        }
    }

    @Test
    void both_files_carry_the_note_when_given() throws IOException {
        try (PDDocument pdf = Loader.loadPDF(ChartExport.pdf(chart(), WIDE, "fig", "OFFLINE MODE: test"))) {
            assertThat(pdf.getDocumentInformation().getSubject()).isEqualTo("OFFLINE MODE: test");
        }
        String png = new String(ChartExport.png(chart(), WIDE, 72, "OFFLINE MODE: test"),
                java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThat(png).contains("tEXtDescription").contains("OFFLINE MODE: test");
    }

    @Test
    void the_same_chart_gives_the_same_bytes() {
        assertThat(ChartExport.pdf(chart(), WIDE, "fig", null)).isEqualTo(ChartExport.pdf(chart(), WIDE, "fig", null));
        assertThat(ChartExport.png(chart(), WIDE, 100, null)).isEqualTo(ChartExport.png(chart(), WIDE, 100, null));
    }

    /** Image XObjects anywhere on the page, including inside form XObjects. */
    private static List<COSName> images(PDResources resources) throws IOException {
        List<COSName> images = new ArrayList<>();
        for (COSName name : resources.getXObjectNames()) {
            PDXObject object = resources.getXObject(name);
            if (object instanceof PDImageXObject) {
                images.add(name);
            } else if (object instanceof PDFormXObject form && form.getResources() != null) {
                images.addAll(images(form.getResources()));
            }
        }
        return images;
    }

    private static List<PDFont> pdfFonts(PDResources resources) throws IOException {
        List<PDFont> fonts = new ArrayList<>();
        for (COSName name : resources.getFontNames()) {
            fonts.add(resources.getFont(name));
        }
        for (COSName name : resources.getXObjectNames()) {
            if (resources.getXObject(name) instanceof PDFormXObject form && form.getResources() != null) {
                fonts.addAll(pdfFonts(form.getResources()));
            }
        }
        return fonts;
    }

    private static List<COSName> fonts(PDResources resources) throws IOException {
        List<COSName> fonts = new ArrayList<>();
        resources.getFontNames().forEach(fonts::add);
        for (COSName name : resources.getXObjectNames()) {
            if (resources.getXObject(name) instanceof PDFormXObject form && form.getResources() != null) {
                fonts.addAll(fonts(form.getResources()));
            }
        }
        return fonts;
    }
}
