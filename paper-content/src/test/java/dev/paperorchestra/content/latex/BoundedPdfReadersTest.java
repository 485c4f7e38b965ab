package dev.paperorchestra.content.latex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.runtime.figures.HostileFigures;
import dev.paperorchestra.runtime.figures.PageImages;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The other PDFBox readers of bytes that embed an author's figure (page counts of the compiled paper, the
 * reviewer's page images): a hostile PDF is unreadable to them, never an Error in their caller. The hostile PDF
 * is a page tree nested 100,000 deep, which overflows PDFBox's recursive page-tree walk (deep nesting inside one
 * object no longer does: PDFBox stops that itself).
 */
class BoundedPdfReadersTest {

    private static final Duration WITHIN = Duration.ofSeconds(60);

    @Test
    void page_counts_of_a_pdf_that_overflows_the_parser_are_unknown() {
        byte[] hostile = HostileFigures.deepPageTree();
        assertTimeoutPreemptively(WITHIN, () -> {
            assertThat(PdfPages.mainTextPages(hostile)).isEmpty();
            assertThat(PdfPages.text(hostile)).isEmpty();
            assertThat(PdfPages.count(HostileFigures.onePage(""))).contains(1);
        });
    }

    @Test
    void page_images_of_a_pdf_that_overflows_the_renderer_are_a_permanent_failure() {
        byte[] hostile = HostileFigures.deepPageTree();
        assertTimeoutPreemptively(WITHIN, () -> assertThatThrownBy(() -> PageImages.render(hostile, 1, 20))
                .isInstanceOf(PermanentException.class)
                .hasMessageContaining("cannot be rendered")
                .hasMessageContaining("nested too deeply"));
    }
}
