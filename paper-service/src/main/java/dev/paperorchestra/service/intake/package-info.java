/**
 * Materials uploads: unpacked safely, checked with the rules po run applies, stored and submitted.
 */
@NullMarked
package dev.paperorchestra.service.intake;

import org.jspecify.annotations.NullMarked;
