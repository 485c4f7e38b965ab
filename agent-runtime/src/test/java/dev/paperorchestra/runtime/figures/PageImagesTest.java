package dev.paperorchestra.runtime.figures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.paperorchestra.base.errors.PermanentException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import javax.imageio.ImageIO;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.junit.jupiter.api.Test;

class PageImagesTest {

    private static byte[] pdf(int pages) throws IOException {
        try (PDDocument document = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            for (int i = 0; i < pages; i++) {
                document.addPage(new PDPage(PDRectangle.LETTER));
            }
            document.save(out);
            return out.toByteArray();
        }
    }

    @Test
    void renders_at_most_the_requested_number_of_pages_as_png_at_the_given_resolution() throws IOException {
        var images = PageImages.render(pdf(5), 3, 36);

        assertThat(images).hasSize(3).allSatisfy(image -> assertThat(image.mediaType()).isEqualTo("image/png"));
        var first = ImageIO.read(new ByteArrayInputStream(images.getFirst().content()));
        // US letter is 8.5 x 11 inches
        assertThat(first.getWidth()).isEqualTo(306);
        assertThat(first.getHeight()).isEqualTo(396);
    }

    @Test
    void a_short_document_gives_every_page() throws IOException {
        assertThat(PageImages.render(pdf(2), 8, 20)).hasSize(2);
    }

    @Test
    void bytes_that_are_not_a_pdf_fail_permanently() {
        assertThatThrownBy(() -> PageImages.render("not a pdf".getBytes(StandardCharsets.UTF_8), 2, 20))
                .isInstanceOf(PermanentException.class).hasMessageContaining("cannot be rendered");
    }
}
