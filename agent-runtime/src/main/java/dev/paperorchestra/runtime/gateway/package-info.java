/**
 * The model gateway inside an agent: its Spring wiring (the agent's blob store, cancellations and tenant labels
 * passed to the gateway's ports) and the Kafka side of usage, the {@code llm-usage} ledger that budgets read
 * across agents.
 */
@NullMarked
package dev.paperorchestra.runtime.gateway;

import org.jspecify.annotations.NullMarked;
