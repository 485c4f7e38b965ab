package dev.paperorchestra.reviewer;

import dev.paperorchestra.reviewer.review.ReviewFormat;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of the reviewer agent (model reviews; the offline rubric has no settings).
 *
 * @param format            {@code conference} (the spec's conference-style fields and scales) or
 *                          {@code agent-review} (anchored 1-10 overall and sub-axes)
 * @param temperature       sampling temperature of the reviewer model (the spec's reference setting is 0.75)
 * @param panelSize         independent reviews per version, aggregated by the median of each axis
 * @param temperatureSpread width of the panel's temperatures, evenly spaced and centred on {@code temperature}
 * @param pageImages        most PDF pages sent as images to the reviewer model; 0 sends none (for models
 *                          without image input)
 * @param pageImageDpi      resolution of the page images
 */
@Validated
@ConfigurationProperties("po.reviewer")
public record ReviewerAgentProperties(
        @DefaultValue("conference") @NotNull ReviewFormat format,
        @DefaultValue("0.75") @DecimalMin("0.0") @DecimalMax("2.0") double temperature,
        @DefaultValue("1") @Min(1) @Max(9) int panelSize,
        @DefaultValue("0.2") @DecimalMin("0.0") @DecimalMax("1.0") double temperatureSpread,
        @DefaultValue("8") @Min(0) @Max(40) int pageImages,
        @DefaultValue("110") @Min(50) @Max(300) int pageImageDpi) {
}
