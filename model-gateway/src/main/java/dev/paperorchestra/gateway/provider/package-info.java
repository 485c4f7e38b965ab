/**
 * The contract between the gateway and each model provider: a provider turns one {@link
 * dev.paperorchestra.gateway.provider.ProviderCall} into one {@link
 * dev.paperorchestra.gateway.provider.ProviderAnswer} and nothing else. Retries, the cache, budgets and
 * accounting belong to the gateway. Adapters live in {@code llm.<provider>.internal}.
 */
@NullMarked
package dev.paperorchestra.gateway.provider;

import org.jspecify.annotations.NullMarked;
