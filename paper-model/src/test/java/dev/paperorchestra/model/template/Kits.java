package dev.paperorchestra.model.template;

import dev.paperorchestra.model.tex.TexDocument;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The kit samples of the test resources (kits/README.md says where each comes from). */
final class Kits {

    private Kits() {
    }

    static String source(String file) {
        try (InputStream in = Kits.class.getResourceAsStream("/kits/" + file)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource kits/" + file);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static TemplateSlots slots(String file) {
        return TemplateSlots.of(TexDocument.parse(source(file)));
    }
}
