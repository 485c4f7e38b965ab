/** {@code POST /references}: a reference list looked up through the deployment's verifier, for po bench --server. */
@NullMarked
package dev.paperorchestra.service.references;

import org.jspecify.annotations.NullMarked;
