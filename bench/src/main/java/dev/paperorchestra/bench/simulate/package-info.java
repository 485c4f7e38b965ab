/**
 * {@code po simulate}: synthetic papers through the real agents on the embedded broker, against in-process
 * stand-ins for the model provider, Semantic Scholar and OpenAlex that speak their wire formats and limits,
 * measuring makespan against its lower bound.
 */
@NullMarked
package dev.paperorchestra.bench.simulate;

import org.jspecify.annotations.NullMarked;
