package dev.paperorchestra.model.tex;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Math from the materials ({@code $...$} in the idea or the log) as LaTeX, but only when it is made of a
 * whitelist of math commands and symbols: Greek letters, operators, relations, arrows, fonts and accents,
 * delimiters and spacing, with balanced braces. Anything else (a primitive such as {@code \pdfobj} or
 * {@code \input}, {@code ^^} character codes, unknown commands) makes the whole formula plain text, escaped.
 */
public final class LatexMath {

    private static final Set<String> COMMANDS = Set.of(
            // Greek
            "alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta", "vartheta", "iota",
            "kappa", "lambda", "mu", "nu", "xi", "pi", "varpi", "rho", "varrho", "sigma", "varsigma", "tau",
            "upsilon", "phi", "varphi", "chi", "psi", "omega", "Gamma", "Delta", "Theta", "Lambda", "Xi", "Pi",
            "Sigma", "Upsilon", "Phi", "Psi", "Omega",
            // operators and functions
            "frac", "dfrac", "tfrac", "sqrt", "cdot", "times", "div", "pm", "mp", "ast", "star", "circ", "bullet",
            "oplus", "otimes", "odot", "sum", "prod", "int", "iint", "oint", "lim", "limsup", "liminf", "max", "min",
            "sup", "inf", "arg", "log", "ln", "exp", "sin", "cos", "tan", "tanh", "det", "dim", "ker", "Pr", "mod",
            "bmod", "pmod", "operatorname", "partial", "nabla", "infty", "ell", "hbar", "prime", "top", "intercal",
            "emptyset", "varnothing", "forall", "exists", "neg", "lnot", "land", "lor", "cup", "cap", "setminus",
            "in", "notin", "ni", "subset", "subseteq", "supset", "supseteq", "mid", "parallel", "perp",
            // relations and arrows
            "leq", "le", "geq", "ge", "neq", "ne", "approx", "sim", "simeq", "cong", "equiv", "propto", "ll", "gg",
            "to", "rightarrow", "leftarrow", "leftrightarrow", "Rightarrow", "Leftarrow", "Leftrightarrow",
            "mapsto", "uparrow", "downarrow", "implies", "iff",
            // fonts, accents, text
            "mathbf", "mathrm", "mathit", "mathcal", "mathbb", "mathsf", "mathtt", "boldsymbol", "text", "textrm",
            "textit", "textbf", "hat", "bar", "tilde", "vec", "dot", "ddot", "overline", "underline", "widehat",
            "widetilde",
            // delimiters, dots, spacing
            "left", "right", "big", "Big", "bigg", "Bigg", "langle", "rangle", "lfloor", "rfloor", "lceil", "rceil",
            "lvert", "rvert", "lVert", "rVert", "vert", "Vert", "ldots", "cdots", "vdots", "ddots", "dots", "quad",
            "qquad");
    /** Control symbols ({@code \,} and friends) that only space or print a character. */
    private static final String SYMBOLS = ",;:! {}|%#&_$";
    private static final Map<Character, String> UNICODE = Map.ofEntries(
            Map.entry('α', "\\alpha"), Map.entry('β', "\\beta"), Map.entry('γ', "\\gamma"), Map.entry('δ', "\\delta"),
            Map.entry('ε', "\\epsilon"), Map.entry('θ', "\\theta"), Map.entry('λ', "\\lambda"), Map.entry('μ', "\\mu"),
            Map.entry('π', "\\pi"), Map.entry('σ', "\\sigma"), Map.entry('τ', "\\tau"), Map.entry('φ', "\\phi"),
            Map.entry('ω', "\\omega"), Map.entry('Δ', "\\Delta"), Map.entry('Σ', "\\Sigma"), Map.entry('×', "\\times"),
            Map.entry('±', "\\pm"), Map.entry('≤', "\\leq"), Map.entry('≥', "\\geq"), Map.entry('≈', "\\approx"),
            Map.entry('→', "\\rightarrow"), Map.entry('·', "\\cdot"), Map.entry('∞', "\\infty"),
            Map.entry('−', "-"));

    private LatexMath() {
    }

    /** The formula's LaTeX (without the dollars) when every part of it is allowed; empty otherwise. */
    public static Optional<String> whitelisted(String rawFormula) {
        // control characters are never part of the formula TeX sees (see LatexText#withoutControls)
        String formula = LatexText.withoutControls(rawFormula);
        StringBuilder out = new StringBuilder(formula.length());
        int depth = 0;
        for (int i = 0; i < formula.length(); i++) {
            char c = formula.charAt(i);
            if (c == '\\') {
                int end = i + 1;
                while (end < formula.length() && Character.isLetter(formula.charAt(end))) {
                    end++;
                }
                if (end == i + 1) {
                    if (end >= formula.length() || SYMBOLS.indexOf(formula.charAt(end)) < 0) {
                        return Optional.empty();
                    }
                    end++;
                } else if (!COMMANDS.contains(formula.substring(i + 1, end))) {
                    return Optional.empty();
                }
                out.append(formula, i, end);
                i = end - 1;
            } else if (c == '{' || c == '}') {
                depth += c == '{' ? 1 : -1;
                if (depth < 0) {
                    return Optional.empty();
                }
                out.append(c);
            } else if (c == '^' && i + 1 < formula.length() && formula.charAt(i + 1) == '^') {
                return Optional.empty();
            } else if (c == '%' || c == '#' || c == '&' || c == '~' || c == '$') {
                return Optional.empty();
            } else if (c < 128) {
                out.append(c);
            } else if (UNICODE.containsKey(c)) {
                out.append(UNICODE.get(c)).append(' ');
            } else {
                return Optional.empty();
            }
        }
        return depth == 0 ? Optional.of(out.toString()) : Optional.empty();
    }
}
