package dev.paperorchestra.content.integrity;

import dev.paperorchestra.model.tex.TexCommand;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexSignature;
import dev.paperorchestra.model.tex.TexSignatures;
import dev.paperorchestra.model.tex.TexToken;
import java.util.List;
import java.util.Map;

/**
 * Blanking parts of paper.tex in a copy of its source, offsets and line breaks kept, so that what is left can be
 * searched for prose (citation markers, result numbers) and every hit still has its line.
 */
final class TexMasks {

    /** Longest optional argument blanked with its command; a longer "[" is text. */
    private static final int OPTIONAL_MAX_CHARS = 200;

    private TexMasks() {
    }

    /**
     * Blanks every command's name (letters, not {@code \\%}) with its star and one optional argument right after
     * it: {@code \cite[p.~4]} and {@code \item[1]} go, {@code {key}} stays.
     */
    static void blankCommandNames(TexDocument document, StringBuilder text) {
        List<TexToken> tokens = document.tokens();
        for (int i = 0; i < tokens.size(); i++) {
            TexToken token = tokens.get(i);
            if (token.kind() != TexToken.Kind.COMMAND || token.text().isEmpty()
                    || !Character.isLetter(token.text().charAt(0))) {
                continue;
            }
            int end = token.end();
            int next = i + 1;
            if (next < tokens.size() && tokens.get(next).isText("*")) {
                end = tokens.get(next).end();
                next++;
            }
            if (next < tokens.size() && tokens.get(next).isText("[")) {
                for (int j = next + 1; j < tokens.size() && tokens.get(j).start() - end < OPTIONAL_MAX_CHARS; j++) {
                    if (tokens.get(j).isText("]")) {
                        end = tokens.get(j).end();
                        break;
                    }
                }
            }
            PaperText.blank(text, token.start(), end);
        }
    }

    /**
     * Blanks every use of the named commands with the arguments their signature reads; {@code signatures} gives
     * another signature where only the first arguments are names or lengths ({@code \multicolumn{2}{c}} before
     * its cell text).
     */
    static void blankCommands(TexDocument document, StringBuilder text, List<String> names,
            Map<String, TexSignature> signatures) {
        for (TexCommand command : document.commands(names.toArray(String[]::new))) {
            TexSignature signature = signatures.getOrDefault(command.name(), TexSignatures.of(command.name()));
            PaperText.blank(text, document.commandAt(command.token(), signature).span());
        }
    }

    /** Blanks what is not structure: macro definitions and messages. */
    static void blankInert(TexDocument document, StringBuilder text) {
        List<TexToken> tokens = document.tokens();
        for (int i = 0; i < tokens.size(); i++) {
            if (document.isInert(i)) {
                PaperText.blank(text, tokens.get(i).start(), tokens.get(i).end());
            }
        }
    }
}
