package dev.paperorchestra.outline.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.content.materials.MaterialsLimits;
import dev.paperorchestra.outline.materials.MaterialsValidator;
import dev.paperorchestra.outline.testing.Examples;
import dev.paperorchestra.runtime.blob.LocalBlobStore;
import dev.paperorchestra.base.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The materials as people write GFM give the same outline: the CVPR example rewritten with setext headings, tables
 * without outer pipes, bold header cells whose arrows are TeX math, and CRLF line ends plans the same figures, the
 * same sections and the same literature as the example itself.
 */
class FormattingVariantsTest {

    @TempDir
    Path tmp;

    @Test
    void a_gfm_variant_of_the_cvpr_example_gives_the_same_outline() throws IOException {
        Path variant = copy(Examples.CVPR, tmp.resolve("variant"));
        Files.writeString(variant.resolve("idea.md"), variant(Files.readString(Examples.CVPR.resolve("idea.md"))));
        Files.writeString(variant.resolve("experimental_log.md"),
                variant(Files.readString(Examples.CVPR.resolve("experimental_log.md"))));

        String expected = Json.mapper().writeValueAsString(outline(Examples.CVPR));
        String actual = Json.mapper().writeValueAsString(outline(variant));

        assertThat(Files.readString(variant.resolve("experimental_log.md"))).contains("\r\n")
                .contains("**AbsRel $\\downarrow$**").doesNotContain("\n## ");
        assertThat(actual).isEqualTo(expected);
    }

    private Outline outline(Path example) {
        LocalBlobStore blobs = new LocalBlobStore(tmp.resolve("blobs"));
        return new OfflineOutliner(6, "4:3").outline(new MaterialsValidator(blobs, MaterialsLimits.defaults())
                .read(Examples.upload(example, "p", blobs).getMaterials()), Examples.offline());
    }

    /** Setext headings for levels 1 and 2, tables without outer pipes, bold math headers, CRLF line ends. */
    static String variant(String markdown) {
        List<String> out = new ArrayList<>();
        List<String> lines = markdown.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("# ") || line.startsWith("## ")) {
                String title = line.substring(line.indexOf(' ') + 1);
                out.add(title);
                out.add((line.startsWith("# ") ? "=" : "-").repeat(title.length()));
            } else if (line.startsWith("|")) {
                boolean header = i + 1 < lines.size() && lines.get(i + 1).startsWith("|---");
                List<String> cells = Stream.of(line.substring(1, line.length() - 1).split("\\|"))
                        .map(String::strip).map(cell -> header ? "**" + cell.replace("↓", "$\\downarrow$")
                                .replace("↑", "$\\uparrow$") + "**" : cell).toList();
                out.add(String.join(" | ", cells));
            } else {
                out.add(line);
            }
        }
        return String.join("\r\n", out) + "\r\n";
    }

    private static Path copy(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path file : files.toList()) {
                if (Files.isRegularFile(file)) {
                    Files.copy(file, to.resolve(file.getFileName()));
                }
            }
        }
        return to;
    }
}
