/** Writing the abstract, method, experiments and conclusion into the drafted template (offline rules or the model). */
@NullMarked
package dev.paperorchestra.writer.sections;

import org.jspecify.annotations.NullMarked;
