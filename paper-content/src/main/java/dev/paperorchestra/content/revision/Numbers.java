package dev.paperorchestra.content.revision;

import dev.paperorchestra.model.tex.TexDocument;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The numbers a text states, compared by value as written ({@code 0.330} is {@code 0.33}, {@code 1,024} is
 * {@code 1024}). Names with digits (A100, bf16) are not numbers; neither are the arguments of {@code \label},
 * {@code \ref}, {@code \cite}, a tabular's column spec, nor lengths ({@code 0.5\linewidth}, {@code 3pt}).
 */
final class Numbers {

    private static final Pattern NUMBER = Pattern.compile(
            "(?<![\\p{L}\\d.,_])(\\d{1,3}(?:,\\d{3})+|\\d+)(\\.\\d+)?(?![\\p{L}\\d_]|[.,]\\d)");
    private static final Pattern LENGTH = Pattern.compile(
            "\\d*\\.?\\d+\\s*(?:\\\\(?:linewidth|textwidth|columnwidth|textheight|baselineskip)|pt|em|ex|cm|mm|in)\\b");

    private Numbers() {
    }

    /** Every number of the text as written, in order (LaTeX arguments and lengths left out). */
    static List<String> stated(String text) {
        // what a reader sees (TexDocument): the arguments of \\label, \\ref, \\cite, \\includegraphics, spacing and
        // the column settings of \\multicolumn go with their commands
        String plain = TexDocument.plainText(LENGTH.matcher(text).replaceAll(" "));
        List<String> numbers = new ArrayList<>();
        Matcher matcher = NUMBER.matcher(plain);
        while (matcher.find()) {
            numbers.add(matcher.group());
        }
        return numbers;
    }

    /** The values of every number of the text, LaTeX arguments included (a materials file is not LaTeX). */
    static Set<BigDecimal> values(String text) {
        Set<BigDecimal> values = new HashSet<>();
        Matcher matcher = NUMBER.matcher(text);
        while (matcher.find()) {
            values.add(value(matcher.group()));
        }
        return values;
    }

    static BigDecimal value(String number) {
        BigDecimal value = new BigDecimal(number.replace(",", "")).stripTrailingZeros();
        return value.scale() < 0 ? value.setScale(0) : value;
    }
}
