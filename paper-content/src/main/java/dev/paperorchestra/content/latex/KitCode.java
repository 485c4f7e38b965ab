package dev.paperorchestra.content.latex;

import dev.paperorchestra.model.tex.TexPrimitives;
import dev.paperorchestra.content.materials.TemplateKit;
import dev.paperorchestra.runtime.sandbox.Sandbox;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Whether a compile may run a template's author kit. Kit files are TeX code a venue wrote ({@code .sty},
 * {@code .cls}, {@code .bst}, {@code \input} files) and legitimately use what the materials may not:
 * {@code \input} and {@code \openin} of computed names, {@code \read}, catcode changes, {@code \csname}
 * constructions. Inside bubblewrap that is harmless, since the compile sees only its job directory, the read-only
 * TeX tree, a synthetic {@code /etc}, no network, no {@code /proc} and an empty environment; so there only what runs
 * commands is refused. Without bubblewrap nothing but TeX's own settings would hold such code, so a kit using
 * anything {@link TexPrimitives#scanWithoutSandbox} refuses (names built at run time included) is refused whole
 * (fail closed), saying how to get the sandbox.
 */
public final class KitCode {

    /** How to get the sandbox that lets a kit's file-reading code run, for the refusal. */
    public static final String INSTALL_BUBBLEWRAP = "kit files that read files are compiled only inside the "
            + "bubblewrap sandbox, which confines them to the job directory; it is not active here (po.sandbox.mode, "
            + "`po doctor` says why): install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap) on a system "
            + "that allows unprivileged user namespaces, or use a kit without these commands";

    /** One refused use in one kit file. */
    public record Refusal(String file, TexPrimitives.Finding finding) {
        @Override
        public String toString() {
            return file + " " + finding;
        }
    }

    private KitCode() {
    }

    /** Every use in the kit's TeX files the given isolation does not allow, by file, in order. */
    public static List<Refusal> refusals(Map<String, byte[]> kit, Sandbox.Isolation isolation) {
        List<Refusal> refusals = new ArrayList<>();
        kit.keySet().stream().sorted().filter(KitCode::code).forEach(file -> {
            // ISO-8859-1 maps every byte: a kit file need not be UTF-8, and nothing is hidden by a decoding error
            String source = new String(kit.get(file), StandardCharsets.ISO_8859_1);
            Set<TexPrimitives.Finding> found = new LinkedHashSet<>(TexPrimitives.commands(source));
            if (isolation != Sandbox.Isolation.BUBBLEWRAP) {
                found.addAll(TexPrimitives.scanWithoutSandbox(source));
            }
            found.stream().sorted(java.util.Comparator.comparingInt(TexPrimitives.Finding::line))
                    .forEach(finding -> refusals.add(new Refusal(file, finding)));
        });
        return refusals;
    }

    /** The refusal as one message: each use, and (without the sandbox) why and how to get it. */
    public static String describe(List<Refusal> refusals, Sandbox.Isolation isolation) {
        StringBuilder message = new StringBuilder("the template's kit uses TeX that ");
        boolean commandsOnly = isolation == Sandbox.Isolation.BUBBLEWRAP;
        message.append(commandsOnly ? "runs commands, refused in every compile:"
                : "reads files or runs commands, refused before compiling:");
        refusals.stream().limit(10).forEach(refusal -> message.append(' ').append(refusal).append(';'));
        if (refusals.size() > 10) {
            message.append(" and ").append(refusals.size() - 10).append(" more;");
        }
        message.setLength(message.length() - 1);
        if (!commandsOnly) {
            message.append(". ").append(INSTALL_BUBBLEWRAP);
        }
        return message.toString();
    }

    private static boolean code(String file) {
        int dot = file.lastIndexOf('.');
        return dot >= 0 && TemplateKit.CODE.contains(file.substring(dot + 1).toLowerCase(Locale.ROOT));
    }
}
