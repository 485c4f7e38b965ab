package dev.paperorchestra.plotting.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartFontsTest {

    private static final List<ChartFonts.Face> FACES = List.of(new ChartFonts.Face("Sans.ttf", "Sans-Bold.ttf",
            "/nonexistent/debian/path"));

    @Test
    void finds_a_family_installed_outside_its_debian_path_by_file_name(@TempDir Path fonts) throws IOException {
        Path regular = Files.createDirectories(fonts.resolve("truetype/sans")).resolve("Sans.ttf");
        Files.writeString(regular, "ttf");
        Files.writeString(regular.resolveSibling("Sans-Bold.ttf"), "ttf");

        assertThat(ChartFonts.find(FACES, List.of(fonts))).contains(new ChartFonts.FontFiles(regular,
                regular.resolveSibling("Sans-Bold.ttf")));
    }

    @Test
    void uses_the_regular_face_for_bold_when_the_bold_one_is_missing(@TempDir Path fonts) throws IOException {
        Path regular = Files.writeString(fonts.resolve("Sans.ttf"), "ttf");

        assertThat(ChartFonts.find(FACES, List.of(fonts))).contains(new ChartFonts.FontFiles(regular, regular));
    }

    @Test
    void finds_nothing_when_no_family_is_installed(@TempDir Path fonts) {
        assertThat(ChartFonts.find(FACES, List.of(fonts, fonts.resolve("missing")))).isEmpty();
    }

    @Test
    void this_machine_has_a_font_to_embed() {
        // the agents' image and CI install fonts-dejavu-core; without it chart text would be outlines only
        assertThat(ChartFonts.installed()).isPresent();
    }
}
