/**
 * The panel on Kafka: a model-mode review request fans out to one record per seat, each member reviews in its own
 * listener (retried and dead-lettered on its own; past its attempts it yields a "member failed" outcome), and a
 * Kafka Streams aggregation gathers the outcomes into the panel's review on review-results. Streams only gathers
 * and decides; every model call runs in a listener.
 */
@NullMarked
package dev.paperorchestra.reviewer.fanout;

import org.jspecify.annotations.NullMarked;
