package dev.paperorchestra.content.materials;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.paperorchestra.content.materials.MessyNotes.Kind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Messy materials built here, as a biomedical log exported from a JATS full text and a JSON string would be:
 * identifiers, a pasted reference list, citation markers, LaTeX whose backslashes JSON escapes ate.
 */
class MessyNotesTest {

    /** What a JSON decoder makes of a string whose author wrote single backslashes: \t \n \r \b \f are eaten. */
    private static String jsonDecoded(String written) {
        return written.replace("\\t", "\t").replace("\\n", "\n").replace("\\r", "\r").replace("\\b", "\b")
                .replace("\\f", "\f");
    }

    private static final String FIGURE_ID = "biorxiv;2025.01.31.635838v1/FIG1F1fig1Fig.";

    private static String biomedicalLog() {
        StringBuilder log = new StringBuilder("# Experimental log: organoid screen\n\n## Setup\n\n");
        log.append("Organoids were grown from iPSC line WTC-11 for 30 days in 96-well plates.\n");
        log.append("Protein-protein interactions7, 8 were scored as before [1], with CD4 and p53 as controls.\n");
        log.append("Imaging followed the published protocol [2, 3] on a ResNet50 feature extractor (top-5 error).\n");
        log.append("Neighbouring cells12,13 were masked; layer 3 of the encoder gave the best features [4–6].\n");
        log.append("Loss weights were swept in [0, 1] and the ratio in [1, 5]; see `x[1]` in the script.\n\n");
        for (int i = 1; i <= 5; i++) {
            log.append("Figure ").append(i).append(". Organoid size at day ").append(10 * i).append(". ")
                    .append(FIGURE_ID.replace("FIG1F1fig1", "FIG" + i + "F" + i + "fig" + i)).append('\n');
        }
        log.append("\nbioRxiv preprint doi: https://doi.org/10.1101/2025.01.31.635838; this version posted February 2, "
                + "2025. The copyright holder for this preprint (which was not certified by peer review) is the "
                + "author/funder. All rights reserved. No reuse allowed without permission.\n");
        log.append("Source data: doi:10.1101/2024.12.02.626402v2 and ")
                .append("https://www.biorxiv.org/content/10.1101/2025.01.31.635838v1.full.pdf (F1.large.jpg).\n");
        log.append("Panel reused from pone.0123456.g001 (PMC7654321, PMID: 31234567).\n\n");
        log.append(jsonDecoded("The objective is $\\mathcal{L} = \\lambda \\text{CE} + \\tau \\theta$ with "
                .replace("\\mathcal", "_mathcal") + "gradient $\\nabla \\ell$ and $\\beta \\frac{1}{2}$.\n"));
        log.append(jsonDecoded("A damaged span $\\q\\tuv x$ is not a formula.\n"));
        log.append("\n## Results\n\n### Organoid size by condition\n\n| Condition | Size (um) |\n|---|---|\n")
                .append("| Control [1] | 412 |\n| Knockdown | 388 |\n\n");
        log.append("Knockdown organoids were smaller [7].\n\n## References\n\n");
        for (int i = 1; i <= 6; i++) {
            log.append(i).append(". Smith J, Doe A, Roe B. Organoid study ").append(i)
                    .append(". Nature. 2020;581(7808):").append(100 + i).append("-").append(110 + i)
                    .append(". doi:10.1038/s41586-020-").append(2000 + i).append('\n');
        }
        return log.toString();
    }

    @Test
    void a_messy_biomedical_log_is_cleaned_and_the_note_says_what_was_done() {
        MessyNotes.Cleaned cleaned = MessyNotes.clean(biomedicalLog());
        String text = cleaned.text();

        assertThat(text).doesNotContain("biorxiv", "bioRxiv", "10.1101", "635838", "F1.large", "pone.0123456",
                "PMC7654321", "PMID", "Smith J", "## References", "before [1]", "[2, 3]", "[4–6]", "[7]",
                "interactions7", "cells12")
                .doesNotContain("\t", "\b", "\f", "\r");
        assertThat(text).contains("Protein-protein interactions were scored as before, with CD4 and p53 as controls.",
                "Imaging followed the published protocol on a ResNet50 feature extractor (top-5 error).",
                "Neighbouring cells were masked; layer 3 of the encoder gave the best features.",
                "Loss weights were swept in [0, 1] and the ratio in [1, 5]; see `x[1]` in the script.",
                "Organoids were grown from iPSC line WTC-11 for 30 days in 96-well plates.",
                "Figure 3. Organoid size at day 30.",
                "$\\mathcal{L} = \\lambda \\text{CE} + \\tau \\theta$", "$\\nabla \\ell$", "$\\beta \\frac{1}{2}$",
                "A damaged span is not a formula.",
                "Knockdown organoids were smaller.");
        // the table and its caption are as written: every agent finds the table by that caption
        assertThat(text).contains("### Organoid size by condition\n\n| Condition | Size (um) |\n|---|---|\n"
                + "| Control [1] | 412 |");
        assertThat(MarkdownTables.parse(text)).isEqualTo(MarkdownTables.parse(biomedicalLog()));

        assertThat(cleaned.count(Kind.FIGURE_ID)).isEqualTo(7); // five figure ids, F1.large.jpg, pone...g001
        assertThat(cleaned.count(Kind.PREPRINT_ID)).isEqualTo(3); // the page stamp counts as its DOI
        assertThat(text).doesNotContain("version posted", "copyright holder", "No reuse");
        assertThat(cleaned.count(Kind.PUBMED_ID)).isEqualTo(2);
        assertThat(cleaned.count(Kind.CITATION_MARKER)).isEqualTo(6);
        assertThat(cleaned.count(Kind.LATEX_REPAIRED)).isEqualTo(7);
        assertThat(cleaned.count(Kind.MATH_DROPPED)).isEqualTo(1);
        assertThat(cleaned.referenceLists()).isEqualTo(1);
        assertThat(cleaned.referenceLines()).isEqualTo(6);
        assertThat(cleaned.note("experimental_log.md")).hasValue("experimental_log.md: removed 7 bioRxiv/JATS "
                + "figure ids, 3 bioRxiv/medRxiv DOIs and links, 2 PubMed/PMC ids, a pasted reference list (6 lines), "
                + "6 citation markers without a reference; repaired 7 LaTeX commands damaged by JSON escapes or lost "
                + "backslashes; dropped 1 formula too damaged to repair; the paper is written from the cleaned text");
    }

    @Test
    void every_form_of_a_preprint_identifier_goes_and_the_sentence_around_it_stays() {
        for (String id : List.of("biorxiv;2025.01.31.635838v1/FIG1F1fig1Fig.", "medrxiv;2024.03.05.24303812v2/T2",
                "10.1101/2025.01.31.635838", "doi:10.1101/2025.01.31.635838v1", "DOI: 10.1101/123456",
                "https://www.biorxiv.org/content/10.1101/2025.01.31.635838v1",
                "https://doi.org/10.1101/2025.01.31.635838", "www.medrxiv.org/content/10.1101/2024.03.05.24303812v1.full",
                "F1.large.jpg", "pone.0123456.g001", "journal.pbio.1234567.t002", "elife-12345-fig1-v2.jpg",
                "PMC7654321", "PMID: 31234567", "2025.01.31.635838v1.full.pdf")) {
            String line = "Cell counts rose after treatment (" + id + ") in every well.";
            assertThat(MessyNotes.cleanText(line)).as(id).isEqualTo("Cell counts rose after treatment in every well.");
        }
        assertThat(MessyNotes.cleanText("Cell counts rose. " + FIGURE_ID + " Counts fell later."))
                .isEqualTo("Cell counts rose. Counts fell later.");
        assertThat(MessyNotes.cleanText(FIGURE_ID + "\nNext line.")).isEqualTo("Next line.");
    }

    @Test
    void citation_markers_go_and_real_numbers_stay() {
        assertThat(MessyNotes.cleanText("Interactions were scored [1] and confirmed [2, 3] twice [4–6] or [7-9]."))
                .isEqualTo("Interactions were scored and confirmed twice or.");
        assertThat(MessyNotes.cleanText("As shown previously[12], binding is weak."))
                .isEqualTo("As shown previously, binding is weak.");
        assertThat(MessyNotes.cleanText("Protein interactions7, 8 and neighbouring cells12,13 were masked."))
                .isEqualTo("Protein interactions and neighbouring cells were masked.");
        // a single flattened number only where the text shows the list form too
        assertThat(MessyNotes.cleanText("Binding is weak in tissues5. Their interactions7, 8 vary."))
                .isEqualTo("Binding is weak in tissues. Their interactions vary.");
        assertThat(MessyNotes.cleanText("Binding is weak in tissues5.")).isEqualTo("Binding is weak in tissues5.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"CD4 and CD8 T cells were sorted.", "H2O2 and H2O were added.", "p53 was knocked down.",
            "The top-5 error of ResNet50 and ResNet-18 fell.", "Features from layer 3 and conv5 were used.",
            "We trained on cifar10 and cifar100 for 200 epochs.", "Samples week12, day7 and exon5 were kept.",
            "The weights lie in [0, 1] and the ratio within [1, 5].", "Read `a[1]` and x[2] and arr[3] in code.",
            "The interval $[1, 2]$ and the link [1](https://example.org) and ![2](fig.png) stay.",
            "Accuracy was 93.1 [92.5, 93.7] over 1,000 runs.", "See reference style [Smith 2020] and [a].",
            "1. Trained on ImageNet for 90 epochs in 2021.\n2. Fine-tuned as in Smith et al. 2020.",
            "Version 2.3.1 of the 2024.01 release, dated 2024.01.31, 10.5 ms.",
            "The $\\alpha$ value\tand a tab\tbetween words stay; so does $a_{ij}$ and \\textbf{x}."})
    void text_without_any_of_it_is_left_exactly_as_written(String text) {
        MessyNotes.Cleaned cleaned = MessyNotes.clean(text);
        assertThat(cleaned.text()).isEqualTo(text);
        assertThat(cleaned.changed()).isFalse();
        assertThat(cleaned.note("idea.md")).isEmpty();
    }

    @Test
    void latex_damaged_by_json_escapes_is_repaired_when_unambiguous_and_dropped_otherwise() {
        assertThat(MessyNotes.cleanText(jsonDecoded("Loss $\\text{CE}(\\theta) + \\tau$ here.")))
                .isEqualTo("Loss $\\text{CE}(\\theta) + \\tau$ here.");
        assertThat(MessyNotes.cleanText("Grad $\n" + "abla f$ and $a \\neq b$.")).isEqualTo("Grad $\\nabla f$ and "
                + "$a \\neq b$.");
        assertThat(MessyNotes.cleanText(jsonDecoded("$\\rho \\right) \\beta \\frac{a}{b} \\forall x$")))
                .isEqualTo("$\\rho \\right) \\beta \\frac{a}{b} \\forall x$");
        assertThat(MessyNotes.cleanText("Set $_mathcal{J}$ and $x_mathrm{max}$.")).isEqualTo(
                "Set $\\mathcal{J}$ and $x_\\mathrm{max}$.");
        // outside math only TAB+"ext{" is unmistakable
        assertThat(MessyNotes.cleanText("Bold \textbf{this}.")).isEqualTo("Bold \\textbf{this}.");
        // a tab that is no command, or braces left open: the formula is dropped, never compiled
        assertThat(MessyNotes.cleanText("Value $\tq x$ here and $\\frac{a$ there.")).isEqualTo(
                "Value here and there.");
        // an "ablation" that starts a line is a word, not \nabla
        assertThat(MessyNotes.cleanText("We ran one\nablation per component.")).isEqualTo(
                "We ran one\nablation per component.");
        // control characters outside math mean nothing
        assertThat(MessyNotes.clean("Stray\b mark\f here.")).satisfies(c -> {
            assertThat(c.text()).isEqualTo("Stray mark here.");
            assertThat(c.count(Kind.CONTROL_CHARACTER)).isEqualTo(2);
        });
    }

    @Test
    void a_pasted_reference_list_goes_with_or_without_a_heading_and_a_numbered_note_list_stays() {
        String withHeading = "# Notes\n\nCells grew.\n\n**References**\n\n1. Smith J, Doe A. Title. Cell. "
                + "2019;10(2):1-9.\n2. Roe B. Other. Nature. 2020;5:3-4.\n\nMore notes after the list.\n";
        assertThat(MessyNotes.clean(withHeading)).satisfies(c -> {
            assertThat(c.text()).isEqualTo("# Notes\n\nCells grew.\n\nMore notes after the list.\n");
            assertThat(c.referenceLines()).isEqualTo(2);
        });
        String bibliography = "## Method\n\nWe sort cells.\n\n## Bibliography\n\n[1] A. Vaswani, N. Shazeer. "
                + "Attention is all you need. In NeurIPS, 2017.\nSome trailing text of the list.\n\n## Results\n\nGood.";
        assertThat(MessyNotes.cleanText(bibliography)).isEqualTo("## Method\n\nWe sort cells.\n\n## Results\n\nGood.");
        String run = "Cells grew.\n[1] Smith J, Doe A. Organoids. Cell. 2019;10:1-9. doi:10.1016/j.cell.2019.01.001\n"
                + "[2] Roe B, Poe C. Screens. Nature. 2020;5(1):3-4.\nCells died.";
        assertThat(MessyNotes.cleanText(run)).isEqualTo("Cells grew.\nCells died.");
        String notes = "1. Baseline of Smith et al. 2020 on ImageNet.\n2. Our method, 2021 settings.";
        assertThat(MessyNotes.cleanText(notes)).isEqualTo(notes);
    }

    @Test
    void fenced_code_is_kept_as_written() {
        String code = "Run:\n\n```\nx = a[1] + b[2, 3]  # see 10.1101/2025.01.31.635838\n```\n";
        assertThat(MessyNotes.cleanText(code)).isEqualTo(code);
    }

    @Test
    void the_examples_are_already_clean() throws Exception {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(Path.of("..", "examples"))) {
            walk.filter(p -> p.toString().endsWith(".md") && !p.toString().contains("broken")).forEach(files::add);
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(6);
        for (Path file : files) {
            String text = Files.readString(file);
            MessyNotes.Cleaned cleaned = MessyNotes.clean(text);
            assertThat(cleaned.note(file.getFileName().toString())).as(file.toString()).isEmpty();
            assertThat(cleaned.text()).as(file.toString()).isEqualTo(text);
        }
    }

    @Test
    void a_large_log_built_to_make_the_patterns_backtrack_is_cleaned_in_time() {
        int size = 1 << 19; // half of po.materials.max-log-size: the cost is linear, a second or two per MB
        for (String unit : List.of("biorxiv;2025.01.31.635838v1/" + "a".repeat(4000) + " ", "$\t" + "x".repeat(300),
                "$$ x ", "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20", "interactions7,",
                "1. Smith J, Doe A. " + "Title ".repeat(50) + "\n", "## References\n", "10.1101/" + "1".repeat(5000))) {
            String hostile = unit.repeat(size / unit.length());
            assertTimeoutPreemptively(Duration.ofSeconds(10), () -> MessyNotes.clean(hostile), unit.substring(0, Math.min(8, unit.length())));
        }
    }
}
