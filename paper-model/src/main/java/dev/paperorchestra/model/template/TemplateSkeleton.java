package dev.paperorchestra.model.template;

import dev.paperorchestra.model.template.TemplateSection.Use;
import dev.paperorchestra.model.text.Prose;
import dev.paperorchestra.model.tex.TexDocument;
import dev.paperorchestra.model.tex.TexSection;
import dev.paperorchestra.model.vocabulary.PaperPart;
import dev.paperorchestra.model.vocabulary.SectionRole;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The one rule for which sections of a template are the paper's skeleton and which are the kit's sample content.
 * The outline's section plan, the writers and the gates all ask it.
 *
 * <p>A top-level section of the main text is <b>skeleton</b> when its title names a part of a paper's argument
 * (a {@link SectionRole} among {@link #ARGUMENT}: Introduction, Related Work, Background, Method, Experiments,
 * Discussion, Conclusion, Limitations, the ethics and reproducibility statements) or when it holds fewer than
 * {@value #SAMPLE_WORDS} words (a heading the author left to be filled, perhaps with a stub such as "Text
 * here."). A section titled otherwise that holds text ("Template Overview", "Typefaces", "Citations and
 * Bibliographies", "SIGCHI Extended Abstracts") is <b>sample</b>: the kit explaining itself. So is a section
 * with no title ({@code \section{}}, elsarticle's stand-in). After {@code \appendix} (IEEEtran's
 * {@code \appendices}) a section is skeleton only while it holds no words at all: the paper's own appendix is
 * written anew, never taken from the kit (acmart's "Research Methods", IEEE's "Proof of the First Zonklar
 * Equation"). An acknowledgements section and a References section are {@linkplain Use#SLOT slots}: the
 * acknowledgements are filled or removed, and the bibliography sets its own heading. Subsections go with their
 * section; the body of a skeleton section is the kit's sample text and is always written anew.
 */
public final class TemplateSkeleton {

    /** The roles a paper's own sections have. */
    public static final Set<SectionRole> ARGUMENT = EnumSet.of(SectionRole.INTRODUCTION, SectionRole.RELATED_WORK,
            SectionRole.BACKGROUND, SectionRole.METHOD, SectionRole.EXPERIMENTS, SectionRole.DISCUSSION,
            SectionRole.CONCLUSION, SectionRole.LIMITATIONS, SectionRole.ETHICS, SectionRole.REPRODUCIBILITY);
    /** A section of no argument role with at least this many words is the kit's sample text. */
    public static final int SAMPLE_WORDS = 12;

    private TemplateSkeleton() {
    }

    /** What a section of the template is to the paper. */
    static Use use(TexDocument template, TexSection section) {
        if (section.role() == SectionRole.ACKNOWLEDGEMENTS || section.role() == SectionRole.REFERENCES) {
            return Use.SLOT;
        }
        int words = Prose.wordCount(template.plainText(section.body()));
        if (section.part() == PaperPart.APPENDIX) {
            return words == 0 ? Use.SKELETON : Use.SAMPLE;
        }
        if (Prose.plainWords(section.title()).isBlank()) {
            return Use.SAMPLE;
        }
        return ARGUMENT.contains(section.role()) || words < SAMPLE_WORDS ? Use.SKELETON : Use.SAMPLE;
    }

    /**
     * The template's top-level sections, in order, each with its use. A section whose title names an argument
     * role only through one of its words ("Algorithms, Program codes and Listings" holds "algorithm"), that holds
     * text, and that stands between two of the kit's sample sections is one of them: the kit's tour of its
     * features, not the paper's method. A title that is a role's name ("Method", "Materials and Methods") stays
     * skeleton wherever it stands.
     */
    public static List<TemplateSection> sections(TexDocument template) {
        List<TexSection> top = template.topSections();
        List<Use> uses = new ArrayList<>(top.stream().map(section -> use(template, section)).toList());
        for (int i = 1; i + 1 < top.size(); i++) {
            TexSection section = top.get(i);
            if (uses.get(i) == Use.SKELETON && uses.get(i - 1) == Use.SAMPLE && uses.get(i + 1) == Use.SAMPLE
                    && SectionRole.named(section.title()).isEmpty()
                    && Prose.wordCount(template.plainText(section.body())) >= SAMPLE_WORDS) {
                uses.set(i, Use.SAMPLE);
            }
        }
        List<TemplateSection> sections = new ArrayList<>();
        for (int i = 0; i < top.size(); i++) {
            sections.add(new TemplateSection(top.get(i), uses.get(i)));
        }
        return List.copyOf(sections);
    }
}
