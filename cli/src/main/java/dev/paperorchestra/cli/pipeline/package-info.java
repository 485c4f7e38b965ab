@NullMarked
package dev.paperorchestra.cli.pipeline;

import org.jspecify.annotations.NullMarked;
