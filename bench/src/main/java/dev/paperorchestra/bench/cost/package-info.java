/**
 * What model calls cost: the prompt-prefix model the stand-in model server bills cache reads by, the request
 * log it can write, the prefix-share measurement over such a log ({@code po bench prefix-share}), and the
 * simulation's dollars per paper three ways (synchronous, synchronous with caching, batch with caching).
 */
@NullMarked
package dev.paperorchestra.bench.cost;

import org.jspecify.annotations.NullMarked;
