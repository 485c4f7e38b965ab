package dev.paperorchestra.content.latex;

import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEdits;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.imageio.ImageIO;

/**
 * The authority on whether this machine's TeX can set a template: a first compile of the untouched template with
 * its author kit, in the compile sandbox, before any model call. Only what a template's sample content needs and
 * a kit never ships is stood in for (each {@code \includegraphics} of a file the kit lacks gets a blank image; the
 * bibliography is an empty one), so what fails is TeX's own: a class, package, input file or font this TeX lacks.
 * Each is named with the Debian package that ships it ({@link DebianTexPackages}). When the log names only a
 * symptom (pdfTeX's "font expansion" error after a class fell back to bitmap fonts), the cause is found among the
 * files the template and its kit load only when they exist ({@code \IfFileExists}) that this TeX lacks.
 *
 * <p>The static scan of the packages a template loads ({@link TexRequirements}) is advice; this compile decides.
 */
public final class TemplateTrial {

    /** The stand-in for a figure the template's sample content shows. */
    static final String BLANK = "po-trial-blank.png";
    /** Files TeX itself reads: a missing one is a missing part of TeX, not of the sample content. */
    private static final Set<String> TEX_EXTENSIONS = Set.of("sty", "cls", "bst", "tex", "fd", "def", "cfg", "clo",
            "ldf", "tfm", "vf", "pfb", "otf", "ttf", "map", "enc", "bbx", "cbx", "lbx");

    /**
     * What the trial found.
     *
     * @param compiled  whether a PDF was produced
     * @param pages     its pages (0 without a PDF)
     * @param missing   the parts of TeX the compile lacked, each with its Debian package when known
     * @param bitmap    the PDF's Type 3 (bitmap) font finding, when it has one
     * @param otherError the first error when the compile failed for a reason that is not a missing part of TeX
     *                  (the sample content's own trouble: no refusal), else empty
     * @param skipped   why the trial did not run (no TeX here), else empty
     */
    public record Outcome(boolean compiled, int pages, List<MissingTex> missing, Optional<String> bitmap,
            Optional<String> otherError, Optional<String> skipped) {

        public Outcome {
            missing = List.copyOf(missing);
        }
    }

    /**
     * A part of TeX the template needs and this machine lacks.
     *
     * @param file          the file TeX looked for, e.g. {@code libertine.sty} or {@code LinLibertineT-tlf-t1.tfm}
     * @param evidence      how the compile showed it: the log's words, or the kit file and line that test for it
     * @param debianPackage the Debian package that ships the file, when known
     */
    public record MissingTex(String file, String evidence, Optional<String> debianPackage) {

        /** For people: what is missing, how it showed, and what to install. */
        public String describe() {
            return file + " is not installed (" + evidence + "): " + debianPackage.map(debian ->
                    "install the Debian package " + debian + " (apt-get install " + debian + ")")
                    .orElse("no Debian package of TeX Live is known to ship it; if it is the venue's own file, put "
                            + "it beside template.tex, else find its CTAN package with tlmgr search --global --file /"
                            + file);
        }
    }

    private final LatexCompiler compiler;
    private final TexInstallation installation;

    public TemplateTrial(LatexCompiler compiler, TexInstallation installation) {
        this.compiler = compiler;
        this.installation = installation;
    }

    /**
     * Compiles the template with its kit.
     *
     * @param templateName the template's name as the user knows it (template.tex)
     * @param template     its text
     * @param kit          the kit's files by path relative to the template (what the compile writes beside it)
     * @param kitTexts     the kit's .sty/.cls/.tex files as text, for finding the optional loads
     */
    public Outcome run(String trialId, String templateName, String template, Map<String, byte[]> kit,
            Map<String, String> kitTexts) {
        if (!compiler.available()) {
            return new Outcome(false, 0, List.of(), Optional.empty(), Optional.empty(),
                    Optional.of("latexmk is not installed here"));
        }
        String standIns = withStandIns(template, kit.keySet());
        Map<String, byte[]> trialKit = new LinkedHashMap<>();
        kit.forEach((name, bytes) -> {
            if (LatexCompiler.kitPathAllowed(name)) {
                trialKit.put(name, bytes);
            }
        });
        CompileOutcome outcome = compiler.compile(new CompileJob(trialId, standIns, "",
                Map.of(BLANK, blankPng()), trialKit));
        return switch (outcome) {
            case CompileOutcome.Skipped skipped -> new Outcome(false, 0, List.of(), Optional.empty(), Optional.empty(),
                    Optional.of(skipped.reason()));
            case CompileOutcome.Compiled compiled -> {
                Optional<String> bitmap = compiled.bitmapFonts().map(LatexIssue::message);
                List<MissingTex> missing = bitmap.isPresent()
                        ? missingOptional(templateName, template, kitTexts) : List.of();
                yield new Outcome(true, compiled.pages(), missing, bitmap, Optional.empty(), Optional.empty());
            }
            case CompileOutcome.Failed failed -> failed(failed, templateName, template, kitTexts);
        };
    }

    private Outcome failed(CompileOutcome.Failed failed, String templateName, String template,
            Map<String, String> kitTexts) {
        List<MissingTex> missing = new ArrayList<>();
        String fontTrouble = null;
        for (LatexIssue issue : failed.errors()) {
            String file = issue.subject();
            switch (issue.kind()) {
                case MISSING_PACKAGE, MISSING_FILE -> {
                    if (file != null && isTexFile(file)) {
                        String named = file.contains(".") ? file : file + ".tex";
                        missing.add(new MissingTex(named, "the first compile of " + templateName + ": "
                                + issue.message(), DebianTexPackages.providing(named)));
                    }
                }
                case MISSING_FONT -> {
                    fontTrouble = fontTrouble == null ? issue.message() : fontTrouble;
                    if (file != null) {
                        missing.add(new MissingTex(file, "the first compile of " + templateName + ": "
                                + issue.message(), DebianTexPackages.providing(file)));
                    }
                }
                default -> {
                    // an error of the sample content, not of this TeX
                }
            }
        }
        if (fontTrouble != null) {
            String symptom = "the first compile of " + templateName + " stopped with \"" + fontTrouble + "\"; ";
            missingOptional(templateName, template, kitTexts).forEach(cause -> missing.add(new MissingTex(cause.file(),
                    symptom + cause.evidence(), cause.debianPackage())));
        }
        Optional<String> other = missing.isEmpty() ? Optional.of(failed.errors().getFirst().describe())
                : Optional.empty();
        return new Outcome(false, 0, missing, Optional.empty(), other, Optional.empty());
    }

    /** The files the template and kit load only if present that this TeX lacks: a fallback's cause. */
    private List<MissingTex> missingOptional(String templateName, String template, Map<String, String> kitTexts) {
        List<TexRequirements.Requirement> optional = new ArrayList<>(TexRequirements.optional(templateName, template,
                kitTexts));
        optional.addAll(classOptional(template, kitTexts));
        Collection<String> asked = optional.stream().map(TexRequirements.Requirement::file)
                .filter(TexRequirements::isPlainName).distinct().toList();
        if (asked.isEmpty()) {
            return List.of();
        }
        if (!(installation.find(asked) instanceof TexInstallation.Lookup.Found found)) {
            return List.of();
        }
        List<MissingTex> missing = new ArrayList<>();
        for (TexRequirements.Requirement requirement : optional) {
            String file = requirement.file();
            if (!found.files().contains(file) && missing.stream().noneMatch(m -> m.file().equals(file))) {
                missing.add(new MissingTex(file, requirement.source() + " line " + requirement.line() + " loads it "
                        + "only if present and falls back without it", DebianTexPackages.providing(file)));
            }
        }
        return missing;
    }

    /**
     * The optional loads of an installed class the template uses (acmart tests for libertine.sty itself): read from
     * TeX's own tree through kpsewhich's answer, when the kit does not ship the class.
     */
    private List<TexRequirements.Requirement> classOptional(String template, Map<String, String> kitTexts) {
        Optional<String> documentClass = TexDocument.parse(template).documentClass()
                .map(dev.paperorchestra.model.tex.DocumentClass::name);
        if (documentClass.isEmpty() || kitTexts.containsKey(documentClass.get() + ".cls")) {
            return List.of();
        }
        return installation.read(documentClass.get() + ".cls")
                .map(code -> TexRequirements.optional(documentClass.get() + ".cls", code, Map.of()))
                .orElse(List.of());
    }

    /** The template with its sample figures and bibliography stood in for, nothing else touched. */
    static String withStandIns(String template, Collection<String> kitFiles) {
        TexDocument document = TexDocument.parse(template);
        TexEdits edits = TexEdits.of(document);
        for (TexCommand graphic : document.commands("includegraphics")) {
            graphic.argument(1).ifPresent(argument -> {
                String name = argument.text().strip();
                if (!inKit(name, kitFiles)) {
                    edits.replace(argument.content(), "figures/" + BLANK);
                }
            });
        }
        for (TexCommand bibliography : document.commands("bibliography", "addbibresource")) {
            bibliography.argument(bibliography.arguments().size() - 1).ifPresent(argument ->
                    edits.replace(argument.content(), bibliography.name().equals("addbibresource")
                            ? "references.bib" : "references"));
        }
        return edits.apply();
    }

    private static boolean inKit(String name, Collection<String> kitFiles) {
        return kitFiles.contains(name) || kitFiles.stream().anyMatch(file -> file.startsWith(name + ".")
                && file.indexOf('/', name.length()) < 0);
    }

    private static boolean isTexFile(String file) {
        int dot = file.lastIndexOf('.');
        return dot < 0 || TEX_EXTENSIONS.contains(file.substring(dot + 1).toLowerCase(java.util.Locale.ROOT));
    }

    private static byte[] blankPng() {
        BufferedImage image = new BufferedImage(8, 6, BufferedImage.TYPE_INT_RGB);
        for (int x = 0; x < 8; x++) {
            for (int y = 0; y < 6; y++) {
                image.setRGB(x, y, 0xFFFFFF);
            }
        }
        try (ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            ImageIO.write(image, "png", out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
