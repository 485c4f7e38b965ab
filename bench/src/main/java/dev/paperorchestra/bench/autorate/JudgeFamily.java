package dev.paperorchestra.bench.autorate;

import dev.paperorchestra.gateway.LlmGateway;

/**
 * A judge family the side-by-side autorater asks: its name in results and the report ({@code provider:model})
 * and the gateway its calls go through.
 */
public record JudgeFamily(String label, LlmGateway gateway) {
}
