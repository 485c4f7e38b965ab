/** The gemini adapter of the LLM gateway; only the gateway's provider factory uses it. */
@NullMarked
package dev.paperorchestra.gateway.gemini.internal;

import org.jspecify.annotations.NullMarked;
