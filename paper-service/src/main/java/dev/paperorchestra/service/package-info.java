/**
 * paper-service: the front door of a deployment (submit, follow, fetch and cancel papers over HTTP).
 */
@NullMarked
package dev.paperorchestra.service;

import org.jspecify.annotations.NullMarked;
