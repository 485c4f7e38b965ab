/**
 * What every client of a rate-limited scholarly service shares: request spacing and same-thread retries of
 * 429/5xx answers, with or without {@code Retry-After}.
 */
@NullMarked
package dev.paperorchestra.literature.scholarly;

import org.jspecify.annotations.NullMarked;
