/** The entry point of the adapter for Google's Gemini API; its implementation stays in {@code internal}. */
@NullMarked
package dev.paperorchestra.gateway.gemini;

import org.jspecify.annotations.NullMarked;
