package dev.paperorchestra.plotting.render;

import de.rototor.pdfbox.graphics2d.IPdfBoxGraphics2DFontTextDrawer;
import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2DFontTextDrawer;
import java.awt.Font;
import java.awt.FontFormatException;
import java.awt.font.TextAttribute;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.AttributedCharacterIterator;
import java.text.CharacterIterator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The TrueType font every chart PDF embeds, so IEEE's and ACM's PDF checks (every font embedded) pass and a
 * chart's text reads the same on every machine. It is found at run time among the free sans-serif fonts Debian
 * packages install: DejaVu Sans ({@code fonts-dejavu-core}, in the agents' base image), Liberation Sans
 * ({@code fonts-liberation}, {@code fonts-liberation2}) or FreeSans ({@code fonts-freefont-ttf}), first at their
 * Debian paths, then anywhere under the system font directories. Every font a chart draws with maps to it (bold to
 * its bold face when installed), subset and embedded. Text with a character the font lacks (a script 𝓛 from TeX
 * math) is drawn as vector outlines instead, which embed nothing. When no such font is installed, every text is
 * drawn as outlines and a warning names the package to install: a chart PDF never refers to a font it does not
 * carry.
 */
public final class ChartFonts {

    private static final Logger log = LoggerFactory.getLogger(ChartFonts.class);

    /** Regular and bold faces by family, in order of preference: Debian's paths first. */
    static final List<Face> FACES = List.of(
            new Face("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "/usr/share/fonts/truetype/dejavu"),
            new Face("LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf", "/usr/share/fonts/truetype/liberation"),
            new Face("LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf", "/usr/share/fonts/truetype/liberation2"),
            new Face("FreeSans.ttf", "FreeSansBold.ttf", "/usr/share/fonts/truetype/freefont"));
    /** Where fonts of other layouts are looked for, by file name. */
    static final List<Path> FONT_ROOTS = List.of(Path.of("/usr/share/fonts"), Path.of("/usr/local/share/fonts"));
    private static final int SEARCH_DEPTH = 4;

    /**
     * One family's files.
     *
     * @param regular   the regular face's file name
     * @param bold      the bold face's file name
     * @param directory where Debian installs them
     */
    record Face(String regular, String bold, String directory) {
    }

    /**
     * The font files found.
     *
     * @param regular the regular face
     * @param bold    the bold face, or the regular one when the family's bold is not installed
     */
    record FontFiles(Path regular, Path bold) {
    }

    /** Looked up once, when the first chart is written. */
    private static final class Installed {
        static final Optional<FontFiles> FONT = lookUp();

        private static Optional<FontFiles> lookUp() {
            Optional<FontFiles> font = find(FACES, FONT_ROOTS);
            if (font.isEmpty()) {
                log.warn("no TrueType sans-serif font found (DejaVu Sans, Liberation Sans or FreeSans); chart PDFs "
                        + "draw their text as outlines. Install the Debian package fonts-dejavu-core to embed a font");
            } else {
                log.debug("chart PDFs embed {}", font.get().regular());
            }
            return font;
        }
    }

    private ChartFonts() {
    }

    /** The installed font the charts embed; empty when none of {@link #FACES} is installed. */
    static Optional<FontFiles> installed() {
        return Installed.FONT;
    }

    /** The first family installed at its Debian path, else found by file name under the roots. */
    static Optional<FontFiles> find(List<Face> faces, List<Path> roots) {
        for (Face face : faces) {
            Path regular = Path.of(face.directory(), face.regular());
            if (Files.isRegularFile(regular)) {
                Path bold = Path.of(face.directory(), face.bold());
                return Optional.of(new FontFiles(regular, Files.isRegularFile(bold) ? bold : regular));
            }
        }
        for (Face face : faces) {
            Optional<Path> regular = search(roots, face.regular());
            if (regular.isPresent()) {
                Path bold = regular.get().resolveSibling(face.bold());
                return Optional.of(new FontFiles(regular.get(), Files.isRegularFile(bold) ? bold : regular.get()));
            }
        }
        return Optional.empty();
    }

    private static Optional<Path> search(List<Path> roots, String fileName) {
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> files = Files.find(root, SEARCH_DEPTH,
                    (path, attributes) -> attributes.isRegularFile() && path.getFileName().toString().equals(fileName))) {
                Optional<Path> file = files.findFirst();
                if (file.isPresent()) {
                    return file;
                }
            } catch (IOException | UncheckedIOException e) {
                log.debug("cannot search {} for fonts: {}", root, e.getMessage());
            }
        }
        return Optional.empty();
    }

    /** The text drawer of one chart PDF: every font mapped to the embedded one. */
    static PdfBoxGraphics2DFontTextDrawer drawer() {
        return drawer(installed());
    }

    /** The text drawer embedding these files; outlines only when empty. */
    static PdfBoxGraphics2DFontTextDrawer drawer(Optional<FontFiles> files) {
        return new Embedding(files.orElse(null));
    }

    /**
     * Maps every AWT font to the installed TrueType font, loaded once per document as an embedded subset; declines
     * (so the text is drawn as outlines) when there is none or when the text holds a character the font lacks.
     */
    private static final class Embedding extends PdfBoxGraphics2DFontTextDrawer {

        private final @Nullable FontFiles files;
        private @Nullable PDFont regular;
        private @Nullable PDFont bold;

        Embedding(@Nullable FontFiles files) {
            this.files = files;
        }

        @Override
        protected boolean hasDynamicFontMapping() {
            return files != null;
        }

        @Override
        protected @Nullable PDFont mapFont(Font font, IPdfBoxGraphics2DFontTextDrawer.IFontTextDrawerEnv env)
                throws IOException {
            if (files == null) {
                return null;
            }
            if (font.isBold()) {
                if (bold == null) {
                    bold = PDType0Font.load(env.getDocument(), files.bold().toFile());
                }
                return bold;
            }
            if (regular == null) {
                regular = PDType0Font.load(env.getDocument(), files.regular().toFile());
            }
            return regular;
        }

        @Override
        public boolean canDrawText(AttributedCharacterIterator iterator,
                IPdfBoxGraphics2DFontTextDrawer.IFontTextDrawerEnv env) throws IOException, FontFormatException {
            if (files == null) {
                return false;
            }
            StringBuilder text = new StringBuilder();
            int begin = iterator.getIndex();
            for (char c = iterator.current(); c != CharacterIterator.DONE; c = iterator.next()) {
                text.append(c);
            }
            iterator.setIndex(begin);
            Font font = (Font) iterator.getAttribute(TextAttribute.FONT);
            PDFont pdf = mapFont(font != null ? font : env.getFont(), env);
            try {
                pdf.encode(text.toString());
            } catch (IllegalArgumentException missingGlyph) {
                return false;
            }
            return super.canDrawText(iterator, env);
        }
    }
}
