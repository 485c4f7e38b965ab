package dev.paperorchestra.plotting;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Plotting agent settings.
 *
 * @param widthInches       printed width of a figure in inches in a single-column layout (and of a very wide
 *                          figure, 21:9 or 4:1, spanning both columns of a two-column layout); charts are drawn at
 *                          this size so their 9-11 pt type stays that size on paper
 * @param columnWidthInches printed width in inches of a figure in one column of a two-column layout (the
 *                          template's document class has the twocolumn option)
 * @param maxHeightInches   tallest printed figure in inches; tall aspect ratios (1:4, 9:16) are narrowed to fit
 * @param pngDpi            resolution of the PNG rendering in dots per inch (the PDF is vector)
 * @param maxCritiqueRounds critic reviews per figure in MODEL mode; after each rejection the planner revises the
 *                          chart spec (or diagram source) from the critic's issues; a figure never approved falls
 *                          back to the rules' chart (a diagram is left out)
 * @param diagramTimeout    wall-clock limit of one Graphviz run or TikZ compile for a diagram
 * @param diagramMaxSourceChars longest DOT or TikZ source the planner may write for a diagram
 * @param latexmk           latexmk command that compiles TikZ diagrams (in the sandbox, without shell escape)
 */
@Validated
@ConfigurationProperties("po.plotting")
public record PlottingAgentProperties(
        @DefaultValue("6.0") @DecimalMin("1.0") @DecimalMax("20.0") double widthInches,
        @DefaultValue("3.3") @DecimalMin("1.0") @DecimalMax("20.0") double columnWidthInches,
        @DefaultValue("8.0") @DecimalMin("1.0") @DecimalMax("30.0") double maxHeightInches,
        @DefaultValue("200") @Min(72) @Max(1200) int pngDpi,
        @DefaultValue("3") @Min(0) @Max(10) int maxCritiqueRounds,
        @DefaultValue("20s") @NotNull Duration diagramTimeout,
        @DefaultValue("20000") @Min(200) @Max(200000) int diagramMaxSourceChars,
        @DefaultValue("latexmk") @NotBlank String latexmk) {
}
