/**
 * The in-process single-node KRaft broker behind the {@code po} command.
 */
@NullMarked
package dev.paperorchestra.embedded.broker;

import org.jspecify.annotations.NullMarked;
