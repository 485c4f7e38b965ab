@NullMarked
package dev.paperorchestra.gateway;

import org.jspecify.annotations.NullMarked;
