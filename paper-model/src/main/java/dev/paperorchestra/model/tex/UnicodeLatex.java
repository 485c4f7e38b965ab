package dev.paperorchestra.model.tex;

import java.text.Normalizer;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Every Unicode character as something pdfLaTeX can set with the fonts every template has (OT1 or T1 Computer
 * Modern, no extra package): accented Latin letters as accent commands over their base letter, Greek and math
 * symbols as math commands wrapped in {@code \ensuremath} (so the result is right in text and in math), dashes,
 * quotes and spaces as their ASCII ligatures, mathematical alphanumerics and super/subscript forms as the
 * letters they are styled from. A character with no such form is written as its code point ({@code [U+1DB4]}),
 * visibly and without inventing a reading; symbols (emoji, dingbats) with no form and invisible characters are
 * dropped. Text for XeLaTeX or LuaLaTeX templates is left as it is: those engines read Unicode themselves.
 */
public final class UnicodeLatex {

    /** The TeX engine a template asks for. */
    public enum Engine {
        PDFLATEX, XELATEX, LUALATEX;

        private static final Pattern MAGIC = Pattern.compile("(?im)^\\s*%\\s*!\\s*TeX\\s+(?:TS-)?program\\s*=\\s*(\\w+)");
        private static final Pattern FONTSPEC = Pattern.compile(
                "\\\\(?:usepackage|RequirePackage)\\s*(?:\\[[^\\]]*])?\\s*\\{[^}]*\\b(?:fontspec|unicode-math|polyglossia)\\b");

        /**
         * The engine of a document: a {@code % !TEX program = ...} line first; else XeLaTeX when it loads
         * fontspec, unicode-math or polyglossia (which pdfLaTeX cannot run); else pdfLaTeX.
         */
        public static Engine of(String tex) {
            var magic = MAGIC.matcher(tex);
            if (magic.find()) {
                String program = magic.group(1).toLowerCase(Locale.ROOT);
                if (program.contains("lua")) {
                    return LUALATEX;
                }
                if (program.contains("xe")) {
                    return XELATEX;
                }
                return PDFLATEX;
            }
            return FONTSPEC.matcher(tex).find() ? XELATEX : PDFLATEX;
        }
    }

    private static final Map<Integer, String> FORMS = new HashMap<>();
    private static final Map<Integer, String> ACCENTS = new HashMap<>();

    static {
        // Greek: the letters with their own math command, the rest as the Latin capital they look like
        String[][] greek = {
                {"α", "\\alpha"}, {"β", "\\beta"}, {"γ", "\\gamma"}, {"δ", "\\delta"}, {"ε", "\\varepsilon"},
                {"ζ", "\\zeta"}, {"η", "\\eta"}, {"θ", "\\theta"}, {"ι", "\\iota"}, {"κ", "\\kappa"},
                {"λ", "\\lambda"}, {"μ", "\\mu"}, {"µ", "\\mu"}, {"ν", "\\nu"}, {"ξ", "\\xi"}, {"ο", "o"},
                {"π", "\\pi"}, {"ρ", "\\rho"}, {"ς", "\\varsigma"}, {"σ", "\\sigma"}, {"τ", "\\tau"},
                {"υ", "\\upsilon"}, {"φ", "\\varphi"}, {"χ", "\\chi"}, {"ψ", "\\psi"}, {"ω", "\\omega"},
                {"Γ", "\\Gamma"}, {"Δ", "\\Delta"}, {"Θ", "\\Theta"}, {"Λ", "\\Lambda"}, {"Ξ", "\\Xi"},
                {"Π", "\\Pi"}, {"Σ", "\\Sigma"}, {"Υ", "\\Upsilon"}, {"Φ", "\\Phi"}, {"Ψ", "\\Psi"},
                {"Ω", "\\Omega"}, {"Ω", "\\Omega"}, {"ϐ", "\\beta"}, {"ϑ", "\\vartheta"}, {"ϒ", "\\Upsilon"},
                {"ϕ", "\\phi"}, {"ϖ", "\\varpi"}, {"ϰ", "\\kappa"}, {"ϱ", "\\varrho"}, {"ϵ", "\\epsilon"},
                {"ϴ", "\\Theta"}, {"∂", "\\partial"}, {"∇", "\\nabla"}};
        for (String[] letter : greek) {
            FORMS.put(letter[0].codePointAt(0), math(letter[1]));
        }
        String latinLookalikes = "ΑAΒBΕEΖZΗHΙIΚKΜMΝNΟOΡPΤTΧXϜFϝF";
        for (int i = 0; i < latinLookalikes.length(); i += 2) {
            FORMS.put((int) latinLookalikes.charAt(i), String.valueOf(latinLookalikes.charAt(i + 1)));
        }
        String[][] math = {
                {"±", "\\pm"}, {"∓", "\\mp"}, {"×", "\\times"}, {"÷", "\\div"}, {"·", "\\cdot"}, {"⋅", "\\cdot"},
                {"∘", "\\circ"}, {"•", "\\bullet"}, {"∙", "\\bullet"}, {"°", "^\\circ"}, {"′", "'"}, {"″", "''"},
                {"≤", "\\leq"}, {"≥", "\\geq"}, {"≦", "\\leq"}, {"≧", "\\geq"}, {"≠", "\\neq"}, {"≈", "\\approx"},
                {"≃", "\\simeq"}, {"≅", "\\cong"}, {"≡", "\\equiv"}, {"∼", "\\sim"}, {"∝", "\\propto"},
                {"≪", "\\ll"}, {"≫", "\\gg"}, {"∞", "\\infty"}, {"∈", "\\in"}, {"∉", "\\notin"}, {"∋", "\\ni"},
                {"⊂", "\\subset"}, {"⊃", "\\supset"}, {"⊆", "\\subseteq"}, {"⊇", "\\supseteq"}, {"∪", "\\cup"},
                {"∩", "\\cap"}, {"∅", "\\emptyset"}, {"∀", "\\forall"}, {"∃", "\\exists"}, {"¬", "\\neg"},
                {"∧", "\\wedge"}, {"∨", "\\vee"}, {"⊕", "\\oplus"}, {"⊗", "\\otimes"}, {"⊙", "\\odot"},
                {"∑", "\\sum"}, {"∏", "\\prod"}, {"∫", "\\int"}, {"√", "\\surd"}, {"∗", "\\ast"},
                {"⊥", "\\perp"}, {"∥", "\\parallel"}, {"∠", "\\angle"}, {"△", "\\triangle"},
                {"←", "\\leftarrow"}, {"→", "\\rightarrow"}, {"↑", "\\uparrow"}, {"↓", "\\downarrow"},
                {"↔", "\\leftrightarrow"}, {"⇐", "\\Leftarrow"}, {"⇒", "\\Rightarrow"}, {"⇔", "\\Leftrightarrow"},
                {"↦", "\\mapsto"}, {"⟶", "\\longrightarrow"}, {"⟵", "\\longleftarrow"}, {"†", "^\\dagger"},
                {"‡", "^\\ddagger"}, {"✓", "\\surd"}, {"✔", "\\surd"}, {"✗", "\\times"}, {"✘", "\\times"},
                {"ℓ", "\\ell"}, {"ℏ", "\\hbar"}, {"ℵ", "\\aleph"}, {"℘", "\\wp"}, {"ℜ", "\\Re"}, {"ℑ", "\\Im"},
                {"ℝ", "\\mathbf{R}"}, {"ℕ", "\\mathbf{N}"}, {"ℤ", "\\mathbf{Z}"}, {"ℚ", "\\mathbf{Q}"},
                {"ℂ", "\\mathbf{C}"}, {"℃", "^\\circ\\mathrm{C}"}, {"℉", "^\\circ\\mathrm{F}"},
                {"⟨", "\\langle"}, {"⟩", "\\rangle"}, {"⌈", "\\lceil"}, {"⌉", "\\rceil"}, {"⌊", "\\lfloor"},
                {"⌋", "\\rfloor"}, {"‖", "\\|"}, {"∣", "|"}, {"…", "\\ldots"}, {"⋯", "\\cdots"}, {"⋮", "\\vdots"}};
        for (String[] symbol : math) {
            FORMS.put(symbol[0].codePointAt(0), math(symbol[1]));
        }
        String[][] text = {
                {"‐", "-"}, {"‑", "-"}, {"‒", "--"}, {"–", "--"}, {"—", "---"}, {"―", "---"}, {"−", "-"},
                {"‘", "`"}, {"’", "'"}, {"‚", ","}, {"‛", "`"}, {"“", "``"}, {"”", "''"}, {"„", ",,"},
                {"‟", "``"}, {"«", "``"}, {"»", "''"}, {"‹", "`"}, {"›", "'"}, {"ß", "{\\ss}"}, {"æ", "{\\ae}"},
                {"Æ", "{\\AE}"}, {"œ", "{\\oe}"}, {"Œ", "{\\OE}"}, {"ø", "{\\o}"}, {"Ø", "{\\O}"}, {"ł", "{\\l}"},
                {"Ł", "{\\L}"}, {"ı", "{\\i}"}, {"ȷ", "{\\j}"}, {"đ", "d"}, {"Đ", "D"}, {"ð", "d"}, {"Ð", "D"},
                {"þ", "th"}, {"Þ", "Th"}, {"ŋ", "ng"}, {"Ŋ", "Ng"}, {"ħ", "h"}, {"Ħ", "H"}, {"ĸ", "q"},
                {"§", "{\\S}"}, {"¶", "{\\P}"}, {"©", "{\\textcopyright}"}, {"®", "{\\textregistered}"},
                {"™", "{\\texttrademark}"}, {"£", "{\\pounds}"}, {"€", "EUR"}, {"¥", "JPY"}, {"¢", "c"},
                {"‰", "\\ensuremath{^0\\!/_{00}}"}, {"¡", "{!`}"}, {"¿", "{?`}"}, {"ª", "\\textsuperscript{a}"},
                {"º", "\\textsuperscript{o}"}, {"¹", "\\ensuremath{^1}"}, {"²", "\\ensuremath{^2}"},
                {"³", "\\ensuremath{^3}"}, {"¼", "\\ensuremath{\\frac14}"}, {"½", "\\ensuremath{\\frac12}"},
                {"¾", "\\ensuremath{\\frac34}"}, {"\u00a0", "~"}, {"\u2009", "\\,"}, {"\u202f", "\\,"},
                {"\u200a", "\\,"}, {"Å", "{\\AA}"}, {"å", "{\\aa}"}, {"Å", "{\\AA}"}};
        for (String[] form : text) {
            FORMS.put(form[0].codePointAt(0), form[1]);
        }
        // combining marks as the accent commands of LaTeX's kernel that OT1 has too (the ogonek is T1-only: left out)
        int[][] accents = {{0x300, '`'}, {0x301, '\''}, {0x302, '^'}, {0x303, '~'}, {0x304, '='}, {0x306, 'u'},
                {0x307, '.'}, {0x308, '"'}, {0x30A, 'r'}, {0x30B, 'H'}, {0x30C, 'v'}, {0x323, 'd'}, {0x327, 'c'},
                {0x331, 'b'}, {0x332, 'b'}};
        for (int[] accent : accents) {
            ACCENTS.put(accent[0], String.valueOf((char) accent[1]));
        }
    }

    private UnicodeLatex() {
    }

    private static String math(String command) {
        return "\\ensuremath{" + command + "}";
    }

    /**
     * The document as its engine can set it: for pdfLaTeX every non-ASCII character replaced by its form here;
     * for XeLaTeX and LuaLaTeX unchanged.
     */
    public static String typesettable(String tex) {
        // model-written LaTeX carries materials text the model copied: its control characters go as in LatexText
        String clean = LatexText.withoutControls(tex);
        return Engine.of(clean) == Engine.PDFLATEX ? ascii(clean) : clean;
    }

    /** Every non-ASCII character of the text replaced by its pdfLaTeX form; ASCII is left exactly as it is. */
    public static String ascii(String text) {
        if (text.chars().allMatch(c -> c < 128)) {
            return text;
        }
        String composed = Normalizer.normalize(text, Normalizer.Form.NFC);
        StringBuilder out = new StringBuilder(composed.length() + 32);
        int i = 0;
        while (i < composed.length()) {
            int cp = composed.codePointAt(i);
            i += Character.charCount(cp);
            if (cp < 128) {
                int end = marksEnd(composed, i);
                out.append(withAccents(String.valueOf((char) cp), cp, composed.substring(i, end)));
                i = end;
            } else if (isMark(cp)) {
                // a mark with nothing before it to sit on (or on a character already replaced): dropped
                continue;
            } else {
                out.append(form(cp));
            }
        }
        return out.toString();
    }

    /** The pdfLaTeX form of one non-ASCII character ({@code ""} for one that is dropped). */
    public static String form(int cp) {
        String known = FORMS.get(cp);
        if (known != null) {
            return known;
        }
        int type = Character.getType(cp);
        if (Character.isWhitespace(cp) || Character.isSpaceChar(cp)) {
            return " ";
        }
        if (type == Character.FORMAT || type == Character.CONTROL || type == Character.PRIVATE_USE
                || type == Character.SURROGATE || type == Character.UNASSIGNED || isMark(cp)) {
            return "";
        }
        String decomposed = Normalizer.normalize(new String(Character.toChars(cp)), Normalizer.Form.NFD);
        if (decomposed.codePointAt(0) < 128 && decomposed.codePointCount(0, decomposed.length()) > 1) {
            int base = decomposed.codePointAt(0);
            return withAccents(String.valueOf((char) base), base, decomposed.substring(1));
        }
        if (!decomposed.equals(new String(Character.toChars(cp)))) {
            // a Greek letter with tonos or dialytika: the letter, its accent left out
            String base = FORMS.get(decomposed.codePointAt(0));
            if (base != null) {
                return base;
            }
        }
        String compatible = Normalizer.normalize(new String(Character.toChars(cp)), Normalizer.Form.NFKD);
        if (!compatible.equals(new String(Character.toChars(cp)))) {
            String plain = plainForm(compatible);
            if (!plain.isEmpty()) {
                String name = String.valueOf(Character.getName(cp));
                if (name.contains("SUPERSCRIPT") || name.startsWith("MODIFIER LETTER")) {
                    return "\\textsuperscript{" + plain + "}";
                }
                if (name.contains("SUBSCRIPT")) {
                    return "\\textsubscript{" + plain + "}";
                }
                return plain;
            }
        }
        if (type == Character.OTHER_SYMBOL || type == Character.MODIFIER_SYMBOL) {
            return "";
        }
        return String.format(Locale.ROOT, "[U+%04X]", cp);
    }

    /**
     * A compatibility decomposition as plain letters, digits and known forms, its marks left out; empty when any
     * part has no such form or would mean something to TeX (a fullwidth brace is not a brace).
     */
    private static String plainForm(String compatible) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < compatible.length(); ) {
            int cp = compatible.codePointAt(i);
            i += Character.charCount(cp);
            if (cp < 128) {
                if ("\\{}$&#^_%~".indexOf(cp) >= 0) {
                    return "";
                }
                out.append((char) cp);
            } else if (!isMark(cp)) {
                String known = FORMS.get(cp);
                if (known == null) {
                    return "";
                }
                out.append(known);
            }
        }
        return out.toString();
    }

    private static String withAccents(String base, int baseCp, String marks) {
        String out = switch (baseCp) {
            case 'i' -> marks.isEmpty() ? "i" : "\\i";
            case 'j' -> marks.isEmpty() ? "j" : "\\j";
            default -> base;
        };
        if (marks.isEmpty() || !Character.isLetter(baseCp)) {
            return out;
        }
        // one accent: LaTeX's accent commands do not stack over a dotless i, and a second mark is rare
        for (int j = 0; j < marks.length(); ) {
            int mark = marks.codePointAt(j);
            j += Character.charCount(mark);
            String accent = ACCENTS.get(mark);
            if (accent != null) {
                return "{\\" + accent + (Character.isLetter(accent.charAt(0)) ? " " : "") + "{" + out + "}}";
            }
        }
        return base;
    }

    private static int marksEnd(String text, int from) {
        int end = from;
        while (end < text.length() && isMark(text.codePointAt(end))) {
            end += Character.charCount(text.codePointAt(end));
        }
        return end;
    }

    private static boolean isMark(int cp) {
        int type = Character.getType(cp);
        return type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK
                || type == Character.COMBINING_SPACING_MARK;
    }
}
