/**
 * Plan imitation: the section plan of exemplar papers of the field (titles, order, relative length), read from
 * their LaTeX or their PDF's extracted text without running TeX, and followed by the outline.
 */
@NullMarked
package dev.paperorchestra.outline.exemplar;

import org.jspecify.annotations.NullMarked;
