package dev.paperorchestra.content.integrity;

import dev.paperorchestra.model.finding.Finding;
import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexEnvironment;
import dev.paperorchestra.model.tex.TexSection;
import dev.paperorchestra.model.tex.TexSpan;
import dev.paperorchestra.model.tex.TexToken;
import dev.paperorchestra.model.vocabulary.SectionRole;

/**
 * paper.tex as the gates read it: the parsed document and the landmarks they share (where the body starts, where
 * the references, the appendix and the conclusion begin), and findings located on its lines.
 */
final class PaperText {

    /** The file every finding on the paper's text points at. */
    static final String FILE = "paper.tex";

    final TexDocument document;

    PaperText(String tex) {
        this.document = TexDocument.parse(tex);
    }

    String source() {
        return document.source();
    }

    int bodyStart() {
        return document.bodyStart();
    }

    /**
     * Where the main text and its appendix give way to the reference list: the first bibliography command or
     * {@code thebibliography} in the body, else the end of the body.
     */
    int referencesStart() {
        int start = bodyStart();
        int end = document.bodyEnd();
        for (TexCommand command : document.bibliography().commands()) {
            if (command.start() >= start) {
                end = Math.min(end, command.start());
            }
        }
        for (TexEnvironment list : document.environments("thebibliography")) {
            if (list.span().start() >= start) {
                end = Math.min(end, list.span().start());
            }
        }
        return end;
    }

    /** Where the appendix starts ({@code \appendix} or a section titled so), or -1. */
    int appendixStart() {
        int start = document.appendixStart().orElse(-1);
        for (TexSection section : document.sections()) {
            if (section.role() == SectionRole.APPENDIX && section.span().start() >= bodyStart()
                    && (start < 0 || section.span().start() < start)) {
                start = section.span().start();
            }
        }
        return start;
    }

    /** Where the first conclusion section starts, or -1. */
    int conclusionStart() {
        return document.sections().stream().filter(section -> section.level() <= 1
                && section.role() == SectionRole.CONCLUSION).mapToInt(section -> section.span().start())
                .findFirst().orElse(-1);
    }

    int line(int offset) {
        return document.lineOf(offset);
    }

    Finding at(Gate gate, String rule, int offset, String message) {
        return Finding.at(gate, rule, FILE, line(offset), message);
    }

    /** The source with every comment blanked, offsets and line breaks kept. */
    StringBuilder withoutComments() {
        StringBuilder text = new StringBuilder(source());
        for (TexToken token : document.tokens()) {
            if (token.kind() == TexToken.Kind.COMMENT) {
                blank(text, token.start(), token.end());
            }
        }
        return text;
    }

    /** Spaces over [from, to), line breaks kept so offsets and lines stay true. */
    static void blank(StringBuilder text, int from, int to) {
        for (int i = Math.max(0, from); i < Math.min(to, text.length()); i++) {
            if (text.charAt(i) != '\n') {
                text.setCharAt(i, ' ');
            }
        }
    }

    static void blank(StringBuilder text, TexSpan span) {
        blank(text, span.start(), span.end());
    }

    /** A sentence or title cut to a readable length for a finding. */
    static String abbreviate(String text) {
        return text.length() <= 80 ? text : text.substring(0, 77) + "...";
    }
}
