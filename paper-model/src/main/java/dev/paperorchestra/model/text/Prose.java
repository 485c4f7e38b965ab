package dev.paperorchestra.model.text;

import dev.paperorchestra.model.tex.TexDocument;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Running text as readers count it: the one sentence splitter and the one word count every module uses, on plain
 * text (use {@link TexDocument#plainText} or the Markdown model's plain text first). Both are linear in the
 * length of the text.
 */
public final class Prose {

    /** Words after which a full stop does not end a sentence ("et al. show", "Fig. 3", "e.g. this"). */
    private static final Set<String> ABBREVIATIONS = Set.of("al", "e.g", "i.e", "etc", "cf", "vs", "fig", "figs",
            "eq", "eqs", "sec", "secs", "sect", "tab", "ref", "refs", "no", "nos", "dr", "mr", "mrs", "ms", "prof",
            "approx", "resp", "ch", "app", "vol", "pp", "p", "ed", "eds", "et", "viz", "st", "jr", "sr", "inc",
            "ltd", "co", "corp", "dept", "univ", "est", "min", "max", "avg", "std", "var", "incl", "excl", "thm",
            "lem", "def", "prop", "cor", "alg", "c.f", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept",
            "oct", "nov", "dec", "mon", "tue", "wed", "thu", "fri", "sat", "sun");

    private Prose() {
    }

    /**
     * The sentences of a text, in order, each stripped. A sentence ends at {@code .}, {@code !} or {@code ?}
     * (with any closing quote or bracket after it) followed by a space and then a capital letter, a digit, a
     * quote or a bracket; not after a known abbreviation, a single capital letter (an initial) or inside a
     * number. A blank line always ends a sentence.
     */
    public static List<String> sentences(String text) {
        List<String> sentences = new ArrayList<>();
        int length = text.length();
        int start = 0;
        int i = 0;
        while (i < length) {
            char c = text.charAt(i);
            if (c == '\n' && LineMap.blankLineAfter(text, i)) {
                add(sentences, text, start, i);
                start = i;
                i = skipBlank(text, i);
                continue;
            }
            if (c == '.' || c == '!' || c == '?') {
                int end = i + 1;
                while (end < length && isCloser(text.charAt(end))) {
                    end++;
                }
                if (end < length && Character.isWhitespace(text.charAt(end)) && startsSentence(text, end)
                        && (c != '.' || !abbreviationBefore(text, i))) {
                    add(sentences, text, start, end);
                    start = end;
                    i = end;
                    continue;
                }
            }
            i++;
        }
        add(sentences, text, start, length);
        return sentences;
    }

    /** The number of words: whitespace-separated runs that hold a letter or a digit. */
    public static int wordCount(String text) {
        int count = 0;
        boolean inWord = false;
        boolean counted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                inWord = false;
                counted = false;
            } else {
                inWord = true;
                if (!counted && Character.isLetterOrDigit(c)) {
                    count++;
                    counted = true;
                }
            }
        }
        return inWord || count > 0 ? count : 0;
    }

    /** The words of a text in order: whitespace-separated runs that hold a letter or a digit, as written. */
    public static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        for (String run : text.split("\\s+")) {
            if (run.chars().anyMatch(Character::isLetterOrDigit)) {
                words.add(run);
            }
        }
        return words;
    }

    /**
     * The words a title or label shows, without LaTeX commands or Markdown decorations ({@code **Method**},
     * {@code \textbf{Method}}, {@code ## Method}), spaces collapsed.
     */
    public static String plainWords(String text) {
        String plain = text.indexOf('\\') >= 0 || text.indexOf('{') >= 0 ? TexDocument.plainText(text) : text;
        StringBuilder out = new StringBuilder(plain.length());
        boolean space = false;
        for (int i = 0; i < plain.length(); i++) {
            char c = plain.charAt(i);
            if (c == '*' || c == '`' || c == '#' || c == '_' && (i == 0 || i + 1 == plain.length()
                    || !Character.isLetterOrDigit(plain.charAt(i - 1)) || !Character.isLetterOrDigit(plain.charAt(i + 1)))) {
                continue;
            }
            if (Character.isWhitespace(c)) {
                space = !out.isEmpty();
                continue;
            }
            if (space) {
                out.append(' ');
                space = false;
            }
            out.append(c);
        }
        return out.toString();
    }

    /**
     * Whether a text names a phrase as whole words, case and spacing ignored ("an Ethics Statement" names "ethics
     * statement"; "ethical" does not name "ethic"). Linear in the text.
     */
    public static boolean mentions(String text, String phrase) {
        return mentionAt(text, phrase, 0) >= 0;
    }

    /** Where a text first names a phrase as whole words from an offset of its normalised form, or -1. */
    public static int mentionAt(String text, String phrase, int from) {
        String haystack = " " + normalised(text) + " ";
        String needle = " " + normalised(phrase) + " ";
        return needle.isBlank() ? -1 : haystack.indexOf(needle, from);
    }

    /** The text on one line: every run of whitespace (line ends included) one space, stripped. */
    public static String oneLine(String text) {
        StringBuilder out = new StringBuilder(text.length());
        boolean space = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                space = !out.isEmpty();
            } else {
                if (space) {
                    out.append(' ');
                    space = false;
                }
                out.append(c);
            }
        }
        return out.toString();
    }

    /** Lower case, letters and digits only, single spaces: for comparing sentences and titles. */
    public static String normalised(String text) {
        StringBuilder out = new StringBuilder(text.length());
        boolean space = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                if (space && !out.isEmpty()) {
                    out.append(' ');
                }
                space = false;
                out.append(Character.toLowerCase(c));
            } else {
                space = true;
            }
        }
        return out.toString().toLowerCase(Locale.ROOT);
    }

    private static void add(List<String> sentences, String text, int start, int end) {
        String sentence = text.substring(start, end).strip();
        if (!sentence.isEmpty()) {
            sentences.add(sentence);
        }
    }

    private static int skipBlank(String text, int i) {
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }

    private static boolean isCloser(char c) {
        return c == '"' || c == '\'' || c == ')' || c == ']' || c == '”' || c == '’' || c == '»';
    }

    private static boolean startsSentence(String text, int whitespace) {
        int i = whitespace;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        if (i >= text.length()) {
            return false;
        }
        char c = text.charAt(i);
        return Character.isUpperCase(c) || Character.isDigit(c) || c == '"' || c == '“' || c == '(' || c == '['
                || c == '\\' || c == '$' || Character.isLetter(c) && !Character.isLowerCase(c);
    }

    /** Whether the full stop at {@code dot} ends an abbreviation or an initial. */
    private static boolean abbreviationBefore(String text, int dot) {
        int start = dot;
        while (start > 0 && !Character.isWhitespace(text.charAt(start - 1)) && text.charAt(start - 1) != '('
                && text.charAt(start - 1) != '[') {
            start--;
        }
        String word = text.substring(start, dot).toLowerCase(Locale.ROOT);
        if (word.isEmpty()) {
            return false;
        }
        if (word.length() == 1 && Character.isLetter(word.charAt(0))) {
            // an initial ("J. Smith") or a lettered item ("a."); both go on
            return Character.isUpperCase(text.charAt(start));
        }
        return ABBREVIATIONS.contains(word);
    }
}
