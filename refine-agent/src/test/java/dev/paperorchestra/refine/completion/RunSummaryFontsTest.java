package dev.paperorchestra.refine.completion;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.content.integrity.GateResult;
import dev.paperorchestra.model.finding.Finding;
import dev.paperorchestra.model.finding.Gate;
import dev.paperorchestra.base.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * summary.json's {@code fonts}: what the FONTS gate found on the final PDF, typed, for whoever counts valid PDFs;
 * no {@code passed}, so a paper whose figures' fonts are not embedded is still complete, and says so.
 */
class RunSummaryFontsTest {

    @Test
    void reports_bitmap_and_unembedded_fonts_with_their_typed_findings_and_no_verdict() {
        GateResult result = new GateResult(Gate.FONTS, 12, List.of(Finding.at(Gate.FONTS, "fonts.not-embedded",
                "figures/fig_sweep.pdf", 0, "figures/fig_sweep.pdf (a figure) uses 1 font without embedding it "
                        + "(Helvetica), which venues' PDF checks refuse")));

        JsonNode fonts = Json.mapper().valueToTree(RunSummaryWriter.fonts(result));

        assertThat(fonts.get("gate").asString()).isEqualTo("FONTS");
        assertThat(fonts.get("checked").asInt()).isEqualTo(12);
        assertThat(fonts.get("bitmap").asBoolean()).isFalse();
        assertThat(fonts.get("allEmbedded").asBoolean()).isFalse();
        assertThat(fonts.has("passed")).isFalse();
        assertThat(fonts.at("/findings/0").asString()).contains("Helvetica");
        assertThat(fonts.at("/typedFindings/0/rule").asString()).isEqualTo("fonts.not-embedded");
        assertThat(fonts.at("/typedFindings/0/location/file").asString()).isEqualTo("figures/fig_sweep.pdf");
    }

    @Test
    void a_pdf_with_type_1_fonts_all_embedded_says_so() {
        JsonNode fonts = Json.mapper().valueToTree(RunSummaryWriter.fonts(GateResult.passed(Gate.FONTS, 5)));

        assertThat(fonts.get("bitmap").asBoolean()).isFalse();
        assertThat(fonts.get("allEmbedded").asBoolean()).isTrue();
        assertThat(fonts.get("typedFindings").isEmpty()).isTrue();
    }
}
