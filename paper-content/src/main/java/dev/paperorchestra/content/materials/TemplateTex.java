package dev.paperorchestra.content.materials;

import dev.paperorchestra.content.latex.TexInstallation;
import dev.paperorchestra.content.latex.TemplateTrial;
import dev.paperorchestra.content.latex.TexRequirements;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The intake's TeX check. The authority is a first compile of the untouched template with its kit in the sandbox
 * ({@link TemplateTrial}): a class, package, input file or font this TeX lacks is a problem naming the file, how
 * the compile showed it and the Debian package that ships it, so {@code po run} (and {@code --check}) exits 2 and
 * the paper service answers 400 before any model call is paid for. The static scan of what the template and its
 * kit load ({@link TexRequirements}) is advice only: a note, never a refusal (a name inside a message or a branch
 * TeX never takes is no requirement). Where TeX is not installed (the paper service's image has none; its writer
 * agents do) the check is skipped with a note: the compile's own report still names a missing package.
 */
final class TemplateTex {

    private static final List<String> KIT_EXTENSIONS = List.of(".sty", ".cls", ".bst", ".tex");
    /** More kit files than this are not read for the check (the kit's own limits refuse such a kit). */
    private static final int MAX_KIT_FILES = 100;

    private TemplateTex() {
    }

    static void check(TemplateKit kit, LatexTemplate template, TexInstallation installation,
            @Nullable TemplateTrial trial, MaterialsLimits limits, List<MaterialsProblem> problems,
            List<String> notes) {
        Map<String, String> kitTexts = texts(kit, limits);
        advice(template, installation, kitTexts, notes);
        if (trial == null) {
            return;
        }
        Map<String, byte[]> kitFiles = new TemplateKit(kit.root(), kit.files()).read(limits, new ArrayList<>());
        TemplateTrial.Outcome outcome = trial.run("template-trial", LatexTemplate.FILE, template.source(), kitFiles,
                kitTexts);
        outcome.skipped().ifPresent(reason -> notes.add(LatexTemplate.FILE + ": not compiled before the run ("
                + reason + "); a missing package shows at the writer's compile"));
        outcome.missing().forEach(missing -> {
            if (outcome.compiled()) {
                notes.add(LatexTemplate.FILE + ": its fonts come out as bitmaps (Type 3) here because "
                        + missing.describe());
            } else {
                problems.add(new MaterialsProblem(LatexTemplate.FILE, missing.describe()));
            }
        });
        if (!outcome.compiled() && outcome.missing().isEmpty()) {
            outcome.otherError().ifPresent(error -> notes.add(LatexTemplate.FILE + ": the untouched template does "
                    + "not compile here as it stands (" + error + "); its sample content is replaced, so the "
                    + "paper is written anyway"));
        }
        if (outcome.compiled() && outcome.missing().isEmpty()) {
            outcome.bitmap().ifPresent(bitmap -> notes.add(LatexTemplate.FILE + ": " + bitmap));
        }
    }

    /** What the static scan finds missing, as notes: the first compile decides. */
    private static void advice(LatexTemplate template, TexInstallation installation, Map<String, String> kitTexts,
            List<String> notes) {
        TexRequirements.Outcome outcome = new TexRequirements(installation)
                .check(LatexTemplate.FILE, template.source(), kitTexts);
        switch (outcome) {
            case TexRequirements.Outcome.Checked checked -> checked.missing().forEach(missing ->
                    notes.add(missing.requirement().source() + ": " + missing.problem() + " (found by reading the "
                            + "source; the template's first compile decides)"));
            case TexRequirements.Outcome.NotChecked notChecked -> {
                if (notChecked.texInstalled()) {
                    notes.add(LatexTemplate.FILE + ": the LaTeX packages it loads were not checked against the "
                            + "installed TeX (" + notChecked.reason() + "); po.materials.check-tex=false skips "
                            + "this check on purpose");
                }
            }
        }
    }

    /**
     * The kit's .sty, .cls, .bst and .tex files as text, by their path in the kit; a file that cannot be read is
     * left out here: the kit's own checks report it, this check only needs to know what the kit provides.
     */
    static Map<String, String> texts(TemplateKit kit, MaterialsLimits limits) {
        Map<String, String> texts = new HashMap<>();
        List<String> code = kit.files().stream().filter(TemplateTex::kitFile).sorted().limit(MAX_KIT_FILES).toList();
        Map<String, byte[]> read = new TemplateKit(kit.root(), code).read(limits, new ArrayList<>());
        // a kit file in Latin-1 still provides its name; its text is only scanned for the packages it loads
        read.forEach((name, bytes) -> texts.put(name, new String(bytes, StandardCharsets.ISO_8859_1)));
        return texts;
    }

    private static boolean kitFile(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return !name.equals(LatexTemplate.FILE) && KIT_EXTENSIONS.stream().anyMatch(lower::endsWith);
    }
}
