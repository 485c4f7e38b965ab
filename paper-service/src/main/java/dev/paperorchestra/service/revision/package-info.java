/**
 * Revision uploads (POST /revisions): the paper's source, its reviews and optional materials, unpacked safely,
 * checked as {@code po revise} reads them, stored and put on revision-requests.
 */
@NullMarked
package dev.paperorchestra.service.revision;

import org.jspecify.annotations.NullMarked;
