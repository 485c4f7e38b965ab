/** BibTeX entries written from a verified Semantic Scholar record (the literature agent's and a revision's). */
@NullMarked
package dev.paperorchestra.content.bibtex;

import org.jspecify.annotations.NullMarked;
