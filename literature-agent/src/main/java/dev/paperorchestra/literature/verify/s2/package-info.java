/** The Semantic Scholar Graph API client: the deployment's only door to S2, rate-limited and retrying. */
@NullMarked
package dev.paperorchestra.literature.verify.s2;

import org.jspecify.annotations.NullMarked;
