/**
 * The status view: paper-status and paper-completed aggregated per paper into paper-views, read by every replica.
 */
@NullMarked
package dev.paperorchestra.service.status;

import org.jspecify.annotations.NullMarked;
