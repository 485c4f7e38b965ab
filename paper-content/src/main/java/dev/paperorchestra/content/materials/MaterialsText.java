package dev.paperorchestra.content.materials;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** Decodes a materials file as text: strictly UTF-8, no NUL bytes (binary), not blank. */
final class MaterialsText {

    private MaterialsText() {
    }

    /** The text, or null after adding a problem naming the file. */
    static @Nullable String decode(String file, byte[] bytes, List<MaterialsProblem> problems) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                problems.add(new MaterialsProblem(file, "is binary (NUL byte at offset " + i + "), not a text file"));
                return null;
            }
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        String text;
        try {
            CharBuffer chars = decoder.decode(ByteBuffer.wrap(bytes));
            text = chars.toString();
        } catch (CharacterCodingException e) {
            problems.add(new MaterialsProblem(file, "is not valid UTF-8 (near byte " + firstInvalid(bytes)
                    + "); save it as UTF-8 text"));
            return null;
        }
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        if (text.isBlank()) {
            problems.add(new MaterialsProblem(file, "has nothing but whitespace"));
            return null;
        }
        return text;
    }

    /** Offset of the first byte that does not start a valid UTF-8 sequence, for the message. */
    private static int firstInvalid(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        decoder.decode(in, out, true);
        return in.position();
    }
}
