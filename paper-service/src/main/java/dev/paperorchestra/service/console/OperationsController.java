package dev.paperorchestra.service.console;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** The operator view's numbers, for the console's operations page (and anyone with a token and curl). */
@RestController
class OperationsController {

    private final OperationsView operations;

    OperationsController(OperationsView operations) {
        this.operations = operations;
    }

    @GetMapping("/operations")
    OperationsView.Operations operations() {
        return operations.now();
    }
}
