/**
 * The in-process single-node KRaft broker behind the {@code po} command.
 */
@NullMarked
package dev.paperorchestra.cli.broker;

import org.jspecify.annotations.NullMarked;
