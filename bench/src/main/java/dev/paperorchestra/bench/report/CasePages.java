package dev.paperorchestra.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One section of report.html per case, reached from the table and the list of cases that are not complete:
 * its state, why it is not complete (the failed gates and checks with their findings, or the stage and reason
 * it stopped at), gates and checks, compile and pages against the limit, the paper's counts and scores, and
 * links to its files.
 */
final class CasePages {

    private CasePages() {
    }

    static String anchor(String caseName) {
        return "case-" + caseName.replaceAll("[^A-Za-z0-9_.-]", "_");
    }

    static String render(List<ResultRow> rows) {
        StringBuilder html = new StringBuilder("<h2>Cases</h2>");
        for (ResultRow row : rows) {
            String name = String.valueOf(row.get("case"));
            String state = String.valueOf(row.get("state"));
            html.append("<section class=\"case\" id=\"").append(Html.escape(anchor(name))).append("\"><h3>")
                    .append(Html.escape(name)).append(": <span class=\"state-").append(Html.escape(state)).append("\">")
                    .append(Html.escape(state)).append("</span>")
                    .append(Boolean.TRUE.equals(row.get("stale")) ? " (stale: its materials or options changed since)" : "")
                    .append("</h3>");
            if (row.get("findings") instanceof String findings) {
                html.append("<p>Written, but not complete:</p><ul class=\"findings\">");
                for (String finding : findings.split("; (?=gate |check |paper\\.pdf|summary\\.json)")) {
                    html.append("<li>").append(Html.escape(finding)).append("</li>");
                }
                html.append("</ul>");
            } else if (row.get("failure_reason") != null || row.get("failure_stage") != null) {
                html.append("<p class=\"reason\">Stopped").append(row.get("failure_stage") == null ? ""
                        : " at " + Html.escape(String.valueOf(row.get("failure_stage")))).append(": ")
                        .append(Html.escape(String.valueOf(row.get("failure_reason")))).append("</p>");
            } else if ("running".equals(state) || "submitting".equals(state)) {
                html.append("<p>In flight when the run was interrupted; the next run resumes it.</p>");
            }
            List<String> facts = new ArrayList<>();
            List<String> gates = new ArrayList<>();
            for (Map.Entry<String, Object> column : row.columns().entrySet()) {
                if (column.getKey().startsWith("gate_") || column.getKey().startsWith("check_")) {
                    gates.add(row.label(column.getKey()) + " " + column.getValue());
                }
            }
            if (!gates.isEmpty()) {
                facts.add("Gates and checks: " + String.join(", ", gates));
            }
            if (row.get("compile_status") != null) {
                facts.add("Compile: " + row.get("compile_status") + (row.get("pdf_pages") == null ? ""
                        : ", " + row.get("pdf_pages") + " PDF pages"));
            }
            if (row.get("main_text_pages") != null) {
                facts.add("Main-text pages: " + row.get("main_text_pages")
                        + (row.get("page_limit") == null ? "" : " of a limit of " + row.get("page_limit")));
            }
            fact(facts, row, "figures", "Figures");
            fact(facts, row, "tables", "Tables");
            fact(facts, row, "verified_citations", "Verified citations");
            fact(facts, row, "refine_iterations", "Refinement iterations");
            fact(facts, row, "final_overall", "Final review score");
            fact(facts, row, "review_scores", "Review score per iteration (overall, from iteration 0)");
            String human = againstHuman(row);
            if (human != null) {
                facts.add(human);
            }
            fact(facts, row, "citation_all_f1", "Citation F1 (all references)");
            fact(facts, row, "literature_quality", "Literature quality");
            fact(facts, row, "sxs_paper", "Side-by-side (paper)");
            for (String scope : List.of("sxs_paper", "sxs_literature")) {
                // with several judge families, each family's verdict on this case
                if (row.get(scope + "_by") instanceof Map<?, ?> by && by.size() > 1) {
                    List<String> verdicts = new ArrayList<>();
                    by.forEach((family, figures) -> verdicts.add(family + " " + (figures instanceof Map<?, ?> map
                            ? map.get("verdict") : figures)));
                    facts.add("Side-by-side (" + (scope.equals("sxs_paper") ? "paper" : "literature review")
                            + ") by judge family: " + String.join(", ", verdicts));
                }
            }
            fact(facts, row, "attempt", "Attempt");
            if (row.get("wall_seconds") instanceof Number wall) {
                facts.add("Wall time: " + Headline.duration(wall.doubleValue()));
            }
            html.append("<ul class=\"facts\">");
            facts.forEach(fact -> html.append("<li>").append(Html.escape(fact)).append("</li>"));
            html.append("</ul>");
            if (!row.figures().isEmpty()) {
                html.append("<div class=\"figures\">");
                for (CaseArtifacts.Figure figure : row.figures()) {
                    html.append("<figure><a href=\"").append(Html.escape(figure.image())).append("\"><img src=\"")
                            .append(Html.escape(figure.image())).append("\" alt=\"").append(Html.escape(figure.name()))
                            .append("\" loading=\"lazy\"></a><figcaption><b>").append(Html.escape(figure.name()))
                            .append("</b>: ").append(Html.escape(figure.provenance())).append("</figcaption></figure>");
                }
                html.append("</div>");
            }
            if (row.get("output_dir") instanceof String dir) {
                html.append("<p>Files: ");
                for (String file : List.of("paper.pdf", "paper.tex", "references.bib", "summary.json")) {
                    html.append("<a href=\"").append(Html.escape(dir + "/" + file)).append("\">").append(file)
                            .append("</a> ");
                }
                html.append("<a href=\"").append(Html.escape(dir)).append("/\">all outputs</a></p>");
            }
            html.append("</section>");
        }
        return html.toString();
    }

    /** The paper's counts beside the human paper's, when the case has a reference/ (else null). */
    static @org.jspecify.annotations.Nullable String againstHuman(ResultRow row) {
        List<String> counts = new ArrayList<>();
        for (String[] pair : new String[][] {{"citations", "cited_keys"}, {"figures", "figures"},
                {"tables", "tables"}, {"pages", "pdf_pages"}}) {
            Object human = row.get("human_" + pair[0]);
            if (human != null) {
                Object ours = row.get(pair[1]);
                counts.add(pair[0] + " " + (ours == null ? "?" : ours) + " vs " + human);
            }
        }
        return counts.isEmpty() ? null : "Against the human paper (reference/): " + String.join(", ", counts);
    }

    private static void fact(List<String> facts, ResultRow row, String column, String label) {
        Object value = row.get(column);
        if (value != null) {
            facts.add(label + ": " + (value instanceof Double d ? Svg.number(d) : value));
        }
    }
}
