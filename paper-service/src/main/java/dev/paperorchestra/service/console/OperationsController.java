package dev.paperorchestra.service.console;

import dev.paperorchestra.service.auth.Caller;
import dev.paperorchestra.service.auth.PaperAccess;
import dev.paperorchestra.service.auth.Role;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The operator view's numbers, for the console's operations page (and curl): every tenant's papers, so the operate
 * role only.
 */
@RestController
class OperationsController {

    private final OperationsView operations;

    OperationsController(OperationsView operations) {
        this.operations = operations;
    }

    @GetMapping("/operations")
    OperationsView.Operations operations(Caller caller) {
        PaperAccess.require(caller, Role.OPERATE, "the operations view");
        return operations.now();
    }
}
