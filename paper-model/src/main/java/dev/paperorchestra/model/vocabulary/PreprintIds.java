package dev.paperorchestra.model.vocabulary;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The identifiers a full-text export of a preprint or a journal article leaves in notes, declared once: bioRxiv
 * and medRxiv page stamps, DOIs and links, JATS figure and table asset names (bioRxiv, PLOS, eLife), PubMed and
 * PMC ids, and JATS tags. The notes cleaner removes what {@link #remove} finds and the CONTENT gate flags what
 * {@link #find} finds, so anything the cleaner would remove the gate flags if a paper prints it.
 *
 * <p>These are identifier grammars (digits, dots, fixed prefixes), not LaTeX or Markdown structure; each pattern
 * is bounded and linear on its input.
 */
public final class PreprintIds {

    private static final String ASSET_EXTENSION = "(?:\\.(?:jpe?g|png|gif|tiff?|pdf))?";
    private static final String URL_TAIL = "(?:/[^\\s)\\]>\"'<]*[^\\s)\\]>\"'<.,;:])?";

    /** The kinds of identifier, in the order the cleaner removes them (a stamp holds a DOI: it goes first). */
    public enum Kind {
        /** The stamp a bioRxiv/medRxiv PDF prints on every page: DOI, date, copyright and licence sentences. */
        STAMP("bioRxiv/medRxiv DOI or link", "bioRxiv/medRxiv DOIs and links", Pattern.compile(
                "(?i)\\b(?:bio|med)rxiv\\s+preprint\\s+doi\\s*:?\\s*\\S+?;?\\s+this version posted [^.]*\\."
                        + "(?:\\s*The copyright holder[^.]*?(?:\\([^)]*\\)[^.]*?)?\\.)?"
                        + "(?:\\s*(?:All rights reserved|No reuse allowed without permission"
                        + "|It is made available under[^.]*?licen[sc]e)\\.)*")),
        /**
         * A figure or table asset: {@code biorxiv;2025.01.31.635838v1/FIG1F1fig1Fig.} (the label's trailing
         * "Fig." is part of it; an export that cut it at the date leaves {@code biorxiv;2023.06.15.}),
         * {@code F1.large.jpg}, {@code pone.0123456.g001}, {@code elife-12345-fig1-v2.jpg}.
         */
        FIGURE_ID("bioRxiv/JATS figure id", "bioRxiv/JATS figure ids", Pattern.compile(
                "(?i)\\b(?:bio|med)rxiv\\s?;\\s?(?:\\d{4}\\.\\d{2}\\.\\d{2}\\.(?:\\d{5,8})?|\\d{5,8})(?:v\\d+)?"
                        + "(?:/[\\w.-]*?(?:(?:fig|tab|table)\\.|[\\w])(?=[^\\w.]|\\.\\s|\\.?$))?"
                        + "|\\b[FT]\\d{1,3}\\.(?:large|medium|small)\\.(?:jpe?g|gif|png|tiff?)\\b"
                        + "|\\b(?:journal\\.)?p(?:one|bio|med|gen|cbi|ntd|pat|clm|wat|dig|sph)\\.\\d{7}\\.[gtsx]\\d{3}"
                        + ASSET_EXTENSION + "\\b"
                        + "|\\belife-\\d{5,6}-(?:fig|resp|app|supp)\\d+(?:-figsupp\\d+)?(?:-v\\d+)?" + ASSET_EXTENSION
                        + "\\b")),
        /**
         * A bioRxiv/medRxiv DOI or link, with its lead-in ("bioRxiv preprint doi:"): {@code 10.1101/123456},
         * {@code https://www.biorxiv.org/content/...}, {@code 2025.01.31.635838v1.full.pdf}.
         */
        PREPRINT_ID("bioRxiv/medRxiv DOI or link", "bioRxiv/medRxiv DOIs and links", Pattern.compile(
                "(?i)(?:\\b(?:bio|med)rxiv\\s+(?:preprint\\s*)?)?(?:\\bdoi\\s*:?\\s*)?(?:"
                        + "(?:https?://)?(?:www\\.|connect\\.)?(?:bio|med)rxiv\\.org" + URL_TAIL
                        + "|(?:https?://)?(?:dx\\.)?doi\\.org/10\\.1101" + URL_TAIL
                        + "|\\b10\\.1101/(?:\\d{4}\\.\\d{2}\\.\\d{2}\\.)?\\d{5,8}(?:v\\d+)?"
                        + "(?:\\.full(?:\\.pdf)?|\\.supplementary)?\\b"
                        + "|\\b\\d{4}\\.\\d{2}\\.\\d{2}\\.\\d{6}v\\d+(?:\\.full(?:\\.pdf)?|\\.supplementary)?\\b)")),
        /** {@code PMCID: PMC7654321}, {@code PMC7654321}, {@code PMID: 31234567}. */
        PUBMED_ID("PubMed/PMC id", "PubMed/PMC ids", Pattern.compile(
                "(?i)\\bPMCID\\s*:?\\s*PMC\\d{5,8}\\b|\\bPMC\\d{5,8}\\b|\\bPMID\\s*:?\\s*\\d{6,9}\\b")),
        /** An XML tag of the JATS namespace, {@code <jats:p>}. */
        JATS_TAG("JATS tag", "JATS tags", Pattern.compile("</?jats:[\\w-]+[^<>]*>"));

        private final String one;
        private final String many;
        private final Pattern pattern;

        Kind(String one, String many, Pattern pattern) {
            this.one = one;
            this.many = many;
            this.pattern = pattern;
        }

        /** How a note names one of these, e.g. "PubMed/PMC id". */
        public String one() {
            return one;
        }

        /** How a note names several, e.g. "PubMed/PMC ids". */
        public String many() {
            return many;
        }

        /** "3 PubMed/PMC ids", "1 PubMed/PMC id". */
        public String count(int n) {
            return n + " " + (n == 1 ? one : many);
        }

        /** Every identifier of this kind in a text, in order. */
        public List<Found> find(String text) {
            List<Found> found = new ArrayList<>();
            Matcher matcher = pattern.matcher(text);
            while (matcher.find()) {
                if (matcher.end() > matcher.start()) {
                    found.add(new Found(this, matcher.start(), matcher.end(), matcher.group()));
                }
            }
            return found;
        }
    }

    /**
     * One identifier in a text.
     *
     * @param kind  what it is
     * @param start offset of its first character
     * @param end   offset past its last character
     * @param text  the identifier as written
     */
    public record Found(Kind kind, int start, int end, String text) {
    }

    /**
     * A text with its identifiers removed.
     *
     * @param text    what is left (nothing tidied: the caller closes the gaps its own way)
     * @param removed what was removed, kind by kind in {@link Kind} order
     */
    public record Removal(String text, List<Found> removed) {

        public Removal {
            removed = List.copyOf(removed);
        }

        /** How many identifiers of a kind were removed. */
        public int count(Kind kind) {
            return (int) removed.stream().filter(found -> found.kind() == kind).count();
        }
    }

    private PreprintIds() {
    }

    /**
     * Every identifier in a text, in order of position, none overlapping: where two kinds find the same stretch,
     * the earlier {@link Kind} wins (a stamp over the DOI it holds, a figure id over the preprint id in it).
     */
    public static List<Found> find(String text) {
        // taken stretches by start; they never overlap, so the one starting last before an end is the only one
        // that can reach into a new find
        TreeMap<Integer, Found> taken = new TreeMap<>();
        for (Kind kind : Kind.values()) {
            for (Found found : kind.find(text)) {
                Map.Entry<Integer, Found> before = taken.floorEntry(found.end() - 1);
                if (before == null || before.getValue().end() <= found.start()) {
                    taken.put(found.start(), found);
                }
            }
        }
        return List.copyOf(taken.values());
    }

    /** Whether a text holds any identifier. */
    public static boolean present(String text) {
        for (Kind kind : Kind.values()) {
            if (kind.pattern.matcher(text).find()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The text with every identifier removed, one kind after the other in {@link Kind} order (so a stamp goes
     * with the DOI it holds before the DOI alone is looked for). The offsets of {@link Removal#removed} are those
     * of the text as it stood when that kind was removed.
     */
    public static Removal remove(String text) {
        String rest = text;
        List<Found> removed = new ArrayList<>();
        for (Kind kind : Kind.values()) {
            List<Found> found = kind.find(rest);
            if (found.isEmpty()) {
                continue;
            }
            StringBuilder out = new StringBuilder(rest.length());
            int at = 0;
            for (Found one : found) {
                out.append(rest, at, one.start());
                at = one.end();
            }
            out.append(rest, at, rest.length());
            removed.addAll(found);
            rest = out.toString();
        }
        return new Removal(rest, removed);
    }
}
