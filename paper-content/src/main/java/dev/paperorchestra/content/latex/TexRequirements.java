package dev.paperorchestra.content.latex;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;

/**
 * What a template and its author kit ask of TeX, checked before anything is paid: every {@code \documentclass},
 * {@code \\usepackage}, {@code \RequirePackage}, {@code \LoadClass} and {@code \bibliographystyle} is either a file
 * of the kit or installed ({@link TexInstallation}, kpsewhich). The kit's own .sty and .cls files, and the .tex
 * files the template {@code \input}s, are followed and checked the same way. A missing file becomes a
 * {@link Missing} naming the file that asks for it, the line, and the Debian package that provides it
 * ({@link DebianTexPackages}). Without this a missing package shows only at the writer's compile, after the
 * outline, literature and writing calls were paid for, and the paper ends without a PDF.
 *
 * <p>Read statically: comments are ignored, and a name TeX would only load when it exists
 * ({@code \IfFileExists{x.sty}{\\usepackage{x}}{}}, the way classes load optional fonts) is not required. A name
 * built by a macro ({@code \\usepackage{\mypkg}}) cannot be known without running TeX and is left to the compile.
 */
public final class TexRequirements {

    /** The sorts of files a document asks for, with their extension. */
    public enum Kind {
        CLASS(".cls", "document class"),
        PACKAGE(".sty", "package"),
        BIBLIOGRAPHY_STYLE(".bst", "bibliography style");

        private final String extension;
        private final String label;

        Kind(String extension, String label) {
            this.extension = extension;
            this.label = label;
        }

        public String extension() {
            return extension;
        }

        public String label() {
            return label;
        }
    }

    /**
     * One file asked for.
     *
     * @param source  the file that asks (template.tex or a kit file)
     * @param line    1-based line of the command in it
     * @param command the command as written, e.g. {@code \\usepackage}
     * @param name    the name in the braces, e.g. {@code amsmath}
     * @param kind    what sort of file that name stands for
     */
    public record Requirement(String source, int line, String command, String name, Kind kind) {

        /** The file TeX looks for, e.g. {@code amsmath.sty}. */
        public String file() {
            return name + kind.extension();
        }
    }

    /**
     * A required file that neither the kit nor the installed TeX has.
     *
     * @param requirement   what asked for it
     * @param debianPackage the Debian package that ships the file, when known
     */
    public record Missing(Requirement requirement, Optional<String> debianPackage) {

        /** For people: what is missing, where it is asked for and how to get it. */
        public String problem() {
            Requirement r = requirement;
            String what = "line " + r.line() + ": " + r.command() + "{" + r.name() + "} needs the LaTeX "
                    + r.kind().label() + " " + r.file() + ", which is neither in the materials (the template's "
                    + "author kit) nor installed in this TeX (kpsewhich does not find it): ";
            return what + debianPackage.map(debian -> "install the Debian package " + debian + " (apt-get install "
                    + debian + "), or with TeX Live's own manager the package that holds it (tlmgr search --global "
                    + "--file /" + r.file() + ")")
                    .orElse("no Debian package of TeX Live is known to ship it; if it is the venue's own file, put "
                            + r.file() + " beside template.tex, else find its CTAN package with tlmgr search "
                            + "--global --file /" + r.file());
        }
    }

    /** The answer of a check. */
    public sealed interface Outcome {

        /** The installed TeX was asked; {@code missing} is empty when everything is there. */
        record Checked(List<Missing> missing) implements Outcome {
            public Checked {
                missing = List.copyOf(missing);
            }
        }

        /**
         * The check could not ask TeX; nothing is known to be missing.
         *
         * @param reason       for people
         * @param texInstalled false when TeX is not installed here at all, true when kpsewhich failed
         */
        record NotChecked(String reason, boolean texInstalled) implements Outcome {
        }
    }

    /** A kit of this many files is already far past any real one; the walk stops there. */
    private static final int MAX_FILES_FOLLOWED = 200;
    private static final String LOADS = "documentclass,usepackage,RequirePackage,RequirePackageWithOptions,"
            + "LoadClass,LoadClassWithOptions,bibliographystyle";

    private final TexInstallation installation;

    public TexRequirements(TexInstallation installation) {
        this.installation = installation;
    }

    /**
     * Checks a template and the kit beside it.
     *
     * @param templateName the template's file name as the user knows it, e.g. {@code template.tex}
     * @param template     its text
     * @param kit          the kit's other files: name relative to the template's directory to text (only .sty,
     *                     .cls, .bst and .tex are read)
     */
    public Outcome check(String templateName, String template, Map<String, String> kit) {
        List<Requirement> required = requirements(templateName, template, kit);
        List<Requirement> fromTex = required.stream()
                .filter(requirement -> !kit.containsKey(requirement.file()))
                .toList();
        if (fromTex.isEmpty()) {
            return new Outcome.Checked(List.of());
        }
        Set<String> asked = new LinkedHashSet<>();
        fromTex.stream().filter(requirement -> isPlainName(requirement.name()))
                .forEach(requirement -> asked.add(requirement.file()));
        Set<String> installed;
        if (asked.isEmpty()) {
            installed = Set.of();
        } else {
            switch (installation.find(asked)) {
                case TexInstallation.Lookup.Found found -> installed = found.files();
                case TexInstallation.Lookup.Unavailable unavailable -> {
                    return new Outcome.NotChecked(unavailable.reason(), unavailable.installed());
                }
            }
        }
        Set<String> reported = new HashSet<>();
        List<Missing> missing = new ArrayList<>();
        for (Requirement requirement : fromTex) {
            if (!installed.contains(requirement.file())
                    && reported.add(requirement.source() + "\n" + requirement.file())) {
                missing.add(new Missing(requirement, DebianTexPackages.providing(requirement.file())));
            }
        }
        return new Outcome.Checked(missing);
    }

    /**
     * Every file the template asks for, and, through the kit files it loads or inputs, everything those ask for;
     * in the order met, each (source, file) once, optional loads and names built by macros left out. Read by
     * {@link TexDocument}: what a comment, a macro definition or a message holds ({@code \\PackageError} naming
     * {@code \\usepackage{citeref}}) asks for nothing.
     */
    public static List<Requirement> requirements(String templateName, String template, Map<String, String> kit) {
        return walk(templateName, template, kit, false);
    }

    /**
     * The files the template and its kit load only when they exist ({@code \\IfFileExists{libertine.sty}{...}}):
     * never missing, but a class that finds one absent may fall back to something worse (bitmap fonts), so a
     * failed first compile names them.
     */
    public static List<Requirement> optional(String templateName, String template, Map<String, String> kit) {
        return walk(templateName, template, kit, true);
    }

    private static List<Requirement> walk(String templateName, String template, Map<String, String> kit,
            boolean optionalOnes) {
        List<Requirement> all = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        Set<String> followed = new HashSet<>(Set.of(templateName));
        Deque<Map.Entry<String, String>> queue = new ArrayDeque<>();
        queue.add(Map.entry(templateName, template));
        while (!queue.isEmpty() && followed.size() <= MAX_FILES_FOLLOWED) {
            Map.Entry<String, String> current = queue.poll();
            boolean code = current.getKey().endsWith(".sty") || current.getKey().endsWith(".cls");
            TexDocument document = code ? TexDocument.parseCode(current.getValue()) : TexDocument.parse(current.getValue());
            List<Requirement> optional = optionalFiles(current.getKey(), document);
            Set<String> optionalNames = new HashSet<>();
            optional.forEach(requirement -> {
                optionalNames.add(requirement.file());
                optionalNames.add(requirement.name());
            });
            if (optionalOnes) {
                optional.stream().filter(requirement -> seen.add(requirement.source() + "\n" + requirement.file()))
                        .forEach(all::add);
            }
            for (Requirement requirement : scan(current.getKey(), document)) {
                boolean isOptional = optionalNames.contains(requirement.file()) || optionalNames.contains(requirement.name());
                if (!optionalOnes && !isOptional && seen.add(requirement.source() + "\n" + requirement.file())) {
                    all.add(requirement);
                }
                String file = requirement.file();
                if (requirement.kind() != Kind.BIBLIOGRAPHY_STYLE && kit.containsKey(file) && followed.add(file)) {
                    queue.add(Map.entry(file, kit.get(file)));
                }
            }
            for (String input : inputs(document)) {
                String file = kit.containsKey(input) ? input : input + ".tex";
                if (kit.containsKey(file) && followed.add(file)) {
                    queue.add(Map.entry(file, kit.get(file)));
                }
            }
        }
        return all;
    }

    private static List<Requirement> scan(String source, TexDocument document) {
        List<Requirement> found = new ArrayList<>();
        for (TexCommand command : document.commands(LOADS.split(","))) {
            Kind kind = switch (command.name()) {
                case "documentclass", "LoadClass", "LoadClassWithOptions" -> Kind.CLASS;
                case "bibliographystyle" -> Kind.BIBLIOGRAPHY_STYLE;
                default -> Kind.PACKAGE;
            };
            int line = document.lineOf(command.start());
            for (String part : command.lastText().split(",")) {
                String name = part.strip();
                // a name built by a macro or a parameter is only known when TeX runs: left to the compile
                if (isKitPath(name)) {
                    found.add(new Requirement(source, line, "\\" + command.name(), name, kind));
                }
            }
        }
        return found;
    }

    private static List<String> inputs(TexDocument document) {
        List<String> names = new ArrayList<>();
        for (TexCommand command : document.commands("input", "include", "InputIfFileExists")) {
            String name = document.fileName(command);
            if (isKitPath(name)) {
                names.add(name);
            }
        }
        return names;
    }

    /** Names tested with {@code \\IfFileExists}: loaded only when present, so never missing. */
    private static List<Requirement> optionalFiles(String source, TexDocument document) {
        List<Requirement> names = new ArrayList<>();
        for (TexCommand command : document.allCommands("IfFileExists")) {
            String name = command.text(0).strip();
            if (!isKitPath(name)) {
                continue;
            }
            int dot = name.lastIndexOf('.');
            String extension = dot < 0 ? "" : name.substring(dot);
            Kind kind = switch (extension) {
                case ".cls" -> Kind.CLASS;
                case ".bst" -> Kind.BIBLIOGRAPHY_STYLE;
                default -> Kind.PACKAGE;
            };
            String bare = dot < 0 || !extension.equals(kind.extension()) ? name : name.substring(0, dot);
            names.add(new Requirement(source, document.lineOf(command.start()), "\\IfFileExists", bare, kind));
        }
        return names;
    }

    /** What kpsewhich may be asked: a plain TeX file name, never an option or a path. */
    static boolean isPlainName(String name) {
        return !name.isEmpty() && Character.isLetterOrDigit(name.charAt(0))
                && name.chars().allMatch(c -> Character.isLetterOrDigit(c) && c < 128 || "._+-".indexOf(c) >= 0);
    }

    /** A name the kit may hold in a subdirectory, e.g. {@code styles/venue}. */
    private static boolean isKitPath(String name) {
        if (name.isEmpty() || name.startsWith("/") || name.endsWith("/") || name.contains("//")) {
            return false;
        }
        for (String part : name.split("/")) {
            if (!isPlainName(part)) {
                return false;
            }
        }
        return true;
    }
}
