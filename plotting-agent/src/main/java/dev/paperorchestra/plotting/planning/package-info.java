/** Reading the outline's plotting plan and fanning it out as one task per figure. */
@NullMarked
package dev.paperorchestra.plotting.planning;

import org.jspecify.annotations.NullMarked;
