/**
 * Cancelling a paper: the cancel marker every agent reads, and the CANCELLED status.
 */
@NullMarked
package dev.paperorchestra.service.cancel;

import org.jspecify.annotations.NullMarked;
