package dev.paperorchestra.writer.sections;

import dev.paperorchestra.writer.latex.TemplateFill;

/** What every writer does to the template first: its slots filled or removed ({@link TemplateFill}). */
final class TemplateCleanup {

    private TemplateCleanup() {
    }

    static String clean(String tex, boolean doubleBlind) {
        return TemplateFill.prepare(tex, doubleBlind);
    }
}
