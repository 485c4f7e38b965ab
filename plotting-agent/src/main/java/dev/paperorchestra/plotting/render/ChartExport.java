package dev.paperorchestra.plotting.render;

import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2D;
import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2DFontTextDrawer;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.jfree.chart.JFreeChart;
import org.jspecify.annotations.Nullable;

/**
 * Writes one chart twice from the same drawing code: a vector PDF whose page is exactly the figure size in
 * points (text as PDF text in an embedded TrueType font, see {@link ChartFonts}; lines as paths) and a PNG of the
 * same layout at a given resolution. Both carry a note (PDF Subject, PNG tEXt Description) when one is given, e.g. the offline
 * label.
 */
public final class ChartExport {

    private static final double METRES_PER_INCH = 0.0254;

    private ChartExport() {
    }

    public static byte[] pdf(JFreeChart chart, FigureSize size, String title, @Nullable String note) {
        return pdf(chart, size, title, note, ChartFonts.drawer());
    }

    /** The PDF with text drawn by {@code fonts} (closed here). */
    static byte[] pdf(JFreeChart chart, FigureSize size, String title, @Nullable String note,
            PdfBoxGraphics2DFontTextDrawer fonts) {
        float width = (float) size.widthPoints();
        float height = (float) size.heightPoints();
        try (PDDocument document = new PDDocument()) {
            PDPage page = new PDPage(new PDRectangle(width, height));
            document.addPage(page);
            PdfBoxGraphics2D graphics = new PdfBoxGraphics2D(document, width, height);
            // every font maps to one embedded TrueType font, so labels stay text and the PDF carries its font
            try (fonts) {
                graphics.setFontTextDrawer(fonts);
                chart.draw(graphics, new Rectangle2D.Double(0, 0, width, height));
                graphics.dispose();
            }
            try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                content.drawForm(graphics.getXFormObject());
            }
            PDDocumentInformation info = document.getDocumentInformation();
            info.setTitle(title);
            info.setCreator("PaperOrchestra plotting-agent");
            if (note != null) {
                info.setSubject(note);
            }
            // a fixed document id keeps the bytes (and so the blob address) equal when a task is redelivered
            document.setDocumentId((long) title.hashCode());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            document.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the PDF of '" + title + "'", e);
        }
    }

    public static byte[] png(JFreeChart chart, FigureSize size, int dpi, @Nullable String note) {
        BufferedImage image = new BufferedImage(size.widthPixels(dpi), size.heightPixels(dpi),
                BufferedImage.TYPE_INT_RGB);
        Graphics2D graphics = image.createGraphics();
        try {
            graphics.setColor(Color.WHITE);
            graphics.fillRect(0, 0, image.getWidth(), image.getHeight());
            graphics.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            // draw in points, scaled to pixels: the PNG has the PDF's layout and type sizes
            graphics.scale(image.getWidth() / size.widthPoints(), image.getHeight() / size.heightPoints());
            chart.draw(graphics, new Rectangle2D.Double(0, 0, size.widthPoints(), size.heightPoints()));
        } finally {
            graphics.dispose();
        }
        return encodePng(image, dpi, note);
    }

    private static byte[] encodePng(BufferedImage image, int dpi, @Nullable String note) {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("png").next();
        try (ByteArrayOutputStream out = new ByteArrayOutputStream();
             ImageOutputStream stream = ImageIO.createImageOutputStream(out)) {
            writer.setOutput(stream);
            IIOMetadata metadata = writer.getDefaultImageMetadata(ImageTypeSpecifier.createFromRenderedImage(image),
                    null);
            metadata.mergeTree("javax_imageio_png_1.0", pngMetadata(dpi, note));
            writer.write(null, new IIOImage(image, null, metadata), null);
            stream.flush();
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException("could not encode a PNG", e);
        } finally {
            writer.dispose();
        }
    }

    private static IIOMetadataNode pngMetadata(int dpi, @Nullable String note) {
        IIOMetadataNode root = new IIOMetadataNode("javax_imageio_png_1.0");
        // pHYs in pixels per metre, so viewers and LaTeX size the PNG like the PDF
        IIOMetadataNode physical = new IIOMetadataNode("pHYs");
        String perMetre = Long.toString(Math.round(dpi / METRES_PER_INCH));
        physical.setAttribute("pixelsPerUnitXAxis", perMetre);
        physical.setAttribute("pixelsPerUnitYAxis", perMetre);
        physical.setAttribute("unitSpecifier", "meter");
        root.appendChild(physical);
        if (note != null) {
            IIOMetadataNode text = new IIOMetadataNode("tEXt");
            IIOMetadataNode entry = new IIOMetadataNode("tEXtEntry");
            entry.setAttribute("keyword", "Description");
            entry.setAttribute("value", note);
            text.appendChild(entry);
            root.appendChild(text);
        }
        return root;
    }
}
