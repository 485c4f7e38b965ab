package dev.paperorchestra.reviewer.review;

import dev.paperorchestra.reviewer.measure.PaperMeasurements;
import dev.paperorchestra.reviewer.measure.PaperMeasurer;
import dev.paperorchestra.gateway.ModelMode;
import dev.paperorchestra.schemas.CompileStatus;
import java.util.ArrayList;
import java.util.List;

/**
 * The reviewer without a model: a fixed, deterministic rubric over what can be measured in the LaTeX and
 * the compile report. It cannot judge novelty, correctness or significance, and says so in every review.
 *
 * <p>Seven criteria, each scored 1-4 from one measurement:
 * <ul>
 * <li><b>C, citations</b> (distinct {@code \cite} keys; the reference method averages ~46 verified citations):
 *     &ge;40: 4, &ge;20: 3, &ge;8: 2, else 1.</li>
 * <li><b>F, figures</b> ({@code \includegraphics}): &ge;4: 4, 2-3: 3, 1: 2, 0: 1.</li>
 * <li><b>T, tables</b> (booktabs tables): &ge;3: 4, 2: 3, 1: 2, 0: 1.</li>
 * <li><b>S, structure</b> (template sections missing or without text): 0: 4, 1: 3, 2: 2, &ge;3: 1.</li>
 * <li><b>A, abstract</b> (words): 120-250: 4; 80-119 or 251-300: 3; other non-empty: 2; none: 1.</li>
 * <li><b>M, finish</b> (typed {@code ??}, TODO/TBD, {@code \ref} without {@code \label}, cited keys missing
 *     from references.bib): 0: 4, 1-2: 3, 3-5: 2, &gt;5: 1.</li>
 * <li><b>P, layout</b>: compiled within the page limit (or no limit known): 4; compiled, page count unknown or
 *     at most 2 pages over (the count includes references, which limits usually exclude): 3; not compiled
 *     because TeX is missing: 2; more than 2 pages over, or failed to compile: 1.</li>
 * </ul>
 * Axes are rounded (half up) means: Originality = C (positioning against verified literature, the only
 * measurable proxy); Quality = T,F,M; Clarity = S,A,M; Significance = C,T; Soundness = T,M;
 * Presentation = P,F,S; Contribution = C,T,F. Overall = 1 + round(4 &times; (sum of axes - 7) / 21), so at
 * most 5 (borderline): a review of form alone must never recommend a paper whose science it did not judge.
 * Then capped: 1 when no template section has text, 2 when compiling failed, 3 with any template section
 * missing or empty, 4 with any unresolved item.
 * Decision: Accept when overall &ge; 6, which this rubric never reaches. Confidence: 2 when a compiled PDF with a page count was measured,
 * else 1. A criterion scoring 1-2 or finding a problem (a missing or empty section, an unresolved item, a table
 * without booktabs, an abstract outside 120-250 words, pages over the limit) is a weakness with a question;
 * the others are strengths. Both are statements of what was measured.
 */
public final class OfflineReviewer implements Reviewer {

    static final int ACCEPT_THRESHOLD = 6;
    static final String NOT_ASSESSED = "Not assessed: the offline reviewer measures the form of the draft only "
            + "(citations, figures, tables, sections, abstract length, unresolved markers, compilation and "
            + "length); it cannot judge the novelty, correctness or significance of the claims.";

    /**
     * One rubric criterion: its 1-4 score, the factual statement behind it and, when it found a problem, the
     * question a reviewer would ask about it (empty otherwise).
     */
    record Criterion(String name, int score, String finding, String question) {

        boolean isProblem() {
            return score <= 2 || !question.isEmpty();
        }
    }

    @Override
    public ConferenceReview review(ReviewInput input) {
        PaperMeasurements m = PaperMeasurer.measure(input.tex(), input.compile(), input.templateSections(),
                input.pageLimit(), input.bibKeys());
        Criterion c = citations(m, !input.bibKeys().isEmpty());
        Criterion f = figures(m);
        Criterion t = tables(m);
        Criterion s = structure(m);
        Criterion a = abstractLength(m);
        Criterion fin = finish(m);
        Criterion p = layout(m);
        int originality = c.score();
        int quality = mean(t, f, fin);
        int clarity = mean(s, a, fin);
        int significance = mean(c, t);
        int soundness = mean(t, fin);
        int presentation = mean(p, f, s);
        int contribution = mean(c, t, f);
        int sum = originality + quality + clarity + significance + soundness + presentation + contribution;
        int overall = overall(sum, m);
        List<Criterion> criteria = List.of(c, f, t, s, a, fin, p);
        List<String> strengths = new ArrayList<>();
        List<String> weaknesses = new ArrayList<>();
        List<String> questions = new ArrayList<>();
        for (Criterion criterion : criteria) {
            if (criterion.isProblem()) {
                weaknesses.add(criterion.finding());
                questions.add(criterion.question());
            } else {
                strengths.add(criterion.finding());
            }
        }
        boolean measuredPdf = m.compileStatus() == CompileStatus.COMPILED && m.pageCount() != null;
        return new ConferenceReview(summary(input, m), strengths, weaknesses, questions, List.of(NOT_ASSESSED),
                false, originality, quality, clarity, significance, soundness, presentation, contribution,
                overall, measuredPdf ? 2 : 1, overall >= ACCEPT_THRESHOLD ? ConferenceReview.ACCEPT
                        : ConferenceReview.REJECT, ModelMode.OFFLINE_LABEL);
    }

    static int overall(int axesSum, PaperMeasurements m) {
        int overall = 1 + (int) Math.round(4.0 * (axesSum - 7) / 21.0);
        if (m.compileStatus() == CompileStatus.FAILED) {
            overall = Math.min(overall, 2);
        }
        if (m.sectionProblems() > 0) {
            overall = Math.min(overall, 3);
        }
        if (m.unresolvedItems() > 0) {
            overall = Math.min(overall, 4);
        }
        if (!m.templateSections().isEmpty() && m.sectionProblems() == m.templateSections().size()) {
            overall = 1;
        }
        return overall;
    }

    private static String summary(ReviewInput input, PaperMeasurements m) {
        String compile = switch (m.compileStatus()) {
            case COMPILED -> m.pageCount() == null ? "it compiled" : "it compiled to " + m.pageCount() + " pages";
            case SKIPPED -> "it was not compiled";
            case FAILED -> "it failed to compile";
        };
        return "Offline review of version " + input.version() + " (iteration " + input.iteration() + "). Measured: "
                + count(m.templateSections().size(), "template section") + " (" + m.sectionProblems()
                + " missing or empty), " + count(m.citedKeys().size(), "distinct citation key") + ", "
                + count(m.figures(), "figure") + ", " + count(m.booktabsTables(), "booktabs table")
                + ", an abstract of " + count(m.abstractWords(), "word") + ", "
                + count(m.unresolvedItems(), "unresolved item") + "; " + compile + ". The scores follow a "
                + "fixed rubric over these counts; the science itself was not judged.";
    }

    private static Criterion citations(PaperMeasurements m, boolean bibKnown) {
        int keys = m.citedKeys().size();
        int score = keys >= 40 ? 4 : keys >= 20 ? 3 : keys >= 8 ? 2 : 1;
        String bib = !bibKnown ? "" : m.keysMissingFromBib().isEmpty()
                ? (keys == 0 ? "" : ", all defined in references.bib")
                : "; " + m.keysMissingFromBib().size() + " of them are not in references.bib ("
                        + String.join(", ", m.keysMissingFromBib()) + ")";
        String question = !m.keysMissingFromBib().isEmpty()
                ? "Which verified works were meant by the keys missing from references.bib?"
                : score <= 2 ? "Which further works of the verified pool support the positioning of the method?" : "";
        return new Criterion("citations", score, "The draft cites " + keys + " distinct references" + bib + ".",
                question);
    }

    private static Criterion figures(PaperMeasurements m) {
        int n = m.figures();
        int score = n >= 4 ? 4 : n >= 2 ? 3 : n == 1 ? 2 : 1;
        return new Criterion("figures", score, "The draft includes " + count(n, "figure") + ".",
                score <= 2 ? "Which logged results or parts of the method could be shown as a figure?" : "");
    }

    private static Criterion tables(PaperMeasurements m) {
        int n = m.booktabsTables();
        int score = n >= 3 ? 4 : n == 2 ? 3 : n == 1 ? 2 : 1;
        String other = m.otherTables() == 0 ? "" : " (" + m.otherTables() + " more without booktabs rules)";
        String question = m.otherTables() > 0 ? "Can every table use booktabs rules, as the format asks?"
                : score <= 2 ? "Which results of the experimental log should be reported as tables?" : "";
        return new Criterion("tables", score, "The draft has " + count(n, "booktabs table") + other + ".",
                question);
    }

    private static Criterion structure(PaperMeasurements m) {
        int problems = m.sectionProblems();
        int score = Math.max(1, 4 - problems);
        if (problems == 0) {
            return new Criterion("structure", score, "Every one of the " + m.templateSections().size()
                    + " template sections is present and has text.", "");
        }
        List<String> parts = new ArrayList<>();
        if (!m.missingSections().isEmpty()) {
            parts.add("missing: " + String.join(", ", m.missingSections()));
        }
        if (!m.emptySections().isEmpty()) {
            parts.add("without text: " + String.join(", ", m.emptySections()));
        }
        List<String> all = new ArrayList<>(m.missingSections());
        all.addAll(m.emptySections());
        return new Criterion("structure", score, "Template sections " + String.join("; ", parts) + ".",
                "What should the sections " + String.join(", ", all) + " contain?");
    }

    private static Criterion abstractLength(PaperMeasurements m) {
        int words = m.abstractWords();
        if (!m.hasAbstract() || words == 0) {
            return new Criterion("abstract", 1, "The draft has no abstract text.",
                    "Can an abstract of 120-250 words summarise the method and the logged results?");
        }
        int score = words >= 120 && words <= 250 ? 4 : (words >= 80 && words <= 300) ? 3 : 2;
        return new Criterion("abstract", score, "The abstract has " + words + " words.",
                score == 4 ? "" : "Can the abstract be brought to 120-250 words?");
    }

    private static Criterion finish(PaperMeasurements m) {
        int items = m.unresolvedItems();
        int score = items == 0 ? 4 : items <= 2 ? 3 : items <= 5 ? 2 : 1;
        if (items == 0) {
            return new Criterion("finish", score, "No typed '??', TODO markers, undefined \\ref labels or "
                    + "citation keys missing from references.bib were found.", "");
        }
        List<String> parts = new ArrayList<>();
        if (m.questionMarks() > 0) {
            parts.add(m.questionMarks() + " typed '??'");
        }
        if (m.todoMarkers() > 0) {
            parts.add(count(m.todoMarkers(), "TODO/TBD marker"));
        }
        if (!m.undefinedReferences().isEmpty()) {
            parts.add(count(m.undefinedReferences().size(), "\\ref label") + " without \\label ("
                    + String.join(", ", m.undefinedReferences()) + ")");
        }
        if (!m.keysMissingFromBib().isEmpty()) {
            parts.add(count(m.keysMissingFromBib().size(), "citation key") + " missing from references.bib");
        }
        return new Criterion("finish", score, "Found " + count(items, "unresolved item") + ": "
                + String.join(", ", parts) + ".",
                "Can the unresolved references and markers be resolved or removed?");
    }

    private static Criterion layout(PaperMeasurements m) {
        Integer pages = m.pageCount();
        Integer limit = m.pageLimit();
        return switch (m.compileStatus()) {
            case FAILED -> new Criterion("layout", 1, "The LaTeX failed to compile: " + m.compileMessage(),
                    "What causes the compile error, and can the draft be made to compile?");
            case SKIPPED -> new Criterion("layout", 2, "The LaTeX was not compiled (" + m.compileMessage()
                    + "), so layout and length are unchecked.", "Does the draft compile within the page limit?");
            case COMPILED -> {
                if (pages == null) {
                    yield new Criterion("layout", 3, "The PDF compiled; its page count is unknown.", "");
                }
                if (limit == null) {
                    yield new Criterion("layout", 4, "The PDF compiled to " + pages
                            + " pages; no page limit was given.", "");
                }
                if (pages <= limit) {
                    yield new Criterion("layout", 4, "The PDF compiled to " + pages + " pages, within the "
                            + limit + "-page limit.", "");
                }
                if (pages <= limit + 2) {
                    yield new Criterion("layout", 3, "The PDF has " + pages + " pages against a " + limit
                            + "-page limit; the count includes the references, which the limit usually excludes.",
                            "Does the main text end within the " + limit + "-page limit?");
                }
                yield new Criterion("layout", 1, "The PDF has " + pages + " pages, more than 2 pages over the "
                        + limit + "-page limit.", "Which material can move to the appendix to meet the " + limit
                        + "-page limit?");
            }
        };
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** Rounded-half-up mean of criterion scores. */
    private static int mean(Criterion... criteria) {
        int sum = 0;
        for (Criterion criterion : criteria) {
            sum += criterion.score();
        }
        return Math.floorDiv(2 * sum + criteria.length, 2 * criteria.length);
    }
}
