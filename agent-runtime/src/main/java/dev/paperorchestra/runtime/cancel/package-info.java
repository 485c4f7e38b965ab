/**
 * Cancelled papers: the cancel markers the paper service writes on {@code paper-cancellations}, read by every
 * agent, so listeners skip a cancelled paper's events and the LLM gateway makes no further model call for it.
 */
@NullMarked
package dev.paperorchestra.runtime.cancel;

import org.jspecify.annotations.NullMarked;
