package dev.paperorchestra.reviewer;

import dev.paperorchestra.reviewer.review.ReviewFormat;
import jakarta.validation.constraints.NotNull;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Settings of the reviewer agent.
 *
 * @param format review format written for every request; {@code conference}: the conference-style review
 *               (summary, strengths, weaknesses, questions, limitations, ethical concerns, seven 1-4 axes,
 *               overall 1-10, confidence 1-5, Accept/Reject)
 */
@Validated
@ConfigurationProperties("po.reviewer")
public record ReviewerAgentProperties(@DefaultValue("conference") @NotNull ReviewFormat format) {
}
