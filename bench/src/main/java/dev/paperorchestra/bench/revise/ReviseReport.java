package dev.paperorchestra.bench.revise;

import static dev.paperorchestra.bench.report.Html.escape;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/** report.html of the revise task: the headline figures, then one row per case. */
final class ReviseReport {

    static final List<String> COLUMNS = List.of("case", "state", "valid_pdf", "points", "points_addressed",
            "needs_new_experiments", "fabrication_findings", "audit_clean", "edits_kept", "edits_rolled_back",
            "edits_rejected", "vs_original", "vs_original_orders", "vs_camera_ready", "vs_camera_ready_orders",
            "failure_reason", "vs_original_error", "vs_camera_ready_error");

    private ReviseReport() {
    }

    static String html(List<Map<String, @Nullable Object>> rows, JsonNode summary) {
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
                + "<title>po bench: revise</title></head><body>\n<h1>po bench --task revise</h1>\n<ul>\n");
        item(html, "mode", summary.path("mode").asString());
        item(html, "cases", summary.path("cases").asString() + " (" + summary.path("completed").asString()
                + " completed)");
        item(html, "valid-PDF rate", summary.path("valid_pdf_rate").asString());
        item(html, "points addressed", summary.path("points_addressed").asString() + " of "
                + summary.path("points").asString() + " (" + summary.path("addressed_rate").asString() + ")");
        item(html, "fabrication findings", summary.path("fabrication_findings").asString()
                + " (clean audits: " + summary.path("audit_clean_rate").asString() + ")");
        item(html, "revised vs original", verdicts(summary.path("vs_original")));
        item(html, "revised vs camera-ready", verdicts(summary.path("vs_camera_ready")));
        item(html, "autorater", summary.path("autorater").asString());
        html.append("</ul>\n<p>").append(escape(summary.path("points_addressed_rule").asString()))
                .append("</p>\n<table border=\"1\">\n<tr>");
        COLUMNS.forEach(column -> html.append("<th>").append(escape(column)).append("</th>"));
        html.append("</tr>\n");
        for (Map<String, @Nullable Object> row : rows) {
            html.append("<tr>");
            COLUMNS.forEach(column -> html.append("<td>").append(escape(row.get(column) == null ? ""
                    : String.valueOf(row.get(column)))).append("</td>"));
            html.append("</tr>\n");
        }
        return html.append("</table>\n</body></html>\n").toString();
    }

    private static String verdicts(JsonNode verdicts) {
        return verdicts.path("win").asString() + " win, " + verdicts.path("tie").asString() + " tie, "
                + verdicts.path("loss").asString() + " loss, " + verdicts.path("unjudged").asString()
                + " unjudged (win rate " + verdicts.path("win_rate").asString() + ")";
    }

    private static void item(StringBuilder html, String name, String value) {
        html.append("<li><b>").append(escape(name)).append("</b>: ").append(escape(value)).append("</li>\n");
    }
}
