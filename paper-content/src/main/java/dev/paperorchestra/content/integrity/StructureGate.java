package dev.paperorchestra.content.integrity;

import dev.paperorchestra.model.finding.Gate;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Structure: the sections the guidelines make mandatory are present, every {@code \begin} is closed by its own
 * {@code \end} and braces balance, and the paper is anonymous (no author names, e-mail addresses,
 * affiliations, {@code \thanks} or acknowledgements).
 */
public final class StructureGate {

    private static final Pattern SECTION = Pattern.compile("\\\\section\\*?\\{([^}]*)}");
    private static final Pattern ENVIRONMENT = Pattern.compile("\\\\(begin|end)\\{([^}]*)}");
    private static final Pattern AUTHOR = Pattern.compile("\\\\author\\s*\\{((?:[^{}]|\\{[^{}]*})*)}");
    private static final Pattern EMAIL = Pattern.compile("[\\w.+-]+@[\\w-]+(?:\\.[\\w-]+)*\\.[a-zA-Z]{2,}");
    private static final Pattern AFFILIATION_COMMAND = Pattern.compile(
            "\\\\(?:thanks|affiliation|affil|institute|institution)\\s*\\{");
    private static final Pattern AFFILIATION_WORDS = Pattern.compile(
            "(?i)\\b(?:university|institute|laborator(?:y|ies)|inc\\.|ltd|gmbh|college|department)\\b");
    private static final Pattern ACKNOWLEDGEMENTS = Pattern.compile("(?i)\\\\section\\*?\\{\\s*acknowledg");
    private static final Pattern ANONYMOUS = Pattern.compile("(?i)anonymous");
    /** Other words the sections a guideline names are commonly titled with. */
    private static final Map<String, List<String>> SYNONYMS = Map.of(
            "method", List.of("method", "approach", "model", "framework"),
            "experiments", List.of("experiment", "evaluation", "results"),
            "conclusion", List.of("conclusion", "discussion", "summary"),
            "related work", List.of("related", "background", "prior work"));

    private StructureGate() {
    }

    public static GateResult check(String tex, List<String> mandatorySections) {
        TexSource source = new TexSource(tex);
        List<String> findings = new ArrayList<>();
        int checked = mandatorySections.size() + 2;
        sections(source, mandatorySections, findings);
        environments(source, findings);
        braces(source, findings);
        anonymity(source, findings);
        return new GateResult(Gate.STRUCTURE, checked, findings);
    }

    private static void sections(TexSource source, List<String> mandatory, List<String> findings) {
        List<String> titles = new ArrayList<>();
        Matcher section = SECTION.matcher(source.text);
        while (section.find()) {
            titles.add(section.group(1).toLowerCase(Locale.ROOT));
        }
        for (String required : mandatory) {
            String name = required.toLowerCase(Locale.ROOT).strip();
            boolean present = name.equals("abstract") ? source.text.contains("\\begin{abstract}")
                    : titles.stream().anyMatch(title -> SYNONYMS.getOrDefault(name, List.of(name)).stream()
                            .anyMatch(word -> title.contains(word) || title.contains(singular(word))));
            if (!present) {
                findings.add("the guidelines require " + (name.equals("abstract") ? "an abstract"
                        : "a \"" + required + "\" section") + ", and paper.tex has none");
            }
        }
    }

    private static String singular(String word) {
        return word.endsWith("s") ? word.substring(0, word.length() - 1) : word;
    }

    private static void environments(TexSource source, List<String> findings) {
        Deque<int[]> open = new ArrayDeque<>();
        List<String> names = new ArrayList<>();
        Matcher environment = ENVIRONMENT.matcher(source.text);
        while (environment.find()) {
            String name = environment.group(2).strip();
            int line = source.lineOf(environment.start());
            if (environment.group(1).equals("begin")) {
                names.add(name);
                open.push(new int[] {names.size() - 1, line});
                continue;
            }
            if (open.isEmpty()) {
                findings.add("\\end{" + name + "} on line " + line + " closes nothing");
                continue;
            }
            int[] top = open.pop();
            String opened = names.get(top[0]);
            if (!opened.equals(name)) {
                findings.add("\\begin{" + opened + "} on line " + top[1] + " is closed by \\end{" + name
                        + "} on line " + line);
            }
        }
        while (!open.isEmpty()) {
            int[] top = open.pop();
            findings.add("\\begin{" + names.get(top[0]) + "} on line " + top[1] + " is never closed");
        }
    }

    private static void braces(TexSource source, List<String> findings) {
        int depth = 0;
        String text = source.text;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '{') {
                depth++;
            } else if (c == '}' && --depth < 0) {
                findings.add("a } on line " + source.lineOf(i) + " closes no {");
                return;
            }
        }
        if (depth > 0) {
            findings.add(depth + " { " + (depth == 1 ? "is" : "are") + " never closed");
        }
    }

    private static void anonymity(TexSource source, List<String> findings) {
        Matcher author = AUTHOR.matcher(source.text);
        while (author.find()) {
            String names = author.group(1).strip();
            if (!names.isEmpty() && !ANONYMOUS.matcher(names).find()) {
                findings.add("\\author on line " + source.lineOf(author.start()) + " names the authors; the "
                        + "submission must be anonymous (e.g. \\author{Anonymous submission})");
            } else if (AFFILIATION_WORDS.matcher(names).find()) {
                findings.add("\\author on line " + source.lineOf(author.start()) + " names an affiliation");
            }
        }
        Matcher email = EMAIL.matcher(source.text);
        if (email.find()) {
            findings.add("an e-mail address on line " + source.lineOf(email.start()) + " reveals identity; remove it");
        }
        Matcher affiliation = AFFILIATION_COMMAND.matcher(source.text);
        if (affiliation.find()) {
            findings.add("an affiliation or \\thanks on line " + source.lineOf(affiliation.start())
                    + " reveals identity; remove it");
        }
        Matcher acknowledgements = ACKNOWLEDGEMENTS.matcher(source.text);
        if (acknowledgements.find()) {
            findings.add("acknowledgements on line " + source.lineOf(acknowledgements.start())
                    + " break anonymity during review; remove them");
        }
    }
}
