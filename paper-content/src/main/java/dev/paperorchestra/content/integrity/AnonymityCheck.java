package dev.paperorchestra.content.integrity;

import dev.paperorchestra.model.finding.Finding;
import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.model.tex.PackageUse;
import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEnvironment;
import dev.paperorchestra.model.tex.TexSection;
import dev.paperorchestra.model.tex.TexSignatures;
import dev.paperorchestra.model.tex.TexToken;
import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.vocabulary.SectionRole;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether the paper gives away who wrote it: author names, e-mail addresses, affiliations, {@code \thanks} and
 * acknowledgements. What counts is what a reviewer sees, so with the compiled PDF's text the check asks whether
 * the PDF shows each of them: acmart's {@code anonymous} option keeps the {@code \author} block in the source and
 * out of the PDF, and an e-mail address typed in the body is shown whatever the class does. Without a PDF the
 * source is read, leaving out what the class or the venue's style is known to hide in review mode.
 */
final class AnonymityCheck {

    /** An e-mail address in running text (an address, not LaTeX structure). */
    private static final Pattern EMAIL = Pattern.compile("[\\w.+-]+@[\\w-]+(?:\\.[\\w-]+)*\\.[a-zA-Z]{2,}");
    private static final Set<String> AUTHOR_COMMANDS = Set.of("author", "IEEEauthorblockN");
    private static final Set<String> AFFILIATION_COMMANDS = Set.of("affiliation", "affil", "institute",
            "institution", "IEEEauthorblockA", "address", "thanks");
    private static final Set<String> CONTACT_COMMANDS = Set.of("email", "ead", "orcid");
    /** Commands inside an author field that are not part of a name. */
    private static final Set<String> NOT_A_NAME = Set.of("thanks", "inst", "footnote", "affiliation", "email",
            "orcid", "IEEEauthorrefmark", "textsuperscript", "footnotemark", "ead", "fnref", "corref", "affil");
    /** Commands that separate one author from the next. */
    private static final Set<String> NAME_BREAKS = Set.of("\\", "and", "AND", "newline", "quad", "qquad", "par");
    private static final Set<String> AFFILIATION_WORDS = Set.of("university", "institute", "laboratory",
            "laboratories", "inc", "ltd", "gmbh", "college", "department");
    private static final Set<String> ACKNOWLEDGEMENT_ENVIRONMENTS = Set.of("acks", "ack", "acknowledgments",
            "acknowledgements", "acknowledgment", "acknowledgement");
    /** Shortest normalised text taken as shown when the PDF holds it (shorter ones match by chance). */
    private static final int SHOWN_MIN_CHARS = 4;
    /** Words of an acknowledgement's text that identify it in the PDF. */
    private static final int ACKNOWLEDGEMENT_WORDS = 8;

    private AnonymityCheck() {
    }

    static List<Finding> findings(PaperText paper, String pdfText) {
        return pdfText.isBlank() ? fromSource(paper) : fromPdf(paper, pdfText);
    }

    // ---- on the PDF

    private static List<Finding> fromPdf(PaperText paper, String pdfText) {
        TexDocument document = paper.document;
        String shown = " " + Prose.normalised(pdfText) + " ";
        List<Finding> findings = new ArrayList<>();
        for (TexCommand author : document.commands(AUTHOR_COMMANDS.toArray(String[]::new))) {
            for (String name : names(author.lastText())) {
                if (shows(shown, name)) {
                    findings.add(paper.at(Gate.STRUCTURE, "anonymity.author", author.start(), "the PDF shows the "
                            + "author name \"" + name + "\" (\\" + author.name() + " on line "
                            + paper.line(author.start()) + "); the submission must be anonymous"));
                }
            }
        }
        // the paper's own addresses: a class prints its publisher's (permissions@acm.org) in every PDF
        Matcher email = EMAIL.matcher(paper.withoutComments());
        while (email.find()) {
            if (pdfText.contains(email.group())) {
                findings.add(paper.at(Gate.STRUCTURE, "anonymity.email", email.start(), "the PDF shows the e-mail "
                        + "address " + email.group() + " (line " + paper.line(email.start()) + "), which reveals "
                        + "identity; remove it"));
                break;
            }
        }
        for (TexCommand affiliation : document.commands(AFFILIATION_COMMANDS.toArray(String[]::new))) {
            String text = TexDocument.plainText(affiliation.lastText());
            if (shows(shown, text)) {
                findings.add(paper.at(Gate.STRUCTURE, "anonymity.affiliation", affiliation.start(), "the PDF shows "
                        + "\"" + PaperText.abbreviate(text) + "\" (\\" + affiliation.name() + " on line "
                        + paper.line(affiliation.start()) + "), which reveals identity; remove it"));
                break;
            }
        }
        for (Acknowledgement acknowledgement : acknowledgements(document)) {
            List<String> words = Prose.words(acknowledgement.text());
            String opening = String.join(" ", words.subList(0, Math.min(ACKNOWLEDGEMENT_WORDS, words.size())));
            if (shows(shown, opening)) {
                findings.add(paper.at(Gate.STRUCTURE, "anonymity.acknowledgements", acknowledgement.offset(),
                        "the PDF shows the acknowledgements (line " + paper.line(acknowledgement.offset())
                                + "), which break anonymity during review; remove them"));
            }
        }
        return findings;
    }

    private static boolean shows(String shownNormalised, String text) {
        String wanted = Prose.normalised(text);
        return wanted.length() >= SHOWN_MIN_CHARS && !wanted.contains("anonymous")
                && shownNormalised.contains(" " + wanted + " ");
    }

    /** The names of an author field: split at {@code \\}, {@code \and}, commas and "and", notes left out. */
    static List<String> names(String authorField) {
        TexDocument field = TexDocument.parse(authorField);
        StringBuilder kept = new StringBuilder();
        List<TexToken> tokens = field.tokens();
        for (int i = 0; i < tokens.size(); i++) {
            TexToken token = tokens.get(i);
            if (token.kind() == TexToken.Kind.COMMAND && NOT_A_NAME.contains(token.text())) {
                TexCommand note = field.commandAt(i, TexSignatures.of(token.text()));
                while (i + 1 < tokens.size() && tokens.get(i + 1).start() < note.end()) {
                    i++;
                }
                kept.append(' ');
            } else if (token.kind() == TexToken.Kind.COMMAND && NAME_BREAKS.contains(token.text())
                    || token.kind() == TexToken.Kind.ALIGN || token.kind() == TexToken.Kind.PARAGRAPH) {
                kept.append('\n');
            } else {
                kept.append(field.source(), token.start(), token.end());
            }
        }
        List<String> names = new ArrayList<>();
        for (String line : kept.toString().split("\n")) {
            for (String part : TexDocument.plainText(line).split(",|\\band\\b")) {
                String name = part.strip();
                if (name.chars().filter(Character::isLetter).count() >= 2 && name.indexOf('@') < 0) {
                    names.add(name);
                }
            }
        }
        return names;
    }

    // ---- on the source

    private static List<Finding> fromSource(PaperText paper) {
        TexDocument document = paper.document;
        boolean hidden = frontMatterHidden(document);
        List<Finding> findings = new ArrayList<>();
        StringBuilder visible = paper.withoutComments();
        for (TexCommand author : document.commands(AUTHOR_COMMANDS.toArray(String[]::new))) {
            if (hidden) {
                PaperText.blank(visible, author.span());
                continue;
            }
            String names = TexDocument.plainText(author.lastText()).strip();
            if (!names.isEmpty() && !names.toLowerCase(Locale.ROOT).contains("anonymous")) {
                findings.add(paper.at(Gate.STRUCTURE, "anonymity.author", author.start(), "\\" + author.name()
                        + " on line " + paper.line(author.start()) + " names the authors; the submission must be "
                        + "anonymous (e.g. \\author{Anonymous submission})"));
            } else if (Prose.words(Prose.normalised(names)).stream().anyMatch(AFFILIATION_WORDS::contains)) {
                findings.add(paper.at(Gate.STRUCTURE, "anonymity.affiliation", author.start(), "\\" + author.name()
                        + " on line " + paper.line(author.start()) + " names an affiliation"));
            }
        }
        List<TexCommand> affiliations = document.commands(AFFILIATION_COMMANDS.toArray(String[]::new));
        for (TexCommand contact : document.commands(CONTACT_COMMANDS.toArray(String[]::new))) {
            if (hidden) {
                PaperText.blank(visible, contact.span());
            }
        }
        if (hidden) {
            affiliations.forEach(affiliation -> PaperText.blank(visible, affiliation.span()));
        } else if (!affiliations.isEmpty()) {
            TexCommand first = affiliations.getFirst();
            findings.add(paper.at(Gate.STRUCTURE, "anonymity.affiliation", first.start(), "an affiliation or "
                    + "\\thanks on line " + paper.line(first.start()) + " reveals identity; remove it"));
        }
        Matcher email = EMAIL.matcher(visible);
        if (email.find()) {
            findings.add(paper.at(Gate.STRUCTURE, "anonymity.email", email.start(), "an e-mail address on line "
                    + paper.line(email.start()) + " reveals identity; remove it"));
        }
        for (Acknowledgement acknowledgement : acknowledgements(document)) {
            if (!(hidden && acknowledgement.environment())) {
                findings.add(paper.at(Gate.STRUCTURE, "anonymity.acknowledgements", acknowledgement.offset(),
                        "acknowledgements on line " + paper.line(acknowledgement.offset()) + " break anonymity "
                                + "during review; remove them"));
                break;
            }
        }
        return findings;
    }

    /**
     * Whether the class or the venue's style hides the authors, affiliations and acknowledgements in the PDF:
     * acmart with {@code anonymous}; cvpr, iccv and acl styles with {@code review}; the NeurIPS style without
     * {@code final} or {@code preprint}; ICML's without {@code accepted}; ICLR's without {@code \iclrfinalcopy}.
     */
    static boolean frontMatterHidden(TexDocument document) {
        if (document.documentClass().filter(documentClass -> documentClass.name().equals("acmart"))
                .map(documentClass -> documentClass.hasOption("anonymous")).orElse(false)) {
            return true;
        }
        for (PackageUse style : document.packages()) {
            String name = style.name();
            List<String> options = style.options();
            boolean hides = (name.equals("cvpr") || name.equals("iccv") || name.equals("wacv") || name.equals("acl"))
                    && options.contains("review")
                    || name.startsWith("neurips_") && !options.contains("final") && !options.contains("preprint")
                    || name.startsWith("icml20") && !options.contains("accepted")
                    || name.startsWith("iclr20") && document.commands("iclrfinalcopy").isEmpty();
            if (hides) {
                return true;
            }
        }
        return false;
    }

    /**
     * An acknowledgement: a section titled so, or an acknowledgement environment (acmart's {@code acks}, which
     * its {@code anonymous} option leaves out of the PDF).
     */
    private record Acknowledgement(int offset, String text, boolean environment) {
    }

    private static List<Acknowledgement> acknowledgements(TexDocument document) {
        List<Acknowledgement> found = new ArrayList<>();
        for (TexSection section : document.sections()) {
            if (section.role() == SectionRole.ACKNOWLEDGEMENTS) {
                found.add(new Acknowledgement(section.span().start(), document.plainText(section.body()), false));
            }
        }
        for (TexEnvironment environment : document.environments()) {
            if (ACKNOWLEDGEMENT_ENVIRONMENTS.contains(environment.name())) {
                found.add(new Acknowledgement(environment.span().start(),
                        document.plainText(environment.content()), true));
            }
        }
        return found;
    }
}
