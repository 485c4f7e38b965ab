package dev.paperorchestra.model.template;

import dev.paperorchestra.model.tex.TexSection;

/**
 * A top-level section of a template and what it is to the paper ({@link TemplateSkeleton} decides).
 *
 * @param section the section as parsed
 * @param use     whether the paper keeps it, replaces it as a slot, or drops it as the kit's sample content
 */
public record TemplateSection(TexSection section, Use use) {

    /** What a template's section is to the paper. */
    public enum Use {
        /** A section the paper has: its heading stays and its body (sample text or empty) is written anew. */
        SKELETON,
        /**
         * The acknowledgements ({@link SlotKind#ACKNOWLEDGEMENTS}) or a References heading before the bibliography
         * ({@link SlotKind#BIBLIOGRAPHY}): slots of their own.
         */
        SLOT,
        /** The kit explaining itself ("Template Overview", "Typefaces"): never published. */
        SAMPLE
    }

    public String title() {
        return section.title();
    }

    public boolean skeleton() {
        return use == Use.SKELETON;
    }
}
