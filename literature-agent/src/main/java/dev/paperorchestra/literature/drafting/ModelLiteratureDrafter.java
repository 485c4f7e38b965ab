package dev.paperorchestra.literature.drafting;

import dev.paperorchestra.literature.registry.CitationRegistry;
import dev.paperorchestra.literature.registry.RegistryEntry;
import dev.paperorchestra.runtime.errors.PermanentException;
import dev.paperorchestra.runtime.json.Json;
import dev.paperorchestra.runtime.llm.LlmGateway;
import dev.paperorchestra.runtime.llm.LlmRequest;
import dev.paperorchestra.runtime.llm.LlmRole;
import dev.paperorchestra.runtime.materials.LatexReferences;
import dev.paperorchestra.runtime.materials.LatexSections;
import dev.paperorchestra.runtime.materials.LatexTemplate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/** Writes Introduction and Related Work through the planner role of the model gateway. */
public final class ModelLiteratureDrafter {

    private static final String SYSTEM = """
            You write the Introduction and Related Work sections of a research paper in LaTeX. Use only the \
            outline and the verified papers given; cite them only with \\cite{key} using the given keys, and \
            cite nearly all of them. Never claim the method beats a cited paper. Answer with JSON.""";
    private static final String SCHEMA = """
            {"type":"object","required":["introduction","relatedWork"],"properties":{\
            "introduction":{"type":"string"},"relatedWork":{"type":"string"}}}""";

    private final LlmGateway gateway;
    private final String agent;
    private final double minCitationShare;

    public ModelLiteratureDrafter(LlmGateway gateway, String agent, double minCitationShare) {
        this.gateway = gateway;
        this.agent = agent;
        this.minCitationShare = minCitationShare;
    }

    public LiteratureDraft draft(String paperId, String template, String outlineJson, CitationRegistry registry) {
        StringBuilder user = new StringBuilder("Outline:\n").append(outlineJson).append("\n\nVerified papers:\n");
        for (RegistryEntry entry : registry.entries()) {
            user.append(entry.key()).append(": ").append(entry.record().getTitle()).append('\n');
        }
        String answer = gateway.call(new LlmRequest(paperId, agent, LlmRole.PLANNER, SYSTEM, user.toString(),
                SCHEMA, List.of())).text();
        JsonNode sections;
        try {
            sections = Json.mapper().readTree(answer);
        } catch (JacksonException e) {
            throw new PermanentException("the literature draft for paper " + paperId + " is not JSON", e);
        }
        LatexTemplate parsed = LatexTemplate.parse(template);
        String document = template;
        List<String> written = new ArrayList<>();
        Set<String> cited = new LinkedHashSet<>();
        Optional<String> introduction = parsed.sectionMatching("introduction");
        Optional<String> related = parsed.sectionMatching("related");
        if (introduction.isPresent()) {
            String body = sections.path("introduction").asString("");
            document = LatexSections.replaceBody(document, introduction.get(), body);
            written.add(introduction.get());
            cited.addAll(LatexReferences.citeKeys(body));
        }
        if (related.isPresent() && !related.equals(introduction)) {
            String body = sections.path("relatedWork").asString("");
            document = LatexSections.replaceBody(document, related.get(), body);
            written.add(related.get());
            cited.addAll(LatexReferences.citeKeys(body));
        }
        CitationCheck.require(cited, registry.keys(), minCitationShare);
        return new LiteratureDraft(document, written, cited);
    }
}
