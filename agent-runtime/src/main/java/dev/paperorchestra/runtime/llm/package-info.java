@NullMarked
package dev.paperorchestra.runtime.llm;

import org.jspecify.annotations.NullMarked;
