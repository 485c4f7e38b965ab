package dev.paperorchestra.runtime.materials;

/** Plain text to LaTeX: special characters escaped, common symbols from the materials mapped. */
public final class LatexText {

    private LatexText() {
    }

    public static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\textbackslash{}");
                case '&', '%', '$', '#', '_', '{', '}' -> out.append('\\').append(c);
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
                default -> out.append(c < 128 || Character.isLetter(c) ? String.valueOf(c) : "");
            }
        }
        return out.toString();
    }
}
