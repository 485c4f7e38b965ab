/** HTTP details shared by the clients of outside services. */
@NullMarked
package dev.paperorchestra.base.http;

import org.jspecify.annotations.NullMarked;
