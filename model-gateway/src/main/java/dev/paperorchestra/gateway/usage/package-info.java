/**
 * What model calls cost, per paper, agent and role: the price table, the ledger every gateway records to and
 * reads budgets from, and the Micrometer meters.
 */
@NullMarked
package dev.paperorchestra.gateway.usage;

import org.jspecify.annotations.NullMarked;
