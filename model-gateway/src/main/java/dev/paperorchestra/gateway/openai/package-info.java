/** The entry point of the adapter for OpenAI's chat completions API and compatible servers; its implementation stays in {@code internal}. */
@NullMarked
package dev.paperorchestra.gateway.openai;

import org.jspecify.annotations.NullMarked;
