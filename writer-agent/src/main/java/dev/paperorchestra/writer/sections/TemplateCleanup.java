package dev.paperorchestra.writer.sections;

import dev.paperorchestra.writer.latex.AuthorBlock;
import dev.paperorchestra.writer.latex.TemplatePlaceholders;

/** What every writer does to the template first: an anonymous author block, the stubs and markers gone. */
final class TemplateCleanup {

    private TemplateCleanup() {
    }

    static String clean(String tex) {
        return TemplatePlaceholders.remove(AuthorBlock.anonymise(tex));
    }
}
