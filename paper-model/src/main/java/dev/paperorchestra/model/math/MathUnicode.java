package dev.paperorchestra.model.math;

import java.util.Map;

/**
 * TeX math as Unicode text, for places that cannot set math (chart legends and axis labels, notes, plain-text
 * comparisons): {@code \downarrow} is ↓, {@code \mathcal{L}_{IoU}} is 𝓛_IoU, {@code x^2} is x², {@code \alpha} is α.
 * The one mapping every such place uses. A command it does not know is kept as its name, so nothing is lost.
 */
public final class MathUnicode {

    private static final Map<String, String> SYMBOLS = Map.ofEntries(
            Map.entry("alpha", "α"), Map.entry("beta", "β"), Map.entry("gamma", "γ"), Map.entry("delta", "δ"),
            Map.entry("epsilon", "ε"), Map.entry("varepsilon", "ε"), Map.entry("zeta", "ζ"), Map.entry("eta", "η"),
            Map.entry("theta", "θ"), Map.entry("vartheta", "ϑ"), Map.entry("iota", "ι"), Map.entry("kappa", "κ"),
            Map.entry("lambda", "λ"), Map.entry("mu", "μ"), Map.entry("nu", "ν"), Map.entry("xi", "ξ"),
            Map.entry("pi", "π"), Map.entry("rho", "ρ"), Map.entry("sigma", "σ"), Map.entry("tau", "τ"),
            Map.entry("upsilon", "υ"), Map.entry("phi", "φ"), Map.entry("varphi", "φ"), Map.entry("chi", "χ"),
            Map.entry("psi", "ψ"), Map.entry("omega", "ω"), Map.entry("Gamma", "Γ"), Map.entry("Delta", "Δ"),
            Map.entry("Theta", "Θ"), Map.entry("Lambda", "Λ"), Map.entry("Xi", "Ξ"), Map.entry("Pi", "Π"),
            Map.entry("Sigma", "Σ"), Map.entry("Phi", "Φ"), Map.entry("Psi", "Ψ"), Map.entry("Omega", "Ω"),
            Map.entry("downarrow", "↓"), Map.entry("uparrow", "↑"), Map.entry("Downarrow", "⇓"),
            Map.entry("Uparrow", "⇑"), Map.entry("rightarrow", "→"), Map.entry("to", "→"), Map.entry("leftarrow", "←"),
            Map.entry("Rightarrow", "⇒"), Map.entry("leftrightarrow", "↔"), Map.entry("mapsto", "↦"),
            Map.entry("times", "×"), Map.entry("cdot", "·"), Map.entry("pm", "±"), Map.entry("mp", "∓"),
            Map.entry("div", "÷"), Map.entry("leq", "≤"), Map.entry("le", "≤"), Map.entry("geq", "≥"),
            Map.entry("ge", "≥"), Map.entry("neq", "≠"), Map.entry("ne", "≠"), Map.entry("approx", "≈"),
            Map.entry("sim", "∼"), Map.entry("simeq", "≃"), Map.entry("equiv", "≡"), Map.entry("propto", "∝"),
            Map.entry("infty", "∞"), Map.entry("partial", "∂"), Map.entry("nabla", "∇"), Map.entry("sum", "∑"),
            Map.entry("prod", "∏"), Map.entry("int", "∫"), Map.entry("in", "∈"), Map.entry("notin", "∉"),
            Map.entry("subset", "⊂"), Map.entry("subseteq", "⊆"), Map.entry("cup", "∪"), Map.entry("cap", "∩"),
            Map.entry("forall", "∀"), Map.entry("exists", "∃"), Map.entry("ell", "ℓ"), Map.entry("dagger", "†"),
            Map.entry("ddagger", "‡"), Map.entry("ast", "∗"), Map.entry("star", "⋆"), Map.entry("circ", "∘"),
            Map.entry("bullet", "•"), Map.entry("checkmark", "✓"), Map.entry("surd", "√"), Map.entry("ldots", "…"),
            Map.entry("cdots", "⋯"), Map.entry("dots", "…"), Map.entry("langle", "⟨"), Map.entry("rangle", "⟩"),
            Map.entry("lvert", "|"), Map.entry("rvert", "|"), Map.entry("vert", "|"), Map.entry("Vert", "‖"),
            Map.entry("mid", "|"), Map.entry("oplus", "⊕"), Map.entry("otimes", "⊗"), Map.entry("odot", "⊙"),
            Map.entry("top", "⊤"), Map.entry("perp", "⊥"), Map.entry("emptyset", "∅"), Map.entry("degree", "°"),
            Map.entry("%", "%"), Map.entry("#", "#"), Map.entry("&", "&"), Map.entry("_", "_"), Map.entry("{", "{"),
            Map.entry("}", "}"), Map.entry("$", "$"), Map.entry("prime", "′"), Map.entry("hbar", "ℏ"),
            Map.entry("log", "log"), Map.entry("exp", "exp"), Map.entry("max", "max"), Map.entry("min", "min"),
            Map.entry("arg", "arg"), Map.entry("sin", "sin"), Map.entry("cos", "cos"), Map.entry("tanh", "tanh"),
            Map.entry("lim", "lim"), Map.entry("sup", "sup"), Map.entry("inf", "inf"), Map.entry("det", "det"),
            Map.entry("Pr", "Pr"), Map.entry("ln", "ln"));
    /** Commands that print nothing in plain text (spacing, sizing, delimiters' size). */
    private static final java.util.Set<String> SILENT = java.util.Set.of("left", "right", "big", "Big", "bigg",
            "Bigg", "bigl", "bigr", "Bigl", "Bigr", "displaystyle", "textstyle", "scriptstyle", "limits", "nolimits",
            ",", ";", ":", "!", " ", "quad", "qquad", "mathrm", "text", "textrm", "mathit", "textit", "operatorname",
            "mathsf", "mathtt", "textnormal", "boldsymbol", "bm", "mathbf", "textbf", "hat", "bar", "tilde", "vec",
            "widehat", "widetilde", "overline", "underline", "dot", "ddot");
    private static final String SUBSCRIPTS = "0₀1₁2₂3₃4₄5₅6₆7₇8₈9₉+₊-₋=₌(₍)₎a\u2090e\u2091o\u2092x\u2093h\u2095"
            + "k\u2096l\u2097m\u2098n\u2099p\u209As\u209Bt\u209Ci\u1D62j\u2C7Cr\u1D63u\u1D64v\u1D65";
    private static final String SUPERSCRIPTS = "0⁰1¹2²3³4⁴5⁵6⁶7⁷8⁸9⁹+⁺-⁻=⁼(⁽)⁾n\u207Fi\u2071T\u1D40";

    private MathUnicode() {
    }

    /** The math (without its dollars) as Unicode text. */
    public static String of(String latex) {
        StringBuilder out = new StringBuilder(latex.length());
        new Reader(latex).read(out, Integer.MAX_VALUE);
        return out.toString().strip();
    }

    /** Reads TeX math left to right; each character is read once (braces are walked, never searched for). */
    private static final class Reader {
        private final String text;
        private int at;

        Reader(String text) {
            this.text = text;
        }

        /** Reads up to {@code atoms} atoms (a character, a command with its arguments, or a group). */
        void read(StringBuilder out, int atoms) {
            int read = 0;
            while (at < text.length() && read < atoms) {
                char c = text.charAt(at);
                if (c == '}') {
                    if (atoms != Integer.MAX_VALUE) {
                        return;
                    }
                    at++;
                    continue;
                }
                atom(out);
                read++;
            }
        }

        private void atom(StringBuilder out) {
            char c = text.charAt(at);
            switch (c) {
                case '\\' -> command(out);
                case '{' -> group(out);
                case '_', '^' -> script(out, c);
                case '~' -> {
                    out.append(' ');
                    at++;
                }
                default -> {
                    out.append(c);
                    at++;
                }
            }
        }

        private void group(StringBuilder out) {
            at++;
            while (at < text.length() && text.charAt(at) != '}') {
                atom(out);
            }
            if (at < text.length()) {
                at++;
            }
        }

        /** The next atom's text, read into its own buffer. */
        private String argument() {
            while (at < text.length() && text.charAt(at) == ' ') {
                at++;
            }
            StringBuilder argument = new StringBuilder();
            if (at < text.length()) {
                atom(argument);
            }
            return argument.toString();
        }

        private void script(StringBuilder out, char mark) {
            at++;
            String argument = argument();
            String table = mark == '_' ? SUBSCRIPTS : SUPERSCRIPTS;
            StringBuilder mapped = new StringBuilder();
            for (int i = 0; i < argument.length(); i++) {
                int index = table.indexOf(argument.charAt(i));
                if (index < 0 || index % 2 == 1 || argument.isEmpty()) {
                    mapped = null;
                    break;
                }
                mapped.append(table.charAt(index + 1));
            }
            if (mapped != null && !argument.isEmpty()) {
                out.append(mapped);
            } else {
                out.append(mark).append(argument);
            }
        }

        private void command(StringBuilder out) {
            int start = ++at;
            if (at < text.length() && Character.isLetter(text.charAt(at))) {
                while (at < text.length() && Character.isLetter(text.charAt(at))) {
                    at++;
                }
            } else if (at < text.length()) {
                at++;
            }
            String name = text.substring(start, at);
            switch (name) {
                case "mathcal", "mathscr" -> out.append(alphabet(argument(), 0x1D4D0, 0x1D4EA));
                case "mathbb" -> out.append(doubleStruck(argument()));
                case "mathbf", "boldsymbol", "bm" -> out.append(alphabet(argument(), 0x1D400, 0x1D41A));
                case "frac", "dfrac", "tfrac" -> {
                    String numerator = argument();
                    String denominator = argument();
                    out.append(wrap(numerator)).append('/').append(wrap(denominator));
                }
                case "sqrt" -> out.append('√').append(wrap(argument()));
                default -> {
                    String symbol = SYMBOLS.get(name);
                    if (symbol != null) {
                        out.append(symbol);
                    } else if (!SILENT.contains(name)) {
                        out.append(name);
                    }
                }
            }
        }

        private static String wrap(String part) {
            return part.length() <= 1 ? part : "(" + part + ")";
        }

        /** Latin letters in a mathematical alphabet; other characters as they are. */
        private static String alphabet(String letters, int upper, int lower) {
            StringBuilder out = new StringBuilder();
            letters.codePoints().forEach(c -> {
                if (c >= 'A' && c <= 'Z') {
                    out.appendCodePoint(upper + c - 'A');
                } else if (c >= 'a' && c <= 'z') {
                    out.appendCodePoint(lower + c - 'a');
                } else {
                    out.appendCodePoint(c);
                }
            });
            return out.toString();
        }

        private static String doubleStruck(String letters) {
            StringBuilder out = new StringBuilder();
            letters.codePoints().forEach(c -> {
                String special = switch (c) {
                    case 'C' -> "ℂ";
                    case 'H' -> "ℍ";
                    case 'N' -> "ℕ";
                    case 'P' -> "ℙ";
                    case 'Q' -> "ℚ";
                    case 'R' -> "ℝ";
                    case 'Z' -> "ℤ";
                    default -> null;
                };
                if (special != null) {
                    out.append(special);
                } else if (c >= 'A' && c <= 'Z') {
                    out.appendCodePoint(0x1D538 + c - 'A');
                } else {
                    out.appendCodePoint(c);
                }
            });
            return out.toString();
        }
    }
}
