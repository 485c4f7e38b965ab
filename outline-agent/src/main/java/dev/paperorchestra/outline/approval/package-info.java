/**
 * The outline approval gate: a paper whose job asks for {@code approvals=outline} stops after its outline, its
 * request kept in a Streams store until a person decides (through the paper service) or the gate's deadline passes.
 */
@NullMarked
package dev.paperorchestra.outline.approval;

import org.jspecify.annotations.NullMarked;
