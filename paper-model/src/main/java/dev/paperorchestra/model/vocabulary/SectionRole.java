package dev.paperorchestra.model.vocabulary;

import dev.paperorchestra.model.text.Prose;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a section of a paper is for, whatever it is titled: the one list of section names and their synonyms
 * that the materials reader, the guidelines reader, the writers, the gates and the reviewers share. A title is
 * matched as a whole first ("Materials and Methods" is {@link #METHOD}), then by the words it holds, in the
 * order of the constants below, so "Background and Related Work" is {@link #RELATED_WORK} and "Discussion and
 * Conclusion" is {@link #CONCLUSION}.
 */
public enum SectionRole {
    ABSTRACT(PaperPart.MAIN_TEXT, List.of("abstract", "summary of the paper"), List.of("abstract")),
    ACKNOWLEDGEMENTS(PaperPart.ACKNOWLEDGEMENTS, List.of("acknowledgements", "acknowledgments", "acknowledgement",
            "acknowledgment", "funding", "funding statement"), List.of("acknowledg")),
    REFERENCES(PaperPart.REFERENCES, List.of("references", "bibliography", "literature cited", "works cited",
            "reference list", "cited literature"), List.of()),
    APPENDIX(PaperPart.APPENDIX, List.of("appendix", "appendices", "supplementary material",
            "supplementary materials", "supplemental material", "supplementary information", "supplement"),
            List.of("appendi", "supplementa")),
    RELATED_WORK(PaperPart.MAIN_TEXT, List.of("related work", "related works", "prior work", "previous work",
            "literature review", "related literature", "state of the art", "related research"),
            List.of("related", "prior work", "previous work", "literature")),
    INTRODUCTION(PaperPart.MAIN_TEXT, List.of("introduction", "intro", "motivation"), List.of("introduc")),
    CONCLUSION(PaperPart.MAIN_TEXT, List.of("conclusion", "conclusions", "concluding remarks", "summary",
            "summary and outlook", "outlook", "future work"), List.of("conclu", "concluding")),
    LIMITATIONS(PaperPart.LIMITATIONS, List.of("limitations", "limitation", "limitations statement"),
            List.of("limitation")),
    ETHICS(PaperPart.ETHICS_STATEMENT, List.of("ethics statement", "ethical considerations", "ethics",
            "broader impact", "broader impacts", "impact statement", "societal impact", "ethical statement",
            "potential negative societal impact"), List.of("ethic", "broader impact", "impact statement",
            "societal impact")),
    REPRODUCIBILITY(PaperPart.REPRODUCIBILITY_STATEMENT, List.of("reproducibility statement", "reproducibility",
            "code availability", "data availability", "data and code availability", "availability"),
            List.of("reproducib", "availability")),
    DISCUSSION(PaperPart.MAIN_TEXT, List.of("discussion", "general discussion", "analysis"),
            List.of("discuss")),
    EXPERIMENTS(PaperPart.MAIN_TEXT, List.of("experiments", "experiment", "experimental results",
            "experimental setup", "experimental evaluation", "evaluation", "results", "empirical evaluation",
            "empirical results", "experiments and results", "results and analysis", "findings", "benchmarks"),
            List.of("experiment", "evaluat", "result", "empirical", "benchmark", "ablation")),
    METHOD(PaperPart.MAIN_TEXT, List.of("method", "methods", "methodology", "approach", "proposed method",
            "our approach", "our method", "materials and methods", "model", "framework", "algorithm",
            "proposed approach", "system design", "design", "technical approach", "the proposed method"),
            List.of("method", "approach", "framework", "algorithm", "architecture", "model")),
    BACKGROUND(PaperPart.MAIN_TEXT, List.of("background", "preliminaries", "problem setup",
            "problem formulation", "problem statement", "problem definition", "notation", "setup"),
            List.of("background", "preliminar", "problem")),
    /** A section none of the names above describes. */
    OTHER(PaperPart.MAIN_TEXT, List.of(), List.of());

    private final PaperPart part;
    private final List<String> names;
    private final List<String> stems;

    SectionRole(PaperPart part, List<String> names, List<String> stems) {
        this.part = part;
        this.names = names;
        this.stems = stems;
    }

    /** The part of the paper a section of this role belongs to (what a page limit may leave uncounted). */
    public PaperPart part() {
        return part;
    }

    /** The names a section of this role is titled with, first the usual one. */
    public List<String> names() {
        return names;
    }

    /** The usual title, e.g. "Related Work" for {@link #RELATED_WORK}. */
    public String title() {
        return this == OTHER ? "" : heading(names.getFirst());
    }

    /** A section name as a heading: "related work" is "Related Work", "materials and methods" "Materials and Methods". */
    public static String heading(String name) {
        StringBuilder title = new StringBuilder();
        for (String word : normalise(name).split(" ")) {
            if (word.isEmpty()) {
                continue;
            }
            title.append(title.isEmpty() ? "" : " ").append(word.equals("and") || word.equals("of") ? word
                    : Character.toUpperCase(word.charAt(0)) + word.substring(1));
        }
        return title.toString();
    }

    /** The role of a section titled so (plain text or LaTeX), {@link #OTHER} when none fits. */
    public static SectionRole of(String title) {
        String normal = normalise(title);
        if (normal.isEmpty()) {
            return OTHER;
        }
        for (SectionRole role : values()) {
            if (role.names.contains(normal)) {
                return role;
            }
        }
        for (SectionRole role : values()) {
            for (String stem : role.stems) {
                if (containsWordStartingWith(normal, stem)) {
                    return role;
                }
            }
        }
        return OTHER;
    }

    /** The role a name stands for when it names a section exactly or by a usual synonym, without word stems. */
    public static Optional<SectionRole> named(String name) {
        String normal = normalise(name);
        for (SectionRole role : values()) {
            if (role.names.contains(normal)) {
                return Optional.of(role);
            }
        }
        return Optional.empty();
    }

    /**
     * Whether a section titled {@code title} is the section a guideline or a plan names {@code required}: the
     * same role, or for a name of no role, the same words.
     */
    public static boolean satisfies(String title, String required) {
        SectionRole wanted = of(required);
        if (wanted != OTHER) {
            return of(title) == wanted;
        }
        String normalTitle = normalise(title);
        String normalRequired = normalise(required);
        return !normalRequired.isEmpty() && (normalTitle.equals(normalRequired)
                || containsWordStartingWith(normalTitle, normalRequired));
    }

    /**
     * A title as compared: LaTeX and Markdown decorations, a leading number ("3.", "II.", "A.") and
     * punctuation removed, lower case, single spaces.
     */
    public static String normalise(String title) {
        String words = Prose.plainWords(title).toLowerCase(Locale.ROOT).replace('&', ' ');
        StringBuilder out = new StringBuilder(words.length());
        for (String word : words.split("[^\\p{L}\\p{N}']+")) {
            if (!word.isEmpty()) {
                out.append(out.isEmpty() ? "" : " ").append(word);
            }
        }
        return stripNumbering(out.toString());
    }

    private static String stripNumbering(String normal) {
        int space = normal.indexOf(' ');
        if (space < 0) {
            return normal;
        }
        String first = normal.substring(0, space);
        boolean roman = first.length() <= 4 && first.chars().allMatch(c -> c == 'i' || c == 'v' || c == 'x');
        boolean number = first.chars().allMatch(Character::isDigit) || roman && !first.equals("i");
        return number ? normal.substring(space + 1) : normal;
    }

    private static boolean containsWordStartingWith(String normal, String stem) {
        int from = 0;
        while (true) {
            int at = normal.indexOf(stem, from);
            if (at < 0) {
                return false;
            }
            if (at == 0 || normal.charAt(at - 1) == ' ') {
                return true;
            }
            from = at + 1;
        }
    }
}
