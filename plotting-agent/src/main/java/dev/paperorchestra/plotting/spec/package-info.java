/**
 * Chart specs: what the planner role writes for one figure (kind, the table and the exact cells it draws,
 * axes, scale, order, highlight, legend, caption), the JSON Schema that pins every cell reference to a cell
 * that exists, and the check that turns a spec into chart data only when its numbers are the log's.
 */
@NullMarked
package dev.paperorchestra.plotting.spec;

import org.jspecify.annotations.NullMarked;
