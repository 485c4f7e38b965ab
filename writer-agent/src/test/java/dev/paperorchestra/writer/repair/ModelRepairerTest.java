package dev.paperorchestra.writer.repair;

import static org.assertj.core.api.Assertions.assertThat;

import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmResponse;
import dev.paperorchestra.gateway.core.PromptLayout;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The repairer's prompts, laid out for the providers' prompt caches. */
class ModelRepairerTest {

    static final String DRAFT = "\\documentclass{article}\\begin{document}\\section{Method}x\\end{document}";

    @Test
    void two_repairs_of_one_paper_send_the_same_leading_text_holding_the_materials() {
        List<LlmRequest> sent = new ArrayList<>();
        ModelRepairer repairer = new ModelRepairer(request -> {
            sent.add(request);
            return new LlmResponse("```latex\n" + DRAFT + "\n```", "openai", "m", 1, 1, false, List.of());
        }, "writer-agent", new ModelRepairer.Materials("IDEA: sparse attention", "LOG: | acc | 91.2 |",
                List.of("vaswani2017"), "- figures/a.png", false, 8));

        repairer.revise("paper-1", Problem.COMPILE, DRAFT, "! Undefined control sequence.");
        repairer.revise("paper-1", Problem.GATES, DRAFT, "the number 93.0 is not in the log");

        // what the provider sees first: the system message, then the user text, as the gateway lays them out
        List<String> prompts = sent.stream().map(request -> {
            PromptLayout layout = PromptLayout.of(request.role(), request.system(), request.prompt());
            return layout.system() + "\n" + layout.user().text();
        }).toList();
        String a = prompts.get(0);
        String b = prompts.get(1);
        int shared = 0;
        while (shared < Math.min(a.length(), b.length()) && a.charAt(shared) == b.charAt(shared)) {
            shared++;
        }
        assertThat(a.substring(0, shared)).contains("IDEA: sparse attention", "LOG: | acc | 91.2 |",
                "- figures/a.png", "vaswani2017").doesNotContain("Undefined", "93.0");
        assertThat(sent.getFirst().prompt().stablePrefix()).isNotEmpty();
    }
}
