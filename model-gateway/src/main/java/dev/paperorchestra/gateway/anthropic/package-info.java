/** The entry point of the adapter for Anthropic's Messages API; its implementation stays in {@code internal}. */
@NullMarked
package dev.paperorchestra.gateway.anthropic;

import org.jspecify.annotations.NullMarked;
