package dev.paperorchestra.runtime.llm;

import jakarta.validation.constraints.NotNull;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Model provider selection.
 *
 * @param provider {@code none}: no provider is configured, so only offline jobs can run
 */
@Validated
@ConfigurationProperties("po.llm")
public record LlmProperties(@DefaultValue("none") @NotNull Provider provider) {

    public enum Provider { NONE }
}
