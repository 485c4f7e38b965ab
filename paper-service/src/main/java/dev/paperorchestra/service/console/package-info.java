/**
 * The web console (static pages under {@code /console/}, served without a token; every data call they make
 * carries one) and the operator view's numbers ({@code GET /operations}).
 */
@NullMarked
package dev.paperorchestra.service.console;

import org.jspecify.annotations.NullMarked;
