/**
 * {@code po bench --task revise}: cases of a paper, its human reviews, optional materials and the authors'
 * camera-ready, revised through a paper service (POST /revisions) and reported: valid-PDF rate, points addressed,
 * fabrication findings, pairwise autoraters against the original and the camera-ready.
 */
@NullMarked
package dev.paperorchestra.bench.revise;

import org.jspecify.annotations.NullMarked;
