@NullMarked
package dev.paperorchestra.reviewer.review;

import org.jspecify.annotations.NullMarked;
