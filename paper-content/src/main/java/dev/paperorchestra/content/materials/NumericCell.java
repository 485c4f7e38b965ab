package dev.paperorchestra.content.materials;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The number inside a decorated table cell such as {@code **81.7**}, {@code 71.2 ± 0.4}, {@code 12.5%},
 * {@code $0.93$}, {@code 43.43†} or {@code 1,024}.
 *
 * @param value  the leading number
 * @param spread the value after ± when present
 * @param digits the number exactly as written (without thousands separators), for fidelity checks
 * @param percent true when the cell is a percentage
 */
public record NumericCell(double value, @Nullable Double spread, String digits, boolean percent) {

    private static final Pattern NUMBER = Pattern.compile("^[-+−]?(\\d{1,3}(,\\d{3})+|\\d+)(\\.\\d+)?");
    private static final Pattern SPREAD = Pattern.compile("^(±|\\\\pm|\\+/-|\\+-)\\s*(\\d+(\\.\\d+)?)");

    public static Optional<NumericCell> parse(String cell) {
        String text = cell.strip()
                .replaceAll("\\\\(?:textbf|mathbf|textit|emph|underline|boldsymbol|mathrm)\\{([^}]*)}", "$1")
                .replace("**", "").replace("__", "").replace("*", "").replace("$", "")
                .replaceAll("[†‡§¶↑↓↗↘⋆★]", "")
                .replaceAll("\\\\(?:ddagger|dagger|uparrow|downarrow|star|ast)\\b", "")
                .replace("^{}", "").replace("^", "")
                .strip();
        Matcher number = NUMBER.matcher(text);
        if (!number.find()) {
            return Optional.empty();
        }
        String digits = number.group().replace(",", "").replace('−', '-');
        String rest = text.substring(number.end()).strip();
        boolean percent = rest.startsWith("%") || rest.startsWith("\\%");
        if (percent) {
            rest = rest.substring(rest.startsWith("%") ? 1 : 2).strip();
        }
        Double spread = null;
        Matcher spreadMatcher = SPREAD.matcher(rest);
        if (spreadMatcher.find()) {
            spread = Double.parseDouble(spreadMatcher.group(2));
            rest = rest.substring(spreadMatcher.end()).strip();
            if (rest.startsWith("%")) {
                percent = true;
                rest = rest.substring(1).strip();
            }
        }
        if (!rest.isEmpty() && !rest.matches("[()\\[\\]a-zA-Z×x ]{0,4}")) {
            return Optional.empty();
        }
        double value = Double.parseDouble(digits);
        if (!Double.isFinite(value) || spread != null && !Double.isFinite(spread)) {
            // hundreds of digits overflow to Infinity: not a number anything downstream can plot or compare
            return Optional.empty();
        }
        return Optional.of(new NumericCell(value, spread, digits, percent));
    }
}
