package dev.paperorchestra.content.revision;

import dev.paperorchestra.model.tex.LatexText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The point-by-point response, in Markdown and LaTeX: per reviewer, per point, the reviewer's words, the answer and
 * where the paper changed. Answers are built from the decision and its evidence only; an answer to a request for
 * new experiments states no result.
 */
public final class ResponseLetter {

    private static final int MAX_EXCERPT = 600;

    /** How the letter says which mode wrote it (every offline output is labelled). */
    private final String label;

    public ResponseLetter(String label) {
        this.label = label;
    }

    /** The answer to one point, in plain text. */
    public static String answer(PointAnswer answer) {
        PointDecision decision = answer.answered();
        String section = answer.point().section() == null ? "the paper" : "Section \"" + answer.point().section()
                + "\"";
        return switch (decision.decision()) {
            case ADD -> "Thank you. We added this to " + section + ", drawing only on " + sources(decision)
                    + (decision.evidence().stream().anyMatch(e -> e.source() == Evidence.Source.LOG)
                            ? "; every value is reported exactly as logged." : ".");
            case REVISE -> "Thank you. We revised " + section + " accordingly, drawing only on " + sources(decision)
                    + ".";
            case REBUT -> "We have kept the text as it is: " + decision.reason() + ".";
            case NEEDS_NEW_EXPERIMENTS -> "We agree this would be informative. It needs an experiment we have not "
                    + "run, so the revised paper reports no result for it and we state none here.";
            case LEFT_TO_AUTHORS -> "Not answered in this revision: " + decision.reason() + ".";
        };
    }

    private static String sources(PointDecision decision) {
        List<String> sources = decision.evidence().stream().map(evidence -> switch (evidence.source()) {
            case PAPER -> "the paper";
            case LOG -> "our experimental log";
            case IDEA -> "our method description";
            case BIBLIOGRAPHY -> "a verified reference";
        }).distinct().toList();
        return sources.isEmpty() ? "the paper" : String.join(" and ", sources);
    }

    /** Where the paper changed, one line per kept edit; empty when it did not. */
    public static List<String> changes(PointAnswer answer) {
        List<String> changes = new ArrayList<>();
        for (EditDecision edit : answer.kept()) {
            String what = edit.edit().before().isEmpty() ? "added at the end of" : "changed in";
            changes.add("Text " + what + " Section \"" + edit.edit().section() + "\"");
        }
        return changes;
    }

    /** The new text as the reader of the letter needs it: whole when short, else its start. */
    static String excerpt(String after) {
        String text = after.strip();
        return text.length() <= MAX_EXCERPT ? text : text.substring(0, MAX_EXCERPT).stripTrailing() + " [...]";
    }

    private static Map<String, List<PointAnswer>> byReviewer(List<PointAnswer> answers) {
        Map<String, List<PointAnswer>> grouped = new LinkedHashMap<>();
        answers.forEach(answer -> grouped.computeIfAbsent(answer.point().reviewer(), r -> new ArrayList<>())
                .add(answer));
        return grouped;
    }

    private static String kind(PointKind kind) {
        return kind.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    public String markdown(List<PointAnswer> answers) {
        StringBuilder out = new StringBuilder("# Response to the reviewers\n\n");
        out.append("_").append(label).append("_\n\n");
        out.append("We thank the reviewers. Each point is answered below with the reviewer's words, our answer and "
                + "where the paper changed.\n");
        byReviewer(answers).forEach((reviewer, points) -> {
            out.append("\n## ").append(reviewer).append('\n');
            for (PointAnswer answer : points) {
                out.append("\n### ").append(answer.point().id()).append(" (").append(kind(answer.point().kind()))
                        .append(")\n\n");
                out.append(answer.point().quote().lines().map(line -> "> " + line).collect(Collectors.joining("\n")))
                        .append("\n\n");
                out.append("**Answer.** ").append(answer(answer)).append('\n');
                for (Evidence evidence : answer.answered().evidence()) {
                    if (answer.answered().decision() == DecisionKind.REBUT) {
                        out.append("\nFrom ").append(evidence.source().name().toLowerCase(Locale.ROOT)).append(":\n\n")
                                .append(evidence.quote().lines().map(line -> "    " + line)
                                        .collect(Collectors.joining("\n"))).append('\n');
                    }
                }
                List<String> changes = changes(answer);
                out.append("\n**Where the paper changed.** ").append(changes.isEmpty() ? "Nowhere."
                        : String.join("; ", changes) + ".").append('\n');
                for (EditDecision kept : answer.kept()) {
                    out.append("\nThe revised text:\n\n").append(excerpt(kept.edit().after()).lines()
                            .map(line -> "    " + line).collect(Collectors.joining("\n"))).append('\n');
                }
            }
        });
        return out.toString();
    }

    public String latex(List<PointAnswer> answers) {
        StringBuilder out = new StringBuilder("""
                \\documentclass{article}
                \\usepackage[T1]{fontenc}
                \\begin{document}
                \\section*{Response to the reviewers}
                """);
        out.append("\\emph{").append(LatexText.text(label)).append("}\n\n");
        out.append("We thank the reviewers. Each point is answered below with the reviewer's words, our answer and "
                + "where the paper changed.\n");
        byReviewer(answers).forEach((reviewer, points) -> {
            out.append("\n\\subsection*{").append(LatexText.text(reviewer)).append("}\n");
            for (PointAnswer answer : points) {
                out.append("\n\\paragraph{").append(LatexText.text(answer.point().id() + " ("
                        + kind(answer.point().kind()) + ")")).append("}\n");
                out.append("\\begin{quote}\n").append(LatexText.text(answer.point().quote())).append("\n\\end{quote}\n");
                out.append("\\textbf{Answer.} ").append(LatexText.text(answer(answer))).append('\n');
                if (answer.answered().decision() == DecisionKind.REBUT) {
                    for (Evidence evidence : answer.answered().evidence()) {
                        out.append("\\begin{quote}\\small\\ttfamily ").append(LatexText.text(evidence.quote()))
                                .append("\\end{quote}\n");
                    }
                }
                List<String> changes = changes(answer);
                out.append("\n\\textbf{Where the paper changed.} ").append(LatexText.text(changes.isEmpty()
                        ? "Nowhere." : String.join("; ", changes) + ".")).append('\n');
                for (EditDecision kept : answer.kept()) {
                    out.append("\\begin{quote}\\small\\ttfamily ").append(LatexText.text(excerpt(kept.edit().after())))
                            .append("\\end{quote}\n");
                }
            }
        });
        return out.append("\\end{document}\n").toString();
    }
}
