/**
 * The gateway behind {@link dev.paperorchestra.gateway.LlmGateway}: one template method that adds the
 * isolation preamble, serves and fills the response cache, enforces the paper's budget, limits concurrency per
 * provider, retries what may pass, validates and repairs structured answers, and accounts every call.
 * Providers only implement the call itself.
 */
@NullMarked
package dev.paperorchestra.gateway.core;

import org.jspecify.annotations.NullMarked;
