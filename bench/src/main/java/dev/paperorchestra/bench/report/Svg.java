package dev.paperorchestra.bench.report;

import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** Inline SVG charts for report.html: horizontal bars (with an optional limit mark per bar) and strip plots. */
final class Svg {

    /** One bar: its label, value and an optional limit drawn as a mark (pages against the page limit). */
    record Bar(String label, double value, @Nullable Double limit) {
    }

    /** One row of a strip plot: a label and its values, drawn as dots with the median marked. */
    record Strip(String label, List<Double> values) {
    }

    /** The plot area right of the labels. */
    private static final int PLOT = 450;
    private static final int ROW = 18;
    /** Width of one label character at the 11px label font, generous so a name is never cut. */
    private static final double CHAR = 6.6;

    private Svg() {
    }

    /** The label column fits the longest label, so a case name of any length is drawn whole. */
    private static int labelWidth(List<String> labels) {
        int longest = labels.stream().mapToInt(String::length).max().orElse(0);
        return Math.max(120, (int) Math.ceil(longest * CHAR) + 14);
    }

    /** A bar chart, or nothing when it has no bar above zero (the report lists it as not shown). */
    static String bars(String id, String title, String unit, List<Bar> bars) {
        if (bars.stream().allMatch(bar -> bar.value() == 0)) {
            return "";
        }
        int left = labelWidth(bars.stream().map(Bar::label).toList());
        int chartWidth = left + PLOT;
        StringBuilder svg = open(id, title, bars.size(), chartWidth);
        double max = bars.stream().mapToDouble(b -> Math.max(b.value(), b.limit() == null ? 0 : b.limit())).max().orElse(1);
        max = max <= 0 ? 1 : max;
        int y = 30;
        for (Bar bar : bars) {
            double width = (chartWidth - left - 70) * bar.value() / max;
            svg.append(text(left - 6, y + 12, "end", bar.label()));
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" class=\"bar%s\"/>",
                    left, y + 2, width, ROW - 4, bar.limit() != null && bar.value() > bar.limit() ? " over" : ""));
            if (bar.limit() != null) {
                double x = left + (chartWidth - left - 70) * bar.limit() / max;
                svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" class=\"limit\"/>",
                        x, x, y, y + ROW));
            }
            svg.append(text((int) (left + width + 4), y + 12, "start", number(bar.value()) + unit
                    + (bar.limit() == null ? "" : " / " + number(bar.limit()))));
            y += ROW;
        }
        return svg.append("</svg>").toString();
    }

    /** A strip plot of the strips that have values, or nothing when none has (listed as not shown). */
    static String strips(String id, String title, String unit, List<Strip> strips) {
        List<Strip> present = strips.stream().filter(s -> !s.values().isEmpty()).toList();
        if (present.isEmpty()) {
            return "";
        }
        int left = labelWidth(present.stream().map(Strip::label).toList());
        int chartWidth = left + PLOT;
        StringBuilder svg = open(id, title, present.size(), chartWidth);
        double max = present.stream().flatMap(s -> s.values().stream()).mapToDouble(Double::doubleValue).max().orElse(1);
        max = max <= 0 ? 1 : max;
        int y = 30;
        for (Strip strip : present) {
            svg.append(text(left - 6, y + 12, "end", strip.label()));
            for (double value : strip.values()) {
                svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%d\" r=\"3\" class=\"dot\"/>",
                        left + (chartWidth - left - 90) * value / max, y + ROW / 2));
            }
            BenchAggregates.Stats stats = BenchAggregates.Stats.of(strip.values());
            double x = left + (chartWidth - left - 90) * stats.median() / max;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" class=\"median\"/>",
                    x, x, y + 1, y + ROW - 1));
            svg.append(text(chartWidth - 86, y + 12, "start", "median " + number(stats.median()) + unit));
            y += ROW;
        }
        return svg.append("</svg>").toString();
    }

    private static StringBuilder open(String id, String title, int rows, int chartWidth) {
        int height = 40 + rows * ROW;
        return new StringBuilder(String.format(Locale.ROOT,
                "<svg class=\"chart\" id=\"%s\" data-chart=\"%s\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" "
                        + "role=\"img\" xmlns=\"http://www.w3.org/2000/svg\"><title>%s</title>%s",
                id, id, chartWidth, height, chartWidth, height, Html.escape(title), text(4, 16, "start", title)
                        .replace("class=\"t\"", "class=\"h\"")));
    }

    private static String text(int x, int y, String anchor, String content) {
        return String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"%s\" class=\"t\">%s</text>", x, y,
                anchor, Html.escape(content));
    }

    static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e9 ? String.valueOf((long) value)
                : String.format(Locale.ROOT, value < 1 ? "%.4f" : "%.2f", value);
    }
}
