package dev.paperorchestra.content.materials;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Lines as the biomedical cases' JATS exports write them (mikecredence/paperorchestra-bio, benchmark/test-cases). */
class ExportLabelsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            AbstractBackgroundIdentifying the structured distribution is a general question. | Identifying the structured distribution is a general question.
            - 1.IntroductionIdentifying and quantifying if a feature is structured. | - Identifying and quantifying if a feature is structured.
            - 3.Results3.1.SI quantifies the topological distribution. | - SI quantifies the topological distribution.
            in image segmentation.New methodWe introduce the Structure Index (SI). | in image segmentation.New methodWe introduce the Structure Index (SI).
            a metric. New methodWe introduce the Structure Index (SI). | a metric. We introduce the Structure Index (SI).
            MethodsParticipantsWe recruited 40 adults. | We recruited 40 adults.
            ResNet and AlphaFold outperform DeepVariant on PacBio reads. | ResNet and AlphaFold outperform DeepVariant on PacBio reads.
            Results are summarised in Table 2. | Results are summarised in Table 2.
            ABSTRACTQuantitative information about synaptic transmission is key. | Quantitative information about synaptic transmission is key.
            - INTRODUCTIONSynaptic communication serves many functions. | - Synaptic communication serves many functions.
            MATERIALS AND METHODSElectrophysiological recordings were made. | Electrophysiological recordings were made.
            RESULTSminiML enables accurate classification. | miniML enables accurate classification.
            RESULTS AND DISCUSSION of GABA release appear in CA1. | RESULTS AND DISCUSSION of GABA release appear in CA1.
            """)
    void a_glued_section_title_goes_and_its_text_stays(String line, String cleaned) {
        assertThat(ExportLabels.clean(line, new int[2])).isEqualTo(cleaned);
    }

    @Test
    void provenance_labels_of_the_export_tool_go() {
        assertThat(ExportLabels.isProvenanceLine("> Extracted from full-text JATS XML (PaperOrchestra-quality inputs)"))
                .isTrue();
        assertThat(ExportLabels.isProvenanceLine("Extracted from abstract:")).isTrue();
        assertThat(ExportLabels.isProvenanceLine("Extracted from the lungs of 12 mice, the samples were frozen.")).isFalse();
        int[] counted = new int[2];
        assertThat(ExportLabels.clean("Extracted from abstract: We introduce a metric.", counted))
                .isEqualTo("We introduce a metric.");
        assertThat(counted).containsExactly(1, 0);
    }

    @Test
    void the_notes_cleaner_reports_what_it_took_off() {
        MessyNotes.Cleaned cleaned = MessyNotes.clean("""
                ## Core contribution (bullet form)
                Extracted from abstract:
                AbstractBackgroundIdentifying the structured distribution of a feature is hard.
                """);

        assertThat(cleaned.text()).doesNotContain("Extracted from").doesNotContain("AbstractBackground")
                .contains("Identifying the structured distribution of a feature is hard.");
        assertThat(cleaned.note("idea.md")).hasValueSatisfying(note -> assertThat(note)
                .contains("1 export tool's label").contains("1 section title glued to its text"));
    }
}
