package dev.paperorchestra.service.api;

import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** Serves the hand-written OpenAPI document kept beside the controllers. */
@RestController
class OpenApiController {

    static final String DOCUMENT = "dev/paperorchestra/service/api/openapi.yaml";

    @GetMapping("/openapi.yaml")
    ResponseEntity<Resource> openApi() {
        return ResponseEntity.ok().contentType(MediaType.parseMediaType("application/yaml"))
                .body(new ClassPathResource(DOCUMENT));
    }
}
