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
 * reviewer's page images): a hostile PDF is unreadable to them, never an Error in their caller.
 */
class BoundedPdfReadersTest {

    private static final Duration WITHIN = Duration.ofSeconds(30);

    @Test
    void page_counts_of_a_pdf_that_overflows_the_parser_are_unknown() {
        assertTimeoutPreemptively(WITHIN, () -> {
            assertThat(PdfPages.mainTextPages(HostileFigures.nestedArrays())).isEmpty();
            assertThat(PdfPages.mainTextPages(HostileFigures.nestedDictionaries())).isEmpty();
            assertThat(PdfPages.count(HostileFigures.onePage(""))).contains(1);
        });
    }

    @Test
    void page_images_of_a_drawing_that_overflows_the_renderer_are_a_permanent_failure() {
        assertTimeoutPreemptively(WITHIN, () -> assertThatThrownBy(
                () -> PageImages.render(HostileFigures.nestedArraysInContent(), 1, 20))
                .isInstanceOf(PermanentException.class).hasMessageContaining("cannot be rendered"));
    }
}
