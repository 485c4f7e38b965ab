package dev.paperorchestra.runtime.figures;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import javax.imageio.ImageIO;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentNameDictionary;
import org.apache.pdfbox.pdmodel.PDEmbeddedFilesNameTreeNode;
import org.apache.pdfbox.pdmodel.PDJavascriptNameTreeNode;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.common.filespecification.PDComplexFileSpecification;
import org.apache.pdfbox.pdmodel.common.filespecification.PDEmbeddedFile;
import org.apache.pdfbox.pdmodel.interactive.action.PDActionJavaScript;
import org.apache.pdfbox.pdmodel.interactive.action.PDActionLaunch;
import org.apache.pdfbox.pdmodel.interactive.action.PDActionURI;
import org.apache.pdfbox.pdmodel.interactive.action.PDPageAdditionalActions;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationFileAttachment;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationLink;
import org.apache.pdfbox.pdmodel.interactive.form.PDAcroForm;
import org.apache.pdfbox.pdmodel.interactive.form.PDTextField;

/** Figures made to break or abuse a figure parser, generated here so the repository holds no hostile files. */
public final class HostileFigures {

    private HostileFigures() {
    }

    /** A PDF whose objects are the given bodies, numbered from 1 (1 is the catalog), with a correct xref. */
    public static byte[] pdf(List<String> objects, String trailerExtra) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(out, "%PDF-1.7\n%\u00e2\u00e3\n");
        List<Integer> offsets = new ArrayList<>();
        for (int i = 0; i < objects.size(); i++) {
            offsets.add(out.size());
            write(out, (i + 1) + " 0 obj\n" + objects.get(i) + "\nendobj\n");
        }
        int xref = out.size();
        StringBuilder table = new StringBuilder("xref\n0 " + (objects.size() + 1) + "\n0000000000 65535 f \n");
        offsets.forEach(offset -> table.append(String.format("%010d 00000 n \n", offset)));
        write(out, table + "trailer\n<< /Size " + (objects.size() + 1) + " /Root 1 0 R " + trailerExtra
                + " >>\nstartxref\n" + xref + "\n%%EOF\n");
        return out.toByteArray();
    }

    /** Catalog, page tree and one page whose dictionary holds {@code pageExtra}. */
    public static byte[] onePage(String pageExtra, String... more) {
        List<String> objects = new ArrayList<>(List.of("<< /Type /Catalog /Pages 2 0 R >>",
                "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] " + pageExtra + " >>"));
        objects.addAll(List.of(more));
        return pdf(objects, "");
    }

    /** The finding: 200,000 nested arrays (400 KB) in the page dictionary, parsed as soon as the page is read. */
    public static byte[] nestedArrays() {
        return onePage("/Deep " + "[".repeat(200_000) + "]".repeat(200_000));
    }

    public static byte[] nestedDictionaries() {
        return onePage("/Deep " + "<< /K ".repeat(100_000) + ">> ".repeat(100_000));
    }

    /**
     * A page tree nested {@code depth} levels deep, one /Pages node per level, each its own object. PDFBox
     * (3.0.6 on) stops nesting inside one object at 500 levels, so {@link #nestedArrays()} no longer overflows
     * it; walking the page tree (every text extraction and page lookup does) still recurses once per level.
     * 100,000 levels overflow the bounded parse's stack with room to spare (20,000 do not).
     */
    public static byte[] deepPageTree() {
        int depth = 100_000;
        List<String> objects = new ArrayList<>(depth + 2);
        objects.add("<< /Type /Catalog /Pages 2 0 R >>");
        for (int level = 0; level < depth; level++) {
            int id = level + 2;
            objects.add("<< /Type /Pages /Kids [" + (id + 1) + " 0 R] /Count 1"
                    + (level == 0 ? "" : " /Parent " + (id - 1) + " 0 R") + " >>");
        }
        objects.add("<< /Type /Page /Parent " + (depth + 1) + " 0 R /MediaBox [0 0 300 200] >>");
        return pdf(objects, "");
    }

    /** A content stream declaring a length far beyond the file. */
    public static byte[] hugeLength() {
        return onePage("/Contents 4 0 R",
                "<< /Length 9999999999 >>\nstream\n0 0 m 10 10 l S\nendstream");
    }

    /** An xref section whose /Prev points back at itself. */
    public static byte[] xrefLoop() {
        byte[] plain = onePage("");
        String text = new String(plain, StandardCharsets.ISO_8859_1);
        int start = Integer.parseInt(text.substring(text.lastIndexOf("startxref\n") + 10, text.lastIndexOf("\n%%EOF"))
                .strip());
        return text.replace("/Root 1 0 R", "/Root 1 0 R /Prev " + start).getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Object 4 lives in object stream 5, which is itself listed as compressed in object stream 5. */
    public static byte[] selfReferencingObjectStream() {
        String objStm = "4 0 ";
        String inner = "<< /Kind /Inner >>";
        String body = objStm + inner;
        return onePage("/Resources << /Properties << /P0 4 0 R >> >>",
                "<< /Type /ObjStm /N 1 /First " + objStm.length() + " /Extends 5 0 R /Length " + body.length()
                        + " >>\nstream\n" + body + "\nendstream",
                "<< /Type /ObjStm /N 1 /First 4 /Extends 5 0 R /Length 9 >>\nstream\n5 0 5 0 R\nendstream");
    }

    /** A page whose content stream nests arrays 200,000 deep: harmless to the loader, fatal to a renderer. */
    public static byte[] nestedArraysInContent() {
        String content = "[".repeat(200_000) + "]".repeat(200_000) + " 0 d";
        return onePage("/Contents 4 0 R", "<< /Length " + content.length() + " >>\nstream\n" + content
                + "\nendstream");
    }

    /** Every active thing a PDF can carry, on an otherwise ordinary figure (a filled rectangle). */
    public static byte[] activePdf() {
        try (PDDocument document = new PDDocument()) {
            PDPage page = new PDPage(new PDRectangle(400, 300));
            document.addPage(page);
            try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                content.addRect(50, 50, 300, 200);
                content.fill();
            }
            document.getDocumentCatalog().setOpenAction(new PDActionJavaScript("app.alert('open')"));
            PDPageAdditionalActions pageActions = new PDPageAdditionalActions();
            pageActions.setO(new PDActionJavaScript("app.alert('page')"));
            page.setActions(pageActions);
            PDActionLaunch launch = new PDActionLaunch();
            launch.setFile(new PDComplexFileSpecification());
            launch.getCOSObject().setString(COSName.F, "/bin/sh");
            PDAnnotationLink launchLink = new PDAnnotationLink();
            launchLink.setRectangle(new PDRectangle(0, 0, 50, 50));
            launchLink.setAction(launch);
            PDActionURI uri = new PDActionURI();
            uri.setURI("http://canary.invalid/leak");
            PDAnnotationLink uriLink = new PDAnnotationLink();
            uriLink.setRectangle(new PDRectangle(50, 0, 50, 50));
            uriLink.setAction(uri);
            PDEmbeddedFile embedded = new PDEmbeddedFile(document,
                    new java.io.ByteArrayInputStream("EMBEDDED-CANARY".getBytes(StandardCharsets.US_ASCII)));
            PDComplexFileSpecification spec = new PDComplexFileSpecification();
            spec.setFile("payload.exe");
            spec.setEmbeddedFile(embedded);
            PDAnnotationFileAttachment attachment = new PDAnnotationFileAttachment();
            attachment.setRectangle(new PDRectangle(100, 0, 50, 50));
            attachment.setFile(spec);
            page.setAnnotations(List.of(launchLink, uriLink, attachment));
            PDEmbeddedFilesNameTreeNode files = new PDEmbeddedFilesNameTreeNode();
            files.setNames(java.util.Map.of("payload.exe", spec));
            PDJavascriptNameTreeNode scripts = new PDJavascriptNameTreeNode();
            scripts.setNames(java.util.Map.of("init", new PDActionJavaScript("app.alert('names')")));
            PDDocumentNameDictionary names = new PDDocumentNameDictionary(document.getDocumentCatalog());
            names.setEmbeddedFiles(files);
            names.setJavascript(scripts);
            document.getDocumentCatalog().setNames(names);
            PDAcroForm form = new PDAcroForm(document);
            PDTextField field = new PDTextField(form);
            field.setPartialName("f");
            form.getFields().add(field);
            document.getDocumentCatalog().setAcroForm(form);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            document.save(out, org.apache.pdfbox.pdfwriter.compress.CompressParameters.NO_COMPRESSION);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static byte[] png(int width, int height) {
        return encode(new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB), "png");
    }

    public static byte[] jpeg(int width, int height) {
        return encode(new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB), "jpeg");
    }

    public static byte[] gif() {
        return encode(new BufferedImage(20, 10, BufferedImage.TYPE_BYTE_INDEXED), "gif");
    }

    public static byte[] bmp() {
        return encode(new BufferedImage(20, 10, BufferedImage.TYPE_INT_RGB), "bmp");
    }

    /** A real small PNG whose IHDR (CRC fixed up) declares the given size: a decompression bomb's header. */
    public static byte[] pngDeclaring(int width, int height) {
        byte[] png = png(16, 16);
        ByteBuffer buffer = ByteBuffer.wrap(png);
        buffer.putInt(16, width).putInt(20, height);
        CRC32 crc = new CRC32();
        crc.update(png, 12, 17);
        buffer.putInt(29, (int) crc.getValue());
        return png;
    }

    /** A real small JPEG whose SOF0 declares the given size. */
    public static byte[] jpegDeclaring(int width, int height) {
        byte[] jpeg = jpeg(16, 16);
        for (int i = 2; i + 8 < jpeg.length; i++) {
            if ((jpeg[i] & 0xff) == 0xff && (jpeg[i + 1] & 0xff) == 0xc0) {
                ByteBuffer.wrap(jpeg).putShort(i + 5, (short) height).putShort(i + 7, (short) width);
                return jpeg;
            }
        }
        throw new IllegalStateException("no SOF0 marker in the test JPEG");
    }

    public static byte[] truncatedPng() {
        byte[] png = encode(noise(200, 200), "png");
        return java.util.Arrays.copyOf(png, png.length / 2);
    }

    private static BufferedImage noise(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        java.util.Random random = new java.util.Random(7);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                image.setRGB(x, y, random.nextInt());
            }
        }
        return image;
    }

    private static byte[] encode(BufferedImage image, String format) {
        try (ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            if (!ImageIO.write(image, format, out)) {
                throw new IllegalStateException("no writer for " + format);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(StandardCharsets.ISO_8859_1));
    }
}
