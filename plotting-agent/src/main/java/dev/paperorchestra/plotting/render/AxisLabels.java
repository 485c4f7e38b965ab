package dev.paperorchestra.plotting.render;

import dev.paperorchestra.content.materials.MarkdownText;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a table header cell into a plain-text axis or legend label. Markdown, LaTeX and footnote marks are
 * removed; the arrows that mean "higher/lower is better" are kept as words, because a reader needs them and
 * the chart fonts may not have the glyphs.
 */
public final class AxisLabels {

    private static final String HIGHER = "(higher is better)";
    private static final String LOWER = "(lower is better)";
    private static final Map<String, String> GREEK = Map.ofEntries(
            Map.entry("alpha", "α"), Map.entry("beta", "β"), Map.entry("gamma", "γ"), Map.entry("delta", "δ"),
            Map.entry("epsilon", "ε"), Map.entry("eta", "η"), Map.entry("theta", "θ"), Map.entry("lambda", "λ"),
            Map.entry("mu", "μ"), Map.entry("rho", "ρ"), Map.entry("sigma", "σ"), Map.entry("tau", "τ"),
            Map.entry("phi", "φ"), Map.entry("omega", "ω"));
    private static final Pattern LATEX_COMMAND = Pattern.compile("\\\\([a-zA-Z]+)");

    private AxisLabels() {
    }

    /** The label with its direction, e.g. {@code RMSE ↓} -> {@code RMSE (lower is better)}. */
    public static String label(String header) {
        String name = name(header);
        return switch (direction(header)) {
            case 1 -> name.isEmpty() ? HIGHER : name + " " + HIGHER;
            case -1 -> name.isEmpty() ? LOWER : name + " " + LOWER;
            default -> name;
        };
    }

    /** The label without direction, for captions, e.g. {@code **RMSE** (m) ↓} -> {@code RMSE (m)}. */
    public static String name(String header) {
        String text = header.replace("\\uparrow", "").replace("\\downarrow", "")
                .replaceAll("[↑↓↗↘†‡§¶]", "")
                .replace("(higher is better)", "").replace("(lower is better)", "")
                .replace("\\%", "%").replace("\\dagger", "");
        StringBuilder plain = new StringBuilder();
        Matcher command = LATEX_COMMAND.matcher(text);
        while (command.find()) {
            command.appendReplacement(plain, GREEK.getOrDefault(command.group(1), ""));
        }
        command.appendTail(plain);
        String cleaned = MarkdownText.plain(plain.toString())
                // a one-character or braced subscript joins its base (δ_1 -> δ1); other underscores separate words
                .replaceAll("_\\{([^}]*)}", "$1").replaceAll("_(\\w)(?!\\w)", "$1")
                .replaceAll("[$*`#{}^~]", "")
                .replace('_', ' ');
        cleaned = cleaned.replaceAll("\\(\\s*\\)", "").replaceAll("\\s+", " ").strip();
        return cleaned;
    }

    /** A label made by {@link #label} without its direction words. */
    public static String withoutDirection(String label) {
        return label.replace(HIGHER, "").replace(LOWER, "").strip();
    }

    /** 1 when higher is better, -1 when lower is better, 0 when the header does not say. */
    public static int direction(String header) {
        if (header.contains("↑") || header.contains("\\uparrow") || header.contains("(higher is better)")) {
            return 1;
        }
        if (header.contains("↓") || header.contains("\\downarrow") || header.contains("(lower is better)")) {
            return -1;
        }
        return 0;
    }
}
