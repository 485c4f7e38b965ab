/**
 * Who sits on the reviewer panel: the provider, model and focus of each member ({@code po.reviewer.panel}) and
 * the model binding each member is called with.
 */
@NullMarked
package dev.paperorchestra.reviewer.panel;

import org.jspecify.annotations.NullMarked;
