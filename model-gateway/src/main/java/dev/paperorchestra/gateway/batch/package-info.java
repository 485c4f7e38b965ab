/**
 * Model calls that can wait, sent through the providers' batch APIs at their batch price: the provider-neutral
 * {@link dev.paperorchestra.gateway.batch.BatchApi}, and the coordinator that gathers calls across papers,
 * submits, polls, files each answer in the response cache under its key and falls back to a synchronous call
 * for an item that failed.
 */
@NullMarked
package dev.paperorchestra.gateway.batch;

import org.jspecify.annotations.NullMarked;
