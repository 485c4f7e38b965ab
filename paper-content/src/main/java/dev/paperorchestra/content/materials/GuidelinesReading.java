package dev.paperorchestra.content.materials;

import dev.paperorchestra.content.materials.Guidelines.Evidence;
import dev.paperorchestra.content.materials.Guidelines.Kind;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.vocabulary.PaperPart;
import dev.paperorchestra.model.vocabulary.SectionRole;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Reads guidelines prose sentence by sentence, the way venues write them: the main text's page limit (as digits
 * or words, "nine (9)"), the parts that do not count towards it, mandatory and optional sections, the paper
 * submission deadline. Every value keeps the sentence it came from. Page numbers that limit something else
 * (supplementary material, the camera-ready version, references, an extra page) are not the limit; two
 * different main-text limits are an ambiguity, and no limit is taken.
 */
final class GuidelinesReading {

    private static final String WORD_NUMBERS = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
            + "thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty";
    private static final String NUMBER = "(?:\\b(?:" + WORD_NUMBERS + ")\\b(?:\\s*\\(\\s*\\d{1,3}\\s*\\))?"
            + "|(?<![\\d.,:/-])\\d{1,3}(?![\\d.,:/]\\d))";
    private static final Pattern PAGES = Pattern.compile("(?i)(" + NUMBER
            + ")(?:\\s*-\\s*|\\s+)(?:(?:content|full|text)\\s+)?pages?\\b");
    /** "Page limit: 8", "page limit of eight", "page limit is 9": the number needs no "pages". */
    private static final Pattern PAGE_LIMIT = Pattern.compile("(?i)\\bpage[\\s-]*(?:limit|count|length)s?\\b\\s*"
            + "(?:\\([^)]{0,80}\\)\\s*)?(?:is\\s+|of\\s+|:\\s*|=\\s*|-\\s*|—\\s*)?(?:set\\s+(?:at|to)\\s+)?"
            + "(?:strictly\\s+|exactly\\s+)?(?:up\\s+to\\s+|at\\s+most\\s+|a\\s+maximum\\s+of\\s+)?(" + NUMBER + ")");
    /** What makes "N pages" a limit when it comes before the number. */
    private static final Pattern LIMITER_BEFORE = Pattern.compile("(?i)(?:\\bup\\s+to|\\bat\\s+most|\\bmaximum\\s+of"
            + "|\\bmax(?:imum)?\\.?|\\blimited\\s+to|\\brestricted\\s+to|\\bcapped\\s+at|\\blimit\\s+(?:of|is|to)"
            + "|\\blimit\\s*[:=]|\\bexceed(?:s|ing)?|\\b(?:longer|more)\\s+than|\\bwithin"
            + "|\\bfit\\s+(?:in|on|within|into)"
            + "|\\blength\\s*(?:of|is|:)|\\b(?:main\\s+text|main\\s+body|body|papers?|submissions?|manuscripts?)\\s*:"
            + "|\\b(?:limit|length|maximum)\\b[\\w\\s-]{0,40}?\\b(?:is|are)|\\bbetween\\s+\\S+\\s+(?:\\(\\d+\\)\\s+)?and)"
            + "\\s*(?:(?:a|an|the)\\s+)?(?:(?:strict|hard|total|maximum|max|upper|overall)\\s+)*"
            + "(?:(?:limit\\s+)?of\\s+)?$");
    /** ... or after "pages": "8 pages maximum", "8 pages or fewer", "an 8-page limit". */
    private static final Pattern LIMITER_AFTER = Pattern.compile("(?i)^\\s*(?:\\([^)]{0,80}\\)\\s*)?(?:maximum\\b|max\\b"
            + "|at\\s+most\\b|or\\s+(?:fewer|less)\\b|limit\\b|in\\s+length\\s+at\\s+most|long\\s+at\\s+most)");
    /** A page number that limits something other than the main text of the submission. */
    private static final Pattern NOT_MAIN_TEXT = Pattern.compile("(?i)\\b(?:supplementary|supplemental|supplement"
            + "|appendix|appendices|references?|bibliography|camera[-\\s]?ready|final\\s+(?:version|paper)s?"
            + "|accepted\\s+papers?|(?:after|upon)\\s+acceptance|rebuttals?|author\\s+responses?|responses?|posters?|slides"
            + "|cover\\s+letters?|additional|extra|proposals?|one\\s+more|further)\\b");
    /** Where the words right after a page number stop describing what it limits. */
    private static final Pattern AFTER_WINDOW_END = Pattern.compile("(?i)[,;:(]|\\b(?:excluding|not|plus|without"
            + "|except|does|do|is|are|and|but|which|that|including|with|must|should|may|can|will)\\b");
    /** "excluding X", "plus X", "the limit does not include X": X is not counted. */
    private static final Pattern EXCLUDING = Pattern.compile("(?i)(?:\\b(?:excluding|not\\s+including|exclusive\\s+of"
            + "|except(?:\\s+for)?|without(?:\\s+counting)?|apart\\s+from|not\\s+counting|plus|in\\s+addition\\s+to"
            + "|besides|other\\s+than|on\\s+top\\s+of|followed\\s+by|with\\s+unlimited|unlimited(?:\\s+(?:pages?"
            + "|space)\\s+(?:for|of))?|additional\\s+pages?\\s+(?:containing|for|with|of)|(?:limits?|counts?)\\s+(?:does\\s+not|doesn't|do\\s+not|don't)\\s+include)\\b"
            + "|\\+)\\s*([^;:()]{0,200}?)(?=$|[;:()]|\\.\\s|\\b(?:must|should|shall|may|can|cannot|is|are|will|do|does"
            + "|count|counts)\\b)");
    /** "X do not count", "X are unlimited": the parts named before it are not counted. */
    private static final Pattern NOT_COUNTED = Pattern.compile("(?i)\\b(?:do(?:es)?\\s+not|don't|doesn't|will\\s+not"
            + "|shall\\s+not|won't|need\\s+not)\\s+count\\b|\\b(?:is|are)\\s+not\\s+(?:counted|included|part\\s+of"
            + "|subject\\s+to)\\b|\\bnot\\s+counted\\b|\\bexcluded\\s+from\\b|\\b(?:is|are)\\s+excluded\\b"
            + "|\\b(?:is|are)\\s+unlimited\\b|\\bunlimited\\s+in\\s+(?:length|number)\\b"
            + "|\\b(?:is|are)\\s+not\\s+limited\\b|:\\s*(?:unlimited|not\\s+counted|excluded)\\b"
            + "|\\bany\\s+number\\s+of\\s+(?:additional\\s+)?pages\\b|\\b(?:is|are)\\s+exempt\\b"
            + "|\\b(?:outside|beyond|after)\\s+(?:of\\s+)?the\\s+(?:\\w+[\\s-])?(?:page\\s+)?limit\\b"
            + "|\\b(?:does|do)\\s+not\\s*[.,;]?\\s*$");
    private static final Pattern MANDATORY = Pattern.compile("(?i)\\b(?:must|shall|are\\s+required\\s+to"
            + "|is\\s+required\\s+to|required\\s+to|need\\s+to|needs\\s+to|have\\s+to|has\\s+to)\\s+(?:also\\s+)?"
            + "(?:include|contain|have|provide|add|feature|end\\s+with)\\b|\\b(?:is|are)\\s+(?:mandatory|required"
            + "|compulsory|obligatory)\\b|\\b(?:mandatory|required|compulsory|obligatory)\\s+(?:[\\w-]+\\s+){0,3}"
            + "(?:section|statement)s?\\b"
            // what a paper is stated to have, as author guides put it: "every manuscript includes ..."
            + "|\\b(?:papers?|manuscripts?|articles?|submissions?)\\s+(?:includes?|contains?|has|needs?"
            + "|consists?\\s+of|comprises?)\\b"
            // how an author guide states a paper's structure: "Original Papers are organised into Introduction, ..."
            + "|\\b(?:papers?|manuscripts?|articles?|submissions?)\\s+(?:are|is|must\\s+be|should\\s+be)\\s+"
            + "(?:organi[sz]ed|structured|divided|arranged)\\s+into\\b");
    /** "must contain no acknowledgements": a rule against a section, not for it. */
    private static final Pattern FORBIDDING = Pattern.compile("(?i)\\b(?:must|shall|should)\\s+(?:\\w+\\s+)?"
            + "(?:no|any)\\b"
            + "|\\b(?:must|shall|should)\\s+not\\b|\\bmay\\s+not\\b|\\bnot\\s+(?:be\\s+)?(?:include|contain|reveal)");
    private static final Pattern OPTIONAL = Pattern.compile("(?i)\\boptional(?:ly)?\\b|\\b(?:is|are)\\s+(?:encouraged"
            + "|welcome|recommended|allowed|permitted|not\\s+required|not\\s+mandatory)\\b|\\bencouraged\\s+to\\b"
            + "|\\b(?:may|can)\\s+(?:optionally\\s+|also\\s+)?(?:include|add|contain|provide|have|be\\s+added"
            + "|be\\s+included)\\b");
    private static final Pattern CLAUSE_END = Pattern.compile("(?i);|,\\s+(?:and|but|while|whereas)\\s+"
            + "|\\s(?:while|whereas)\\s");
    /**
     * Names of a section role that in a venue's prose mean something else too ("the model must ...", "results
     * must be reproducible" as a requirement on content), so they name a section only with "section" after them.
     */
    private static final Set<String> NAMED_WITH_SECTION_ONLY = Set.of("model", "design", "framework", "algorithm",
            "approach", "setup", "notation", "analysis", "findings", "outlook", "summary", "intro", "motivation",
            "supplement", "funding", "availability", "benchmarks", "experiment", "results", "ethics", "method",
            "methods", "background", "discussion", "limitation", "evaluation", "appendix", "bibliography",
            "references", "literature review", "state of the art", "future work", "problem statement");

    private static final String MONTHS = "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?"
            + "|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
    private static final Pattern ISO_DATE = Pattern.compile("\\b(\\d{4})-(\\d{1,2})-(\\d{1,2})\\b");
    private static final Pattern MONTH_FIRST = Pattern.compile("(?i)\\b(" + MONTHS
            + ")\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b");
    private static final Pattern DAY_FIRST = Pattern.compile("(?i)\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?("
            + MONTHS + ")\\.?,?\\s+(\\d{4})\\b");
    /** Words that give a clause a verb of its own. */
    private static final Set<String> VERBS = Set.of("is", "are", "was", "were", "be", "may", "can", "could",
            "should", "must", "shall", "will", "would", "need", "needs", "has", "have");
    private static final Set<String> DEADLINE_WORDS = Set.of("deadline", "due", "close", "closes", "submission",
            "submissions");
    private static final Set<String> PAPER_WORDS = Set.of("paper", "papers", "full", "submission", "submissions",
            "manuscript", "manuscripts");
    /** Words of a clause about a date that is not the paper's deadline. */
    private static final Set<String> OTHER_DEADLINE_WORDS = Set.of("abstract", "abstracts", "registration",
            "register", "camera", "cameraready", "rebuttal", "rebuttals", "response", "responses", "notification",
            "notifications", "decision", "decisions", "review", "reviews", "reviewer", "reviewers", "bidding",
            "discussion", "open", "opens", "early", "start", "begin", "begins", "proposal", "proposals");
    private static final List<String> OTHER_DEADLINE_PREFIXES = List.of("supplementar", "withdraw");

    private GuidelinesReading() {
    }

    /**
     * @param listedMandatory the sections a "Mandatory content" part lists, each with the line naming it
     */
    static Guidelines read(String markdown, Map<String, String> listedMandatory) {
        List<String> sentences = GuidelinesSentences.of(markdown);
        List<Evidence> evidence = new ArrayList<>();
        Map<Integer, List<String>> limits = new TreeMap<>();
        Map<String, String> excluded = new LinkedHashMap<>();
        Map<String, String> mandatory = new LinkedHashMap<>();
        Map<String, String> optional = new LinkedHashMap<>();
        LocalDate paperDeadline = null;
        String paperDeadlineSentence = null;
        LocalDate bareDeadline = null;
        String bareDeadlineSentence = null;
        for (String sentence : sentences) {
            boolean listing = false;
            for (String clause : clauses(sentence)) {
                for (int pages : pageLimits(clause)) {
                    List<String> from = limits.computeIfAbsent(pages, p -> new ArrayList<>());
                    if (!from.contains(sentence)) {
                        from.add(sentence);
                    }
                }
                notCounted(clause).forEach(part -> excluded.putIfAbsent(part, sentence));
                // "must contain an Introduction, ..., and a Conclusion": a clause without a verb of its own goes on
                // with the list the clause before it made mandatory
                boolean mandatoryClause = MANDATORY.matcher(clause).find() && !FORBIDDING.matcher(clause).find();
                boolean continues = listing && !OPTIONAL.matcher(clause).find() && !FORBIDDING.matcher(clause).find()
                        && !hasWord(clause, VERBS);
                listing = mandatoryClause || continues;
                if (mandatoryClause || continues) {
                    // a list split over clauses ("..., Results, and Discussion sections") is about sections
                    // wherever the sentence says so
                    sectionsIn(clause, aboutSections(sentence)).forEach(section -> mandatory.putIfAbsent(section,
                            sentence));
                } else if (OPTIONAL.matcher(clause).find()) {
                    sectionsIn(clause, aboutSections(clause)).forEach(section -> optional.putIfAbsent(section,
                            sentence));
                }
                LocalDate date = deadline(clause);
                if (date != null && hasWord(clause, PAPER_WORDS) && paperDeadline == null) {
                    paperDeadline = date;
                    paperDeadlineSentence = sentence;
                } else if (date != null && bareDeadline == null) {
                    bareDeadline = date;
                    bareDeadlineSentence = sentence;
                }
            }
        }
        List<String> ambiguities = new ArrayList<>();
        Integer pages = null;
        if (limits.size() == 1) {
            pages = limits.keySet().iterator().next();
            evidence.add(new Evidence(Kind.PAGE_LIMIT, pages.toString(), limits.get(pages).getFirst()));
        } else if (limits.size() > 1) {
            List<String> each = new ArrayList<>();
            limits.forEach((limit, from) -> each.add(limit + " (" + String.join(" / ", from.stream()
                    .map(GuidelinesReading::quoted).toList()) + ")"));
            ambiguities.add("states " + limits.size() + " different page limits for the main text, "
                    + String.join(" and ", each) + "; no limit is taken from the guidelines (--page-limit or "
                    + "job.json's pageLimit sets one)");
        }
        excluded.forEach((part, sentence) -> evidence.add(new Evidence(Kind.NOT_COUNTED, part, sentence)));
        List<String> mandatorySections = new ArrayList<>(listedMandatory.keySet());
        listedMandatory.forEach((section, sentence) -> evidence.add(new Evidence(Kind.MANDATORY_SECTION, section,
                sentence)));
        mandatory.forEach((section, sentence) -> {
            if (!mandatorySections.contains(section)) {
                mandatorySections.add(section);
                evidence.add(new Evidence(Kind.MANDATORY_SECTION, section, sentence));
            }
        });
        List<String> optionalSections = new ArrayList<>();
        optional.forEach((section, sentence) -> {
            if (!mandatorySections.contains(section)) {
                optionalSections.add(section);
                evidence.add(new Evidence(Kind.OPTIONAL_SECTION, section, sentence));
            }
        });
        LocalDate deadline = paperDeadline != null ? paperDeadline : bareDeadline;
        if (deadline != null) {
            evidence.add(new Evidence(Kind.DEADLINE, deadline.toString(),
                    paperDeadline != null ? paperDeadlineSentence : bareDeadlineSentence));
        }
        List<String> excludedParts = java.util.Arrays.stream(PaperPart.values()).map(PaperPart::label)
                .filter(excluded::containsKey).toList();
        return new Guidelines(pages, mandatorySections, deadline, excludedParts, optionalSections, evidence,
                ambiguities);
    }

    /** A sentence in quotes, shortened when long, for a note. */
    static String quoted(String sentence) {
        String shown = sentence.length() <= 200 ? sentence : sentence.substring(0, 197).strip() + "...";
        return "\"" + shown + "\"";
    }

    private static List<String> clauses(String sentence) {
        List<String> clauses = new ArrayList<>();
        Matcher end = CLAUSE_END.matcher(sentence);
        int start = 0;
        while (end.find()) {
            clauses.add(sentence.substring(start, end.start()));
            start = end.end();
        }
        clauses.add(sentence.substring(start));
        return clauses;
    }

    /** The main-text page limits a clause states (usually none, at most one). */
    private static List<Integer> pageLimits(String clause) {
        Map<Integer, Integer> found = new TreeMap<>();
        Matcher statement = PAGE_LIMIT.matcher(clause);
        while (statement.find()) {
            found.put(statement.start(1), number(statement.group(1)));
        }
        Matcher pages = PAGES.matcher(clause);
        int previousEnd = 0;
        while (pages.find()) {
            int start = pages.start(1);
            String before = clause.substring(previousEnd, start);
            String after = clause.substring(pages.end());
            previousEnd = pages.end();
            if (found.containsKey(start)) {
                continue;
            }
            if (LIMITER_BEFORE.matcher(before).find() || LIMITER_AFTER.matcher(after).find()) {
                found.put(start, number(pages.group(1)));
            }
        }
        List<Integer> limits = new ArrayList<>();
        Matcher all = PAGES.matcher(clause);
        List<int[]> spans = new ArrayList<>();
        while (all.find()) {
            spans.add(new int[] {all.start(1), all.end()});
        }
        found.forEach((start, value) -> {
            if (value >= 1 && value <= 100 && isMainText(clause, start, spans) && !limits.contains(value)) {
                limits.add(value);
            }
        });
        return limits;
    }

    /**
     * Whether the page number at {@code start} limits the main text: nothing between the previous page number
     * and it (exclusions aside), nor the words right after it, names another part ("supplementary material up
     * to 20 pages", "9 pages for the camera-ready version", "up to 2 additional pages").
     */
    private static boolean isMainText(String clause, int start, List<int[]> spans) {
        int from = 0;
        int end = clause.length();
        for (int[] span : spans) {
            if (span[1] <= start) {
                from = span[1];
            } else if (span[0] == start) {
                end = span[1];
            }
        }
        StringBuilder subject = new StringBuilder();
        for (String segment : clause.substring(from, start).split(",")) {
            if (!NOT_COUNTED.matcher(segment).find()) {
                subject.append(EXCLUDING.matcher(segment).replaceAll(" ")).append(' ');
            }
        }
        String rest = clause.substring(end);
        Matcher stop = AFTER_WINDOW_END.matcher(rest);
        String after = stop.find() ? rest.substring(0, stop.start()) : rest;
        String number = clause.substring(start, end);
        return !NOT_MAIN_TEXT.matcher(subject).find() && !NOT_MAIN_TEXT.matcher(after).find()
                && !NOT_MAIN_TEXT.matcher(number).find();
    }

    private static int number(String text) {
        Matcher digits = Pattern.compile("\\d{1,3}").matcher(text);
        if (digits.find()) {
            return Integer.parseInt(digits.group());
        }
        String word = text.strip().toLowerCase(Locale.ROOT);
        List<String> words = List.of(WORD_NUMBERS.split("\\|"));
        int index = words.indexOf(word);
        return index < 20 ? index + 1 : 30 + (index - 20) * 10;
    }

    private static List<String> notCounted(String clause) {
        List<String> parts = new ArrayList<>();
        Matcher excluding = EXCLUDING.matcher(clause);
        while (excluding.find()) {
            partsIn(excluding.group(1), parts);
        }
        Matcher notCounted = NOT_COUNTED.matcher(clause);
        if (notCounted.find()) {
            partsIn(clause.substring(0, notCounted.start()), parts);
        }
        return parts;
    }

    private static void partsIn(String text, List<String> parts) {
        for (PaperPart part : PaperPart.values()) {
            if (part != PaperPart.MAIN_TEXT && !parts.contains(part.label()) && part.phrases().stream()
                    .anyMatch(phrase -> names(text, phrase, part == PaperPart.LIMITATIONS ? "page" : null))) {
                parts.add(part.label());
            }
        }
    }

    /**
     * The sections a clause names, each as named ("data availability", "related work"), one per role: a role's
     * name as whole words, the ambiguous ones only followed by "section".
     */
    /** Whether a text speaks of sections: "the following sections: Introduction, Method, Results". */
    private static boolean aboutSections(String text) {
        return Prose.mentions(text, "sections") || Prose.mentions(text, "section");
    }

    /** The sections a clause names; in a text about sections, every capitalised name of a section is one. */
    private static List<String> sectionsIn(String clause, boolean aboutSections) {
        List<String> found = new ArrayList<>();
        for (SectionRole role : SectionRole.values()) {
            if (role == SectionRole.OTHER || role == SectionRole.REFERENCES || role == SectionRole.APPENDIX) {
                continue;
            }
            // the name as the clause writes it: the one starting first, the longest of those
            String best = null;
            int bestAt = Integer.MAX_VALUE;
            for (String name : role.names()) {
                boolean named = NAMED_WITH_SECTION_ONLY.contains(name)
                        ? Prose.mentions(clause, name + " section") || Prose.mentions(clause, name + " sections")
                                || aboutSections && capitalised(clause, name)
                        : names(clause, name, null);
                int at = named ? Prose.mentionAt(clause, name, 0) : -1;
                if (at >= 0 && (at < bestAt || at == bestAt && name.length() > best.length())) {
                    best = name;
                    bestAt = at;
                }
            }
            if (best != null) {
                found.add(best);
            }
        }
        return found;
    }

    /** Whether a text names a phrase as whole words, and not right after {@code notAfter} ("page limitations"). */
    private static boolean names(String text, String phrase, @Nullable String notAfter) {
        String normal = " " + Prose.normalised(text) + " ";
        int at = Prose.mentionAt(text, phrase, 0);
        while (at >= 0) {
            if (notAfter == null || !normal.substring(0, at + 1).endsWith(" " + notAfter + " ")) {
                return true;
            }
            at = Prose.mentionAt(text, phrase, at + 1);
        }
        return false;
    }

    /** Whether a clause writes a name as a section's title is written, capitalised ("the Results"). */
    private static boolean capitalised(String clause, String name) {
        String title = Character.toUpperCase(name.charAt(0)) + name.substring(1);
        int at = clause.indexOf(title);
        while (at >= 0) {
            int end = at + title.length();
            if ((at == 0 || !Character.isLetter(clause.charAt(at - 1)))
                    && (end == clause.length() || !Character.isLetter(clause.charAt(end)))) {
                return true;
            }
            at = clause.indexOf(title, at + 1);
        }
        return false;
    }

    private static boolean hasWord(String clause, Set<String> words) {
        return Prose.words(Prose.normalised(clause)).stream().anyMatch(words::contains);
    }

    /** The date of a clause naming the paper submission deadline, else null. */
    private static @Nullable LocalDate deadline(String clause) {
        if (!hasWord(clause, DEADLINE_WORDS) || hasWord(clause, OTHER_DEADLINE_WORDS) || Prose.words(
                Prose.normalised(clause)).stream().anyMatch(word -> OTHER_DEADLINE_PREFIXES.stream()
                        .anyMatch(word::startsWith))) {
            return null;
        }
        Matcher iso = ISO_DATE.matcher(clause);
        Matcher monthFirst = MONTH_FIRST.matcher(clause);
        Matcher dayFirst = DAY_FIRST.matcher(clause);
        try {
            if (iso.find()) {
                return LocalDate.of(Integer.parseInt(iso.group(1)), Integer.parseInt(iso.group(2)),
                        Integer.parseInt(iso.group(3)));
            }
            if (monthFirst.find()) {
                return LocalDate.of(Integer.parseInt(monthFirst.group(3)), month(monthFirst.group(1)),
                        Integer.parseInt(monthFirst.group(2)));
            }
            if (dayFirst.find()) {
                return LocalDate.of(Integer.parseInt(dayFirst.group(3)), month(dayFirst.group(2)),
                        Integer.parseInt(dayFirst.group(1)));
            }
        } catch (DateTimeException e) {
            return null;
        }
        return null;
    }

    private static int month(String name) {
        String prefix = name.toLowerCase(Locale.ROOT).substring(0, 3);
        return List.of("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
                .indexOf(prefix) + 1;
    }

}
