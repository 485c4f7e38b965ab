/**
 * HTTP wiring only: controllers, error mapping and the OpenAPI document; the work is done by the services of the other packages.
 */
@NullMarked
package dev.paperorchestra.service.api;

import org.jspecify.annotations.NullMarked;
