package dev.paperorchestra.model.template;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.model.testing.KitSamples;
import dev.paperorchestra.model.tex.TexDocument;
import java.util.List;
import org.junit.jupiter.api.Test;


class TemplateSlotsTest {

    private static List<String> names(TemplateSlots slots, SlotKind kind) {
        return slots.slots(kind).stream().map(TemplateSlot::name).toList();
    }

    private static String text(TemplateSlots slots, TemplateSlot slot) {
        return slots.template().text(slot.span());
    }

    private static List<String> titles(List<TemplateSection> sections) {
        return sections.stream().map(TemplateSection::title).toList();
    }

    @Test
    void reads_every_slot_of_acmart_sigconf() {
        TemplateSlots slots = KitSamples.slots("sample-sigconf.tex");

        assertThat(slots.title()).hasValueSatisfying(title -> assertThat(slots.template()
                .text(title.content().orElseThrow())).isEqualTo("The Name of the Title Is Hope"));
        assertThat(names(slots, SlotKind.AUTHOR)).contains("author", "authornote", "authornotemark", "email",
                "orcid", "affiliation", "shortauthors");
        assertThat(slots.slots(SlotKind.AUTHOR).stream().filter(slot -> slot.name().equals("author")))
                .hasSize(9);
        assertThat(slots.abstractSlot()).isPresent();
        assertThat(names(slots, SlotKind.KEYWORDS)).containsExactly("CCSXML", "ccsdesc", "ccsdesc", "ccsdesc",
                "ccsdesc", "keywords");
        assertThat(slots.slots(SlotKind.TEASER)).singleElement()
                .satisfies(teaser -> assertThat(text(slots, teaser)).contains("Seattle Mariners"));
        assertThat(names(slots, SlotKind.ACKNOWLEDGEMENTS)).containsExactly("section", "acks");
        assertThat(names(slots, SlotKind.BIBLIOGRAPHY)).containsExactly("bibliography");
        assertThat(names(slots, SlotKind.VENUE)).contains("setcopyright", "copyrightyear", "acmYear", "acmDOI",
                "acmConference", "acmPrice", "acmISBN", "received");
        assertThat(slots.slots(SlotKind.VENUE).stream().map(slot -> text(slots, slot)))
                .anyMatch(venue -> venue.contains("Make sure to enter the correct"));
        assertThat(slots.showsSampleContent()).isTrue();
    }

    @Test
    void acmart_sigconf_keeps_only_the_introduction_as_skeleton_and_its_guide_as_sample() {
        TemplateSlots slots = KitSamples.slots("sample-sigconf.tex");

        assertThat(titles(slots.skeleton())).containsExactly("Introduction");
        assertThat(titles(slots.sample())).contains("Template Overview", "Typefaces", "Title Information",
                "Citations and Bibliographies", "SIGCHI Extended Abstracts", "Appendices", "Research Methods",
                "Online Resources");
    }

    @Test
    void reads_acmart_acmsmall_journal_metadata_as_venue_slots() {
        TemplateSlots slots = KitSamples.slots("sample-acmsmall.tex");

        assertThat(names(slots, SlotKind.VENUE)).contains("acmJournal", "acmVolume", "acmNumber", "acmArticle",
                "acmMonth", "setcopyright");
        assertThat(names(slots, SlotKind.AUTHOR)).contains("author", "affiliation", "email");
        assertThat(titles(slots.skeleton())).containsExactly("Introduction");
    }

    @Test
    void reads_the_ieee_conference_author_blocks_and_sample_reference_list() {
        TemplateSlots slots = KitSamples.slots("bare_conf.tex");

        assertThat(slots.slots(SlotKind.AUTHOR)).filteredOn(slot -> slot.name().equals("author")).singleElement()
                .satisfies(author -> assertThat(text(slots, author)).contains("Michael Shell", "Homer Simpson"));
        // the blocks inside \author are slots too, and removing the \author removes them
        assertThat(names(slots, SlotKind.AUTHOR)).contains("IEEEauthorblockN", "IEEEauthorblockA");
        assertThat(slots.outermost()).filteredOn(slot -> slot.kind() == SlotKind.AUTHOR).extracting(
                TemplateSlot::name).containsExactly("author");
        assertThat(names(slots, SlotKind.BIBLIOGRAPHY)).containsExactly("thebibliography");
        assertThat(names(slots, SlotKind.ACKNOWLEDGEMENTS)).containsExactly("section");
        assertThat(titles(slots.skeleton())).containsExactly("Introduction", "Conclusion");
        assertThat(SubmissionModes.of(slots.template())).isEmpty();
    }

    @Test
    void reads_the_ieee_journal_keywords_running_heads_biographies_and_appendices() {
        TemplateSlots slots = KitSamples.slots("bare_jrnl.tex");

        assertThat(names(slots, SlotKind.KEYWORDS)).containsExactly("IEEEkeywords");
        assertThat(names(slots, SlotKind.AUTHOR)).contains("author", "thanks", "IEEEmembership", "markboth",
                "IEEEbiography", "IEEEbiographynophoto");
        assertThat(slots.outermost()).filteredOn(slot -> slot.name().equals("thanks")).isEmpty();
        // \appendices starts the appendix: its stub sections are the kit's, not the paper's
        assertThat(titles(slots.skeleton())).containsExactly("Introduction", "Conclusion");
        assertThat(titles(slots.sample())).contains("Proof of the First Zonklar Equation");
    }

    @Test
    void reads_the_ieee_conference_guidance_sample_references_and_index_terms() {
        TemplateSlots slots = KitSamples.slots("ieee-conference-like.tex");

        assertThat(slots.slots(SlotKind.BIBLIOGRAPHY)).extracting(TemplateSlot::name)
                .containsExactly("section", "thebibliography");
        assertThat(text(slots, slots.slots(SlotKind.BIBLIOGRAPHY).get(1))).contains("\\bibitem{b1}");
        assertThat(slots.slots(SlotKind.SAMPLE_MATTER)).singleElement().satisfies(guidance -> assertThat(
                text(slots, guidance)).contains("IEEE conference templates contain guidance text")
                .doesNotContain("\\end{document}"));
        assertThat(slots.slots(SlotKind.KEYWORDS)).singleElement().satisfies(terms -> assertThat(
                text(slots, terms)).contains("component, formatting, style"));
        assertThat(slots.slots(SlotKind.ACKNOWLEDGEMENTS)).singleElement().satisfies(acknowledgement -> assertThat(
                text(slots, acknowledgement)).startsWith("\\section*{Acknowledgment}").contains("sponsor"));
        assertThat(titles(slots.skeleton())).containsExactly("Introduction");
        assertThat(titles(slots.sample())).containsExactly("Ease of Use", "Prepare Your Paper Before Styling");
    }

    @Test
    void reads_the_elsarticle_front_matter() {
        TemplateSlots slots = KitSamples.slots("elsarticle-template-num.tex");

        assertThat(names(slots, SlotKind.AUTHOR)).contains("author", "affiliation");
        assertThat(names(slots, SlotKind.KEYWORDS)).containsExactly("keyword");
        assertThat(names(slots, SlotKind.SAMPLE_MATTER)).containsExactly("graphicalabstract", "highlights");
        assertThat(names(slots, SlotKind.VENUE)).containsExactly("journal");
        assertThat(names(slots, SlotKind.BIBLIOGRAPHY)).containsExactly("thebibliography");
        // its one \section{} has no title: a stand-in, not a section of the paper
        assertThat(slots.skeleton()).isEmpty();
        assertThat(SubmissionModes.of(slots.template())).hasValueSatisfying(mode -> assertThat(mode.add())
                .containsExactly("doubleblind"));
    }

    @Test
    void reads_the_llncs_institutes_running_heads_and_credits() {
        TemplateSlots slots = KitSamples.slots("llncs-like.tex");

        assertThat(names(slots, SlotKind.AUTHOR)).contains("author", "authorrunning", "institute", "email");
        assertThat(names(slots, SlotKind.TITLE)).containsExactly("title", "titlerunning");
        assertThat(names(slots, SlotKind.ACKNOWLEDGEMENTS)).containsExactly("credits");
        // the keywords inside the abstract go when the abstract is written anew
        assertThat(names(slots, SlotKind.KEYWORDS)).containsExactly("keywords");
        assertThat(slots.outermost()).extracting(TemplateSlot::name).doesNotContain("keywords", "email");
        assertThat(titles(slots.skeleton())).containsExactly("Related Work", "Conclusion");
        assertThat(titles(slots.sample())).containsExactly("First Section");
    }

    @Test
    void a_section_named_for_a_role_by_one_word_among_the_kits_tour_of_features_is_sample() {
        String tour = "This section shows how the class typesets it, with the commands an author uses for it. ";
        TemplateSlots slots = TemplateSlots.of(TexDocument.parse("""
                \\documentclass{article}
                \\begin{document}
                \\section{Introduction}
                \\section{Figures}
                %1$s
                \\section{Algorithms, Program codes and Listings}
                %1$s
                \\section{Cross referencing}
                %1$s
                \\section{Proposed Algorithm}
                %1$s
                \\section{Conclusion}
                \\end{document}
                """.formatted(tour)));

        assertThat(titles(slots.sample())).containsExactly("Figures", "Algorithms, Program codes and Listings",
                "Cross referencing");
        // a paper's own section that an author titled so keeps its place: no sample section follows it
        assertThat(titles(slots.skeleton())).containsExactly("Introduction", "Proposed Algorithm", "Conclusion");
    }

    @Test
    void a_section_titled_by_a_roles_name_stays_skeleton_among_sample_sections() {
        String tour = "This section shows how the class typesets it, with the commands an author uses for it. ";
        TemplateSlots slots = TemplateSlots.of(TexDocument.parse("""
                \\documentclass{article}
                \\begin{document}
                \\section{Figures}
                %1$s
                \\section{Materials and Methods}
                %1$s
                \\section{Lists}
                %1$s
                \\end{document}
                """.formatted(tour)));

        assertThat(titles(slots.skeleton())).containsExactly("Materials and Methods");
    }

    @Test
    void a_blank_template_of_our_own_shows_no_sample_content() {
        TemplateSlots slots = TemplateSlots.of(TexDocument.parse("""
                \\documentclass{article}
                % \\author{Commented Out}
                \\newcommand{\\maketeaser}{\\begin{teaserfigure}x\\end{teaserfigure}}
                \\begin{document}
                \\title{TITLE}
                \\maketitle
                \\begin{abstract}
                \\end{abstract}
                \\section{Introduction}
                \\section{Our Solution}
                Describe it here.
                \\section{Conclusion}
                \\end{document}
                """));

        assertThat(slots.slots(SlotKind.AUTHOR)).isEmpty();
        assertThat(slots.slots(SlotKind.TEASER)).isEmpty();
        assertThat(titles(slots.skeleton())).containsExactly("Introduction", "Our Solution", "Conclusion");
        assertThat(slots.showsSampleContent()).isFalse();
    }

    @org.junit.jupiter.api.Test
    void guidance_text_between_the_abstract_and_the_first_section_is_sample_matter() {
        String template = "\\documentclass{article}\n\\begin{document}\n\\maketitle\n\\begin{abstract}\nA.\n"
                + "\\end{abstract}\n\nA paragraph without a previous section title may directly follow the abstract.\n\n"
                + "\\section{Introduction}\nText.\n\\end{document}\n";

        org.assertj.core.api.Assertions.assertThat(TemplateSlots.of(dev.paperorchestra.model.tex.TexDocument
                .parse(template)).slots(SlotKind.SAMPLE_MATTER)).singleElement().satisfies(slot ->
                        org.assertj.core.api.Assertions.assertThat(slot.name()).isEqualTo("text before the first section"));
    }

    /**
     * A journal kit in nature's form: an affiliations list, a figure that is only a legend's guidance, and an
     * addendum of acknowledgements, competing interests and correspondence, each sample matter to fill or remove.
     */
    @Test
    void reads_an_affiliations_list_a_legend_only_figure_and_an_addendum() {
        TemplateSlots slots = TemplateSlots.of(TexDocument.parse("""
                \\documentclass{article}
                \\begin{document}
                \\maketitle
                \\begin{affiliations}
                 \\item List the institutions here.
                \\end{affiliations}
                \\begin{abstract}
                Sample abstract.
                \\end{abstract}
                \\begin{figure}
                \\caption{Start each legend with a short title for the whole figure.}
                \\end{figure}
                \\begin{figure}
                \\includegraphics{plot}
                \\caption{A drawn figure.}
                \\end{figure}
                \\begin{addendum}
                 \\item Thank your funders here.
                 \\item[Correspondence] Write to someone@example.org.
                \\end{addendum}
                \\end{document}
                """));

        assertThat(names(slots, SlotKind.AUTHOR)).containsExactly("affiliations");
        assertThat(names(slots, SlotKind.ACKNOWLEDGEMENTS)).containsExactly("addendum");
        assertThat(slots.slots(SlotKind.SAMPLE_MATTER)).singleElement()
                .satisfies(slot -> assertThat(text(slots, slot)).contains("Start each legend")
                        .doesNotContain("A drawn figure"));
    }

    @Test
    void an_abstract_given_as_a_command_is_the_abstract_slot() {
        TemplateSlots slots = TemplateSlots.of(TexDocument.parse(
                "\\documentclass{oup-authoring-template}\n\\begin{document}\n"
                        + "\\abstract{Abstracts must be able to stand alone.}\n\\maketitle\n\\end{document}\n"));

        assertThat(slots.abstractSlot()).hasValueSatisfying(slot -> assertThat(slots.template()
                .text(slot.content().orElseThrow())).isEqualTo("Abstracts must be able to stand alone."));
    }

    /** OUP's history dates take three arguments where acmart's take one: the slot is the whole command. */
    @Test
    void a_venue_command_holds_the_groups_its_class_gives_it() {
        TemplateSlots slots = TemplateSlots.of(TexDocument.parse("\\documentclass{oup-authoring-template}\n"
                + "\\begin{document}\n\\received{Date}{0}{Year}\n{\\bf Text.}\n\\end{document}\n"));

        assertThat(slots.slots(SlotKind.VENUE)).singleElement().satisfies(slot -> assertThat(text(slots, slot))
                .isEqualTo("\\received{Date}{0}{Year}"));
    }
}
