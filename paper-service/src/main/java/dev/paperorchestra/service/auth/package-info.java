/**
 * Bearer-token authentication, and the loopback-only binding when no token is configured.
 */
@NullMarked
package dev.paperorchestra.service.auth;

import org.jspecify.annotations.NullMarked;
