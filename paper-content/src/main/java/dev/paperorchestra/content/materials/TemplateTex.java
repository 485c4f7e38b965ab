package dev.paperorchestra.content.materials;

import dev.paperorchestra.content.latex.TexInstallation;
import dev.paperorchestra.content.latex.TexRequirements;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The intake's TeX check: the template's classes, packages and bibliography styles, and those of the kit files it
 * loads, each provided by the kit beside the template or installed ({@link TexRequirements}). A missing one is a
 * problem naming the file that asks for it and the Debian package to install, so {@code po run} (and
 * {@code --check}) exits 2 and the paper service answers 400 before any model call is paid for. Where TeX is
 * not installed (the paper service's image has none; its writer agents do) the check is skipped with a note: the
 * compile's own report still names a missing package.
 */
final class TemplateTex {

    private static final List<String> KIT_EXTENSIONS = List.of(".sty", ".cls", ".bst", ".tex");
    /** More kit files than this are not read for the check (the kit's own limits refuse such a kit). */
    private static final int MAX_KIT_FILES = 100;

    private TemplateTex() {
    }

    static void check(TemplateKit kit, LatexTemplate template, TexInstallation installation, MaterialsLimits limits,
            List<MaterialsProblem> problems, List<String> notes) {
        TexRequirements.Outcome outcome = new TexRequirements(installation)
                .check(LatexTemplate.FILE, template.source(), texts(kit, limits));
        switch (outcome) {
            case TexRequirements.Outcome.Checked checked -> checked.missing().forEach(missing ->
                    problems.add(new MaterialsProblem(missing.requirement().source(), missing.problem())));
            case TexRequirements.Outcome.NotChecked notChecked -> {
                // without TeX there is no compile to protect (po run says so in its TeX notice); a TeX that could
                // not be asked is worth a note, since the compile will use it
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
