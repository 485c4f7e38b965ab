/**
 * Looking up a human paper's reference list through the deployment's single Semantic Scholar verifier, for the
 * benchmark's citation autorater (po bench on the embedded deployment, and the paper service for po bench
 * --server).
 */
@NullMarked
package dev.paperorchestra.runtime.references;

import org.jspecify.annotations.NullMarked;
