package dev.paperorchestra.plotting.gather;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.plotting.Fixtures;
import dev.paperorchestra.runtime.blob.BlobStore;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.runtime.blob.MediaTypes;
import dev.paperorchestra.content.materials.FigureNames;
import dev.paperorchestra.schemas.Figure;
import dev.paperorchestra.schemas.LlmMode;
import dev.paperorchestra.schemas.NamedArtifact;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuthorFiguresTest {

    @TempDir
    Path root;

    static byte[] png(int width, int height) {
        try (ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            ImageIO.write(new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB), "png", out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void uses_the_file_as_it_is_under_a_generated_safe_name_with_a_caption_from_its_name() {
        BlobStore blobs = new LocalBlobStore(root);
        NamedArtifact file = NamedArtifact.newBuilder().setName("fig1_QualitativeResults.png")
                .setArtifact(blobs.put(png(1600, 900), MediaTypes.PNG)).build();

        List<Figure> figures = AuthorFigures.from(Fixtures.context(blobs, LlmMode.OFFLINE, List.of(file)), blobs)
                .figures();

        assertThat(figures).singleElement().satisfies(figure -> {
            assertThat(figure.getFigureId()).isEqualTo("fig1_qualitative_results");
            assertThat(figure.getFileName()).isEqualTo("author1_fig1_qualitative_results.png");
            assertThat(figure.getOriginalFileName()).isEqualTo("fig1_QualitativeResults.png");
            assertThat(figure.getCaption()).isEqualTo("Qualitative results.");
            assertThat(figure.getPng()).isEqualTo(file.getArtifact());
            assertThat(figure.getPdf()).isNull();
            assertThat(figure.getAspectRatio()).isEqualTo("16:9");
            assertThat(figure.getAuthorSupplied()).isTrue();
        });
    }

    @Test
    void the_authors_caption_from_the_materials_is_the_figures_caption_and_its_first_sentence_the_title() {
        BlobStore blobs = new LocalBlobStore(root);
        NamedArtifact file = NamedArtifact.newBuilder().setName("fig2.png")
                .setCaption("Figure 2: Call detection recall per site. Dots mark the 95% interval")
                .setArtifact(blobs.put(png(800, 600), MediaTypes.PNG)).build();

        List<Figure> figures = AuthorFigures.from(Fixtures.context(blobs, LlmMode.OFFLINE, List.of(file)), blobs)
                .figures();

        assertThat(figures).singleElement().satisfies(figure -> {
            assertThat(figure.getCaption()).isEqualTo("Call detection recall per site. Dots mark the 95% interval.");
            assertThat(figure.getTitle()).isEqualTo("Call detection recall per site");
        });
    }

    @Test
    void a_file_name_carrying_tex_never_becomes_the_included_name() {
        BlobStore blobs = new LocalBlobStore(root);
        String hostile = "x}\\immediate\\pdfobj stream file{..$..etc$passwd}{.pdf";
        NamedArtifact file = NamedArtifact.newBuilder().setName(hostile)
                .setArtifact(blobs.put(png(400, 300), MediaTypes.PNG)).build();

        List<Figure> figures = AuthorFigures.from(Fixtures.context(blobs, LlmMode.OFFLINE, List.of(file)), blobs)
                .figures();

        assertThat(figures).singleElement().satisfies(figure -> {
            assertThat(FigureNames.isSafe(figure.getFileName())).isTrue();
            assertThat(figure.getFileName()).endsWith(".png").doesNotContain("\\", "{", "$", "..");
            assertThat(figure.getOriginalFileName()).isEqualTo(hostile);
        });
    }

    @Test
    void picks_the_planned_ratio_closest_to_the_measured_one() {
        assertThat(AuthorFigures.nearestPlannedRatio(1.0)).isEqualTo("1:1");
        assertThat(AuthorFigures.nearestPlannedRatio(1.36)).isEqualTo("4:3");
        assertThat(AuthorFigures.nearestPlannedRatio(0.3)).isEqualTo("1:4");
    }
}
