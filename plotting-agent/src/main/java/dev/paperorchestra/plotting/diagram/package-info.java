/**
 * Diagram figures (method overviews, pipelines): the planner writes Graphviz DOT or TikZ from the idea, Graphviz
 * or LaTeX renders it in the sandbox at the planned size, the critic reviews it like a chart, and a diagram that
 * never renders or is never approved is left out with the reason.
 */
@NullMarked
package dev.paperorchestra.plotting.diagram;

import org.jspecify.annotations.NullMarked;
