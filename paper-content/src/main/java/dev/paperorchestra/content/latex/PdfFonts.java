package dev.paperorchestra.content.latex;

import dev.paperorchestra.runtime.sandbox.Executables;
import dev.paperorchestra.runtime.sandbox.JobFiles;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import dev.paperorchestra.runtime.sandbox.SandboxedRun;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The fonts of a compiled PDF, as poppler's {@code pdffonts} lists them, and the finding they can give: Type 3
 * fonts are bitmaps (METAFONT's pk files), which look blurred when zoomed, are refused by some venues' PDF checks,
 * and extract as broken text ("rst" for "first": the ligature glyph has no Unicode mapping). pdfLaTeX sets them
 * when text uses a font with no Type 1 version installed, most often {@code \\usepackage[T1]{fontenc}} without the
 * cm-super fonts.
 */
public final class PdfFonts {

    /** A {@code pdffonts} line: the font's name ("[none]" for most Type 3 fonts) and its type ("Type 3"). */
    public record Font(String name, String type) {

        public boolean bitmap() {
            return type.equals("Type 3");
        }
    }

    static final String OUTPUT = "pdffonts.out";
    private static final long MAX_OUTPUT = 1L << 20;

    private PdfFonts() {
    }

    /**
     * Runs {@code pdffonts} on {@code pdf} inside the sandbox (the PDF embeds the authors' figures: poppler reads
     * it confined and time-bounded like TeX), its output written into the PDF's directory.
     *
     * @return the fonts, or empty when pdffonts is not installed or did not answer
     */
    static Optional<List<Font>> list(Sandbox sandbox, Path pdf, Duration timeout) {
        Optional<Path> command = Executables.find("pdffonts");
        if (command.isEmpty()) {
            return Optional.empty();
        }
        Path directory = pdf.getParent();
        Path output = directory.resolve(OUTPUT);
        SandboxedRun run = sandbox.run(List.of(command.get().toString(), pdf.getFileName().toString()), directory,
                Map.of(), timeout, output);
        if (!(run instanceof SandboxedRun.Exited exited) || exited.exitCode() != 0
                || !(JobFiles.read(output, MAX_OUTPUT) instanceof JobFiles.Output.Read read)) {
            return Optional.empty();
        }
        return Optional.of(parse(new String(read.bytes(), StandardCharsets.UTF_8)));
    }

    /** The fonts of a {@code pdffonts} listing; its columns are as wide as the dashes under their headings. */
    static List<Font> parse(String listing) {
        List<String> lines = listing.lines().toList();
        int rule = -1;
        for (int i = 0; i < lines.size() && rule < 0; i++) {
            if (lines.get(i).startsWith("---")) {
                rule = i;
            }
        }
        if (rule < 0) {
            return List.of();
        }
        String dashes = lines.get(rule);
        int nameEnd = dashes.indexOf(' ');
        int typeStart = nameEnd + 1;
        int typeEnd = dashes.indexOf(' ', typeStart);
        if (nameEnd < 0 || typeEnd < 0) {
            return List.of();
        }
        List<Font> fonts = new ArrayList<>();
        for (String line : lines.subList(rule + 1, lines.size())) {
            if (line.length() <= typeStart) {
                continue;
            }
            fonts.add(new Font(line.substring(0, nameEnd).strip(),
                    line.substring(typeStart, Math.min(typeEnd, line.length())).strip()));
        }
        return fonts;
    }

    /** The finding for a PDF with bitmap fonts, saying how to fix it; empty when it has none. */
    public static Optional<LatexIssue> finding(List<Font> fonts) {
        long bitmaps = fonts.stream().filter(Font::bitmap).count();
        if (bitmaps == 0) {
            return Optional.empty();
        }
        List<String> named = fonts.stream().filter(Font::bitmap).map(Font::name)
                .filter(name -> !name.equals("[none]")).distinct().limit(5).toList();
        return Optional.of(new LatexIssue(LatexIssue.Kind.BITMAP_FONTS, "paper.pdf has " + bitmaps + " Type 3 "
                + "(bitmap) font" + (bitmaps == 1 ? "" : "s") + (named.isEmpty() ? "" : " (" + String.join(", ", named)
                + ")") + ": blurred when zoomed, refused by some venues' PDF checks, and its text extracts broken "
                + "(\"rst\" for \"first\"). T1-encoded text (\\usepackage[T1]{fontenc}) or a textcomp (TS1) symbol "
                + "without the cm-super fonts gives them: install cm-super (apt-get install cm-super), or load Type 1 "
                + "fonts in the template with \\usepackage{lmodern} (after \\usepackage[T1]{fontenc} when it "
                + "loads that)", null, 0));
    }
}
