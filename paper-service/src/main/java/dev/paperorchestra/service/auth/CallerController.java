package dev.paperorchestra.service.auth;

import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /me}: the principal the request is made by, so a client (the console) shows what it may do. */
@RestController
class CallerController {

    /** The principal as the API reports it; roles in lower case. */
    record Me(String name, String tenant, List<String> roles) {
    }

    @GetMapping("/me")
    Me me(Caller caller) {
        return new Me(caller.name(), caller.tenant(), caller.roles().stream().sorted().map(Role::label).toList());
    }
}
