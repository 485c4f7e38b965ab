/**
 * Running external tools (latexmk, pdflatex, bibtex, Graphviz) on untrusted input: a bubblewrap sandbox that
 * shows the tool only its job directory and the system's read-only trees, with no network and hard resource
 * limits, and a plainly reported fallback where bubblewrap cannot run.
 */
@NullMarked
package dev.paperorchestra.runtime.sandbox;

import org.jspecify.annotations.NullMarked;
