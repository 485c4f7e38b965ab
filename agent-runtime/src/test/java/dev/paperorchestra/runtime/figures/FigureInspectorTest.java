package dev.paperorchestra.runtime.figures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.paperorchestra.runtime.figures.FigureInspector.Inspection;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSObject;
import org.apache.pdfbox.cos.COSObjectKey;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The hostile-figure part of the suite: every case ends within its limit as a named rejection or a sanitised
 * acceptance, and no Error reaches the caller.
 */
class FigureInspectorTest {

    /** Well above the inspector's own 10 s limit per figure, far below the 6.9 min the finding hung for. */
    private static final Duration WITHIN = Duration.ofSeconds(30);

    private static Inspection inspect(String mediaType, byte[] content) {
        return assertTimeoutPreemptively(WITHIN, () -> FigureInspector.inspect(mediaType, content));
    }

    static Stream<Arguments> rejected() {
        return Stream.of(
                Arguments.of("a page tree nested 100,000 deep", FigureInspector.PDF,
                        (Supplier<byte[]>) HostileFigures::deepPageTree, "nested too deeply"),
                Arguments.of("PNG declaring 100000 x 100000", FigureInspector.PNG,
                        (Supplier<byte[]>) () -> HostileFigures.pngDeclaring(100_000, 100_000),
                        "declares 100000 x 100000 pixels"),
                Arguments.of("JPEG declaring 65000 x 65000", FigureInspector.JPEG,
                        (Supplier<byte[]>) () -> HostileFigures.jpegDeclaring(65_000, 65_000),
                        "declares 65000 x 65000 pixels"),
                Arguments.of("truncated PNG", FigureInspector.PNG,
                        (Supplier<byte[]>) HostileFigures::truncatedPng, "cannot be parsed"),
                Arguments.of("GIF named .png", FigureInspector.PNG, (Supplier<byte[]>) HostileFigures::gif,
                        "is not a PNG image"),
                Arguments.of("BMP named .png", FigureInspector.PNG, (Supplier<byte[]>) HostileFigures::bmp,
                        "is not a PNG image"),
                Arguments.of("PNG named .jpg", FigureInspector.JPEG,
                        (Supplier<byte[]>) () -> HostileFigures.png(10, 10), "is not a JPEG image"),
                Arguments.of("SVG with an external entity", "image/svg+xml",
                        (Supplier<byte[]>) () -> ("<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY x SYSTEM "
                                + "\"file:///etc/passwd\">]><svg>&x;</svg>").getBytes(StandardCharsets.UTF_8),
                        "only PDF, PNG and JPEG"),
                Arguments.of("text named .pdf", FigureInspector.PDF,
                        (Supplier<byte[]>) () -> "hello".getBytes(StandardCharsets.UTF_8), "cannot be parsed"),
                Arguments.of("empty file", FigureInspector.PNG, (Supplier<byte[]>) () -> new byte[0], "is empty"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void rejected(String name, String mediaType, Supplier<byte[]> content, String reason) {
        Inspection inspection = inspect(mediaType, content.get());

        assertThat(inspection).isInstanceOfSatisfying(Inspection.Rejected.class,
                rejected -> assertThat(rejected.reason()).contains(reason));
    }

    static Stream<Arguments> survived() {
        return Stream.of(
                // the finding; PDFBox (3.0.6 on) stops nesting inside one object at 500 levels itself
                Arguments.of("200,000 nested arrays", (Supplier<byte[]>) HostileFigures::nestedArrays),
                Arguments.of("100,000 nested dictionaries", (Supplier<byte[]>) HostileFigures::nestedDictionaries),
                Arguments.of("nested arrays in the page's drawing",
                        (Supplier<byte[]>) HostileFigures::nestedArraysInContent),
                Arguments.of("a stream declaring a 10 GB length", (Supplier<byte[]>) HostileFigures::hugeLength),
                Arguments.of("an xref whose /Prev points at itself", (Supplier<byte[]>) HostileFigures::xrefLoop),
                Arguments.of("an object stream extending itself",
                        (Supplier<byte[]>) HostileFigures::selfReferencingObjectStream));
    }

    /** PDFBox repairs these or gives up; either way a verdict comes within the limit, and no Error. */
    @ParameterizedTest(name = "{0}")
    @MethodSource
    void survived(String name, Supplier<byte[]> content) {
        Inspection inspection = inspect(FigureInspector.PDF, content.get());

        if (inspection instanceof Inspection.Accepted accepted) {
            assertThat(new String(accepted.content(), StandardCharsets.ISO_8859_1)).startsWith("%PDF-");
        } else {
            assertThat(((Inspection.Rejected) inspection).reason()).isNotBlank();
        }
    }

    @Test
    void a_pdf_is_rewritten_without_scripts_actions_annotations_forms_or_embedded_files() throws Exception {
        byte[] active = HostileFigures.activePdf();
        String before = new String(active, StandardCharsets.ISO_8859_1);
        assertThat(before).contains("/JavaScript", "/Launch", "/EmbeddedFile", "/URI", "/OpenAction", "/AcroForm");

        Inspection inspection = inspect(FigureInspector.PDF, active);

        assertThat(inspection).isInstanceOf(Inspection.Accepted.class);
        Inspection.Accepted accepted = (Inspection.Accepted) inspection;
        assertThat(accepted.widthOverHeight()).isCloseTo(400.0 / 300, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(accepted.removed()).isNotEmpty();
        String after = new String(accepted.content(), StandardCharsets.ISO_8859_1);
        assertThat(after).doesNotContain("/JavaScript", "/JS", "/Launch", "/EmbeddedFile", "/URI", "/OpenAction",
                "/AcroForm", "/Annots", "/AA", "/FileAttachment", "EMBEDDED-CANARY", "canary.invalid", "/bin/sh");
        try (PDDocument document = Loader.loadPDF(accepted.content())) {
            COSDictionary catalog = document.getDocumentCatalog().getCOSObject();
            assertThat(catalog.keySet()).containsOnly(COSName.TYPE, COSName.VERSION, COSName.PAGES);
            assertThat(document.getNumberOfPages()).isOne();
            PDPage page = document.getPage(0);
            assertThat(page.getAnnotations()).isEmpty();
            assertThat(page.getCOSObject().containsKey(COSName.AA)).isFalse();
            assertThat(page.getContents().readAllBytes()).isNotEmpty();
            for (COSObjectKey key : document.getDocument().getXrefTable().keySet()) {
                assertNothingActive(document.getDocument().getObjectFromPool(key));
            }
        }
    }

    @Test
    void an_ordinary_pdf_keeps_its_drawing_and_shape() throws Exception {
        Inspection inspection = inspect(FigureInspector.PDF, HostileFigures.onePage(""));

        assertThat(inspection).isInstanceOfSatisfying(Inspection.Accepted.class, accepted -> {
            assertThat(accepted.widthOverHeight()).isCloseTo(1.5, org.assertj.core.data.Offset.offset(1e-6));
            assertThat(accepted.mediaType()).isEqualTo(FigureInspector.PDF);
        });
    }

    @Test
    void ordinary_images_are_kept_as_they_are() {
        byte[] png = HostileFigures.png(1600, 900);
        byte[] jpeg = HostileFigures.jpeg(300, 400);

        assertThat(inspect(FigureInspector.PNG, png)).isInstanceOfSatisfying(Inspection.Accepted.class,
                accepted -> {
                    assertThat(accepted.content()).isEqualTo(png);
                    assertThat(accepted.widthOverHeight())
                            .isCloseTo(16.0 / 9, org.assertj.core.data.Offset.offset(1e-6));
                });
        assertThat(inspect(FigureInspector.JPEG, jpeg)).isInstanceOfSatisfying(Inspection.Accepted.class,
                accepted -> assertThat(accepted.content()).isEqualTo(jpeg));
    }

    @Test
    void a_parse_that_overflows_or_runs_out_of_memory_is_a_failure_not_an_error() {
        assertThat(BoundedParse.run("test", WITHIN, () -> {
            throw new StackOverflowError();
        })).isEqualTo(new BoundedParse.Outcome.Failed<>("is nested too deeply to parse (stack overflow)"));
        assertThat(BoundedParse.run("test", WITHIN, () -> {
            throw new OutOfMemoryError("Java heap space");
        })).isEqualTo(new BoundedParse.Outcome.Failed<>("needs more memory than a figure may use"));
    }

    @Test
    void a_parse_that_never_ends_is_abandoned_at_its_limit() {
        BoundedParse.Outcome<Object> outcome = assertTimeoutPreemptively(WITHIN,
                () -> BoundedParse.run("test", Duration.ofMillis(200), () -> {
                    new java.util.concurrent.CountDownLatch(1).await();
                    return null;
                }));

        assertThat(outcome).isInstanceOfSatisfying(BoundedParse.Outcome.Failed.class,
                failed -> assertThat(failed.reason()).contains("took longer than"));
    }

    private static void assertNothingActive(COSBase root) {
        Set<COSBase> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<COSBase> pending = new ArrayDeque<>();
        pending.push(root);
        while (!pending.isEmpty()) {
            COSBase next = pending.pop();
            if (next instanceof COSObject indirect) {
                next = indirect.getObject();
            }
            if (next == null || !seen.add(next)) {
                continue;
            }
            if (next instanceof COSDictionary dictionary) {
                assertThat(dictionary.keySet()).as("keys of %s", dictionary).doesNotContain(COSName.JS, COSName.EF,
                        COSName.AA, COSName.ANNOTS, COSName.getPDFName("OpenAction"), COSName.URI);
                assertThat(dictionary.getCOSName(COSName.S)).isNotIn(COSName.getPDFName("JavaScript"),
                        COSName.getPDFName("Launch"), COSName.URI);
                dictionary.getValues().forEach(pending::push);
            } else if (next instanceof COSArray array) {
                array.forEach(pending::push);
            }
        }
    }
}
