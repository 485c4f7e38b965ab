/**
 * Archives from outside (materials uploaded to the paper service, output bundles fetched by the cli), unpacked
 * so that nothing lands outside the target directory and nothing but plain files and directories lands at all.
 */
@NullMarked
package dev.paperorchestra.content.archive;

import org.jspecify.annotations.NullMarked;
