/** Decisions at approval gates: approve (possibly with an edited artifact) or reject a paper that waits. */
@NullMarked
package dev.paperorchestra.service.approval;

import org.jspecify.annotations.NullMarked;
