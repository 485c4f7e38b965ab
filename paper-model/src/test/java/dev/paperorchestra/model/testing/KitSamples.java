package dev.paperorchestra.model.testing;

import dev.paperorchestra.model.template.TemplateSlots;
import dev.paperorchestra.model.tex.TexDocument;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The publisher kits' sample templates of the test resources, as a new user gets them from TeX Live
 * (kits/README.md says where each comes from and under which licence).
 */
public final class KitSamples {

    public static final String ACMART_SIGCONF = "sample-sigconf.tex";
    public static final String ACMART_ACMSMALL = "sample-acmsmall.tex";
    public static final String IEEE_CONFERENCE = "bare_conf.tex";
    public static final String IEEE_JOURNAL = "bare_jrnl.tex";
    public static final String IEEE_CONFERENCE_CURRENT = "ieee-conference-like.tex";
    public static final String ELSARTICLE = "elsarticle-template-num.tex";
    public static final String LLNCS = "llncs-like.tex";

    private KitSamples() {
    }

    public static String source(String file) {
        try (InputStream in = KitSamples.class.getResourceAsStream("/kits/" + file)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource kits/" + file);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static TemplateSlots slots(String file) {
        return TemplateSlots.of(TexDocument.parse(source(file)));
    }
}
