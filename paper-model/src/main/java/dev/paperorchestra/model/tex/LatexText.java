package dev.paperorchestra.model.tex;

import java.text.Normalizer;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The one path by which text from the materials reaches LaTeX. Special characters are escaped and common
 * symbols mapped ({@link #escape}); Greek letters and a few symbols become math pdfLaTeX can set and
 * {@code < > |} are protected ({@link #text}); markdown emphasis, code spans and links are converted and
 * {@code $math$} is kept only when {@link LatexMath} allows every part of it ({@link #markdown}). Nothing from
 * the materials reaches TeX as a command it did not pass through here; digits are never touched.
 */
public final class LatexText {

    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    private static final Pattern MATH = Pattern.compile("(?<!\\\\)\\$(?![\\s$])([^$]+?)(?<![\\s\\\\])\\$(?!\\d)");
    private static final Pattern BOLD = Pattern.compile("\\*\\*(?!\\s)(.+?)(?<!\\s)\\*\\*");
    private static final Pattern LINK = Pattern.compile("\\[([^\\]]+)]\\([^)]*\\)");
    private static final Pattern ITALIC = Pattern.compile("(?<![\\w*\\\\])\\*(?![\\s*])([^*]+?)(?<!\\s)\\*(?![\\w*])");
    private static final List<Pattern> INLINE = List.of(CODE, MATH, BOLD, LINK, ITALIC);

    private static final Map<Character, String> SYMBOLS = Map.ofEntries(
            Map.entry('α', "$\\alpha$"), Map.entry('β', "$\\beta$"), Map.entry('γ', "$\\gamma$"),
            Map.entry('δ', "$\\delta$"), Map.entry('ε', "$\\epsilon$"), Map.entry('ζ', "$\\zeta$"),
            Map.entry('η', "$\\eta$"), Map.entry('θ', "$\\theta$"), Map.entry('ι', "$\\iota$"),
            Map.entry('κ', "$\\kappa$"), Map.entry('λ', "$\\lambda$"), Map.entry('μ', "$\\mu$"),
            Map.entry('µ', "$\\mu$"), Map.entry('ν', "$\\nu$"), Map.entry('ξ', "$\\xi$"), Map.entry('π', "$\\pi$"),
            Map.entry('ρ', "$\\rho$"), Map.entry('σ', "$\\sigma$"), Map.entry('τ', "$\\tau$"),
            Map.entry('υ', "$\\upsilon$"), Map.entry('φ', "$\\phi$"), Map.entry('χ', "$\\chi$"),
            Map.entry('ψ', "$\\psi$"), Map.entry('ω', "$\\omega$"), Map.entry('Γ', "$\\Gamma$"),
            Map.entry('Δ', "$\\Delta$"), Map.entry('Θ', "$\\Theta$"), Map.entry('Λ', "$\\Lambda$"),
            Map.entry('Ξ', "$\\Xi$"), Map.entry('Π', "$\\Pi$"), Map.entry('Σ', "$\\Sigma$"),
            Map.entry('Φ', "$\\Phi$"), Map.entry('Ψ', "$\\Psi$"), Map.entry('Ω', "$\\Omega$"),
            Map.entry('<', "$<$"), Map.entry('>', "$>$"), Map.entry('|', "$|$"), Map.entry('°', "$^\\circ$"),
            Map.entry('·', "$\\cdot$"), Map.entry('∼', "$\\sim$"), Map.entry('≠', "$\\neq$"),
            Map.entry('∞', "$\\infty$"), Map.entry('✓', "$\\surd$"), Map.entry('✔', "$\\surd$"),
            Map.entry('✗', "$\\times$"), Map.entry('✘', "$\\times$"), Map.entry('…', "\\ldots{}"),
            Map.entry('\u00a0', "~"));

    private LatexText() {
    }

    /**
     * Character by character: special characters escaped, common symbols mapped, and every other non-ASCII
     * character as its {@link UnicodeLatex} form, so that any text compiles with pdfLaTeX.
     */
    public static String escape(String text) {
        String composed = Normalizer.normalize(withoutControls(text), Normalizer.Form.NFC);
        StringBuilder out = new StringBuilder(composed.length() + 16);
        composed.codePoints().forEach(c -> {
            switch (c) {
                case '\\' -> out.append("\\textbackslash{}");
                case '&', '%', '$', '#', '_', '{', '}' -> out.append('\\').append((char) c);
                case '~' -> out.append("\\textasciitilde{}");
                case '^' -> out.append("\\textasciicircum{}");
                case '±' -> out.append("$\\pm$");
                case '×' -> out.append("$\\times$");
                case '↑' -> out.append("$\\uparrow$");
                case '↓' -> out.append("$\\downarrow$");
                case '→' -> out.append("$\\rightarrow$");
                case '≤' -> out.append("$\\leq$");
                case '≥' -> out.append("$\\geq$");
                case '≈' -> out.append("$\\approx$");
                case '†' -> out.append("$^\\dagger$");
                case '‡' -> out.append("$^\\ddagger$");
                case '−' -> out.append('-');
                case '–' -> out.append("--");
                case '—' -> out.append("---");
                case '“', '”' -> out.append('"');
                case '’' -> out.append('\'');
                default -> out.append(c < 128 ? String.valueOf((char) c) : UnicodeLatex.form(c));
            }
        });
        return out.toString();
    }

    /** Plain text: every character that means something to LaTeX is escaped. */
    public static String text(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        Normalizer.normalize(withoutControls(text), Normalizer.Form.NFC).codePoints().forEach(c -> {
            String symbol = c <= Character.MAX_VALUE ? SYMBOLS.get((char) c) : null;
            out.append(symbol != null ? symbol : escape(Character.toString(c)));
        });
        return out.toString();
    }

    /**
     * Markdown inline text: {@code **bold**}, {@code *italic*}, {@code `code`} and {@code [text](url)} are
     * converted, {@code $math$} is kept when {@link LatexMath} allows all of it (else escaped as text), everything
     * else is escaped as {@link #text}.
     */
    public static String markdown(String markdown) {
        return convert(withoutControls(markdown).replace("\\|", "|"));
    }

    /**
     * The text with nothing TeX would read as a control: a tab becomes a space, CR LF and a lone CR a newline;
     * every other C0 control, DEL, the C1 controls, the Unicode line and paragraph separators (a space: they
     * sit inside captions and titles, where a paragraph break would end the argument), lone surrogates,
     * noncharacters ({@code U+FDD0-FDEF}, {@code U+xFFFE/xFFFF}) and the bidirectional embeddings, overrides
     * and isolates ({@code U+202A-202E}, {@code U+2066-2069}: dropped, since they can make the source read
     * differently from what is set) are dropped. Applied by every entry point of this class and by
     * {@link LatexMath#whitelisted}, before anything else looks at the text; C0 control characters like
     * {@code U+001C} otherwise reach TeX as they are and break the compile.
     */
    public static String withoutControls(String text) {
        StringBuilder out = null;
        int length = text.length();
        for (int i = 0; i < length; ) {
            int c = text.codePointAt(i);
            int next = i + Character.charCount(c);
            String replacement = controlReplacement(c, next < length ? text.charAt(next) : 0);
            if (replacement != null && out == null) {
                out = new StringBuilder(length).append(text, 0, i);
            }
            if (out != null) {
                if (replacement != null) {
                    out.append(replacement);
                } else {
                    out.appendCodePoint(c);
                }
            }
            i = next;
        }
        return out == null ? text : out.toString();
    }

    /** What a code point becomes, or null when it stays as it is. */
    private static @Nullable String controlReplacement(int c, int following) {
        if (c == '\n') {
            return null;
        }
        if (c == '\t' || c == '\u2028' || c == '\u2029') {
            return " ";
        }
        if (c == '\r') {
            // CR LF is one newline: the LF that follows stays
            return following == '\n' ? "" : "\n";
        }
        boolean control = c < 0x20 || c >= 0x7f && c <= 0x9f;
        boolean surrogate = c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE;
        boolean nonCharacter = c >= 0xfdd0 && c <= 0xfdef || (c & 0xfffe) == 0xfffe;
        boolean bidi = c >= 0x202a && c <= 0x202e || c >= 0x2066 && c <= 0x2069;
        return control || surrogate || nonCharacter || bidi ? "" : null;
    }

    /** True when the text holds inline math that {@link #markdown} keeps as LaTeX math. */
    public static boolean hasMath(String markdown) {
        return MATH.matcher(markdown).find();
    }

    private static String convert(String text) {
        Matcher first = null;
        for (Pattern pattern : INLINE) {
            Matcher matcher = pattern.matcher(text);
            if (matcher.find() && (first == null || matcher.start() < first.start())) {
                first = matcher;
            }
        }
        if (first == null) {
            return text(text);
        }
        String inner = first.group(1);
        Pattern kind = first.pattern();
        String rendered;
        if (kind == CODE) {
            rendered = "\\texttt{" + text(inner) + "}";
        } else if (kind == MATH) {
            rendered = LatexMath.whitelisted(inner).map(math -> "$" + math + "$")
                    .orElseGet(() -> text("$" + inner + "$"));
        } else if (kind == BOLD) {
            rendered = "\\textbf{" + convert(inner) + "}";
        } else if (kind == ITALIC) {
            rendered = "\\textit{" + convert(inner) + "}";
        } else {
            rendered = convert(inner);
        }
        return text(text.substring(0, first.start())) + rendered + convert(text.substring(first.end()));
    }
}
