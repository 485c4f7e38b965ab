/**
 * The checks every draft passes through (integrity gates, compile, page limit) and, in model mode, the bounded
 * repair calls that feed their findings back to the planner.
 */
@NullMarked
package dev.paperorchestra.writer.repair;

import org.jspecify.annotations.NullMarked;
