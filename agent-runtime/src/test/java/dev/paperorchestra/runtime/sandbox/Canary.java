package dev.paperorchestra.runtime.sandbox;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDocument;
import org.apache.pdfbox.cos.COSObject;
import org.apache.pdfbox.cos.COSObjectKey;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;

/**
 * A secret file outside every job directory, and the search for its bytes in what a run leaves behind: every
 * file as it is, and every stream of every PDF decoded (a file embedded by {@code \pdfobj} is Flate-compressed,
 * so a plain byte search of the PDF would miss it), and the PDF's text as a reader would extract it. The search also looks for the secrets Maven puts in the
 * test JVM's environment ({@link #ENVIRONMENT_CANARIES}, see agent-runtime/pom.xml), which no sandboxed run may
 * ever see. Links below the searched directory are not followed: they are not outputs, and the host never
 * reads through them.
 */
public record Canary(Path file, String secret) {

    /** Variables surefire sets for this module's tests, with values found nowhere else. */
    public static final List<String> ENVIRONMENT_CANARIES = List.of("PO_TEST_ENV_CANARY", "PO_TEST_FAKE_API_KEY");

    /** The canary values from the environment; empty when the tests were not started by Maven. */
    public static List<String> environmentSecrets() {
        return ENVIRONMENT_CANARIES.stream().map(System::getenv).filter(value -> value != null && !value.isBlank())
                .toList();
    }

    /** Everything searched for: the file's secret and the environment's. */
    public List<String> needles() {
        List<String> needles = new ArrayList<>(environmentSecrets());
        needles.add(secret);
        return needles;
    }

    public static Canary plant(Path directory) {
        String secret = "CANARY-" + UUID.randomUUID();
        Path file = directory.resolve("canary.txt");
        try {
            Files.createDirectories(directory);
            Files.writeString(file, secret + "\n" + secret + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Canary(file.toAbsolutePath(), secret);
    }

    /** Every file below {@code root} (and every decoded PDF stream) that holds the secret. */
    public List<String> foundIn(Path root) {
        List<String> found = new ArrayList<>();
        if (!Files.exists(root)) {
            return found;
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path path : files.filter(path -> Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS))
                    .filter(path -> !path.equals(file)).toList()) {
                byte[] bytes = Files.readAllBytes(path);
                if (contains(bytes)) {
                    found.add(path.toString());
                }
                if (path.toString().endsWith(".pdf") && decodedStreamsContain(bytes)) {
                    found.add(path + " (decoded stream)");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found;
    }

    public boolean contains(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        return needles().stream().anyMatch(text::contains);
    }

    public boolean contains(String text) {
        return needles().stream().anyMatch(text::contains);
    }

    public boolean decodedStreamsContain(byte[] pdf) {
        try (PDDocument document = Loader.loadPDF(pdf)) {
            COSDocument cos = document.getDocument();
            for (COSObjectKey key : List.copyOf(cos.getXrefTable().keySet())) {
                COSObject object = cos.getObjectFromPool(key);
                COSBase base = object == null ? null : object.getObject();
                if (base instanceof COSStream stream) {
                    try (InputStream decoded = stream.createInputStream()) {
                        if (contains(decoded.readAllBytes())) {
                            return true;
                        }
                    } catch (IOException undecodable) {
                        try (InputStream raw = stream.createRawInputStream()) {
                            if (contains(raw.readAllBytes())) {
                                return true;
                            }
                        }
                    }
                }
            }
            // typeset text: fonts may encode glyphs and split words with kerning, so compare the extracted text
            String text = new PDFTextStripper().getText(document).replaceAll("\\s+", "");
            return contains(text);
        } catch (IOException e) {
            // not a PDF PDFBox can read: the plain byte search above is all there is
            return false;
        }
    }
}
