package dev.paperorchestra.service.console;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/** The console's entry: {@code /} and {@code /console} lead to its one page, which routes by its fragment. */
@Controller
class ConsoleController {

    @GetMapping({"/", "/console"})
    String root() {
        return "redirect:/console/";
    }

    @GetMapping("/console/")
    String page() {
        return "forward:/console/index.html";
    }
}
