package dev.paperorchestra.literature.drafting;

import dev.paperorchestra.literature.registry.CitationRegistry;
import dev.paperorchestra.literature.registry.RegistryEntry;
import dev.paperorchestra.base.errors.PermanentException;
import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.gateway.LlmGateway;
import dev.paperorchestra.gateway.LlmRequest;
import dev.paperorchestra.gateway.LlmRole;
import dev.paperorchestra.gateway.Prompt;
import dev.paperorchestra.content.materials.LatexReferences;
import dev.paperorchestra.content.materials.LatexSections;
import dev.paperorchestra.content.materials.LatexTemplate;
import dev.paperorchestra.schemas.Candidate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Writes Introduction and Related Work through the planner role of the model gateway. The draft must cite
 * only pool keys, at least the configured share of the pool, and never reach that share with a paragraph
 * that merely lists leftovers; a draft that breaks a rule is sent back with the rule and the missing keys
 * named, a bounded number of times, before the paper fails.
 */
public final class ModelLiteratureDrafter {

    private static final Logger log = LoggerFactory.getLogger(ModelLiteratureDrafter.class);
    private static final int ABSTRACT_CHARS = 400;
    private static final String SYSTEM = """
            You write the Introduction and Related Work sections of a research paper in LaTeX, from the idea, the \
            outline, the experimental log and the verified papers given, nothing else. Rules:
            - Cite only with \\cite{key}, using only the keys listed, and cite at least the required share of them, \
            each where it belongs in the argument. Never add a paragraph or sentence that merely lists papers.
            - Introduction: broad context, why the problem matters, foundational works. Related Work: one \
            paragraph per methodology cluster of the outline, with grouped, comparative citations that say how \
            the approaches differ and where they fall short.
            - Every listed paper predates the research cutoff; present none as later work. Mention work after the \
            cutoff only as concurrent work, and only if it is listed.
            - Claim that the method outperforms a paper only when the experimental log reports a comparison \
            against it; invent no numbers, results, authors or papers.
            Answer with JSON.""";
    private static final String SCHEMA = """
            {"type":"object","required":["introduction","relatedWork"],"properties":{\
            "introduction":{"type":"string"},"relatedWork":{"type":"string"}}}""";

    private final LlmGateway gateway;
    private final String agent;
    private final double minCitationShare;
    private final int maxRedrafts;

    public ModelLiteratureDrafter(LlmGateway gateway, String agent, double minCitationShare, int maxRedrafts) {
        this.gateway = gateway;
        this.agent = agent;
        this.minCitationShare = minCitationShare;
        this.maxRedrafts = maxRedrafts;
    }

    /**
     * @param cutoff the job's research cutoff as given, or null
     * @throws PermanentException when no draft within the redraft budget keeps the citation rules
     */
    public LiteratureDraft draft(String paperId, String template, String outlineJson, Prompt.Materials materials,
            @Nullable String cutoff, CitationRegistry registry) {
        String verified = verified(registry);
        String reading = "Research cutoff: " + (cutoff == null || cutoff.isBlank() ? "none" : cutoff);
        String feedback = "";
        List<String> problems = List.of();
        for (int attempt = 0; attempt <= maxRedrafts; attempt++) {
            // the materials, outline and verified citations lead every attempt; a redraft's feedback comes after
            Written written = write(paperId, template, Prompt.builder().materials(materials).outline(outlineJson)
                    .literature(verified).reading(reading).task(feedback).build());
            problems = problems(written, registry.keys());
            if (problems.isEmpty()) {
                return written.draft();
            }
            log.info("paper {}: literature draft {} of {} breaks the citation rules ({} problems); redrafting",
                    paperId, attempt + 1, maxRedrafts + 1, problems.size());
            feedback = "Your previous draft was rejected. Write both sections again, fixing:\n- "
                    + String.join("\n- ", problems);
        }
        throw new PermanentException("literature draft for paper " + paperId + " still breaks the citation rules after "
                + (maxRedrafts + 1) + " drafts: " + String.join("; ", problems));
    }

    private List<String> problems(Written written, List<String> pool) {
        LiteratureDraft draft = written.draft();
        List<String> problems = new ArrayList<>();
        List<String> unknown = CitationCheck.unknown(draft.cited(), pool);
        if (!unknown.isEmpty()) {
            problems.add("it cites keys outside citation_map.json: " + unknown + "; cite only the listed keys");
        }
        if (CitationCheck.shortOfShare(draft.cited(), pool, minCitationShare)) {
            problems.add("it cites " + (draft.cited().size() - unknown.size()) + " of " + pool.size()
                    + " verified papers, at least " + Math.round(minCitationShare * 100) + "% are required; "
                    + "work these missing keys into the paragraphs where they belong: "
                    + CitationCheck.missing(draft.cited(), pool));
        }
        for (String paragraph : CitationCheck.paddingParagraphs(written.sectionBodies())) {
            problems.add("a paragraph only lists papers instead of discussing them: \"" + paragraph + "\"");
        }
        return problems;
    }

    /** A draft and the text of the sections it wrote (the rest of the template is not the drafter's). */
    private record Written(LiteratureDraft draft, String sectionBodies) {
    }

    private Written write(String paperId, String template, Prompt user) {
        String answer = gateway.call(new LlmRequest(paperId, agent, LlmRole.PLANNER, SYSTEM, user, SCHEMA,
                List.of())).text();
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
        StringBuilder bodies = new StringBuilder();
        Optional<String> introduction = parsed.sectionMatching("introduction");
        Optional<String> related = parsed.sectionMatching("related");
        if (introduction.isPresent()) {
            String body = sections.path("introduction").asString("");
            document = LatexSections.replaceBody(document, introduction.get(), body);
            written.add(introduction.get());
            cited.addAll(LatexReferences.citeKeys(body));
            bodies.append(body).append("\n\n");
        }
        if (related.isPresent() && !related.equals(introduction)) {
            String body = sections.path("relatedWork").asString("");
            document = LatexSections.replaceBody(document, related.get(), body);
            written.add(related.get());
            cited.addAll(LatexReferences.citeKeys(body));
            bodies.append(body);
        }
        return new Written(new LiteratureDraft(document, written, cited), bodies.toString());
    }

    private static String verified(CitationRegistry registry) {
        StringBuilder user = new StringBuilder("Verified papers (key | year | venue | found for | title | abstract):\n");
        for (RegistryEntry entry : registry.entries()) {
            var record = entry.record();
            Set<String> foundFor = new TreeSet<>();
            for (Candidate candidate : entry.foundBy()) {
                foundFor.add(Objects.requireNonNullElse(candidate.getClusterTitle(), candidate.getPurpose()));
            }
            String summary = Objects.requireNonNullElse(record.getAbstractText(), "").replaceAll("\\s+", " ");
            user.append(entry.key()).append(" | ").append(Objects.requireNonNullElse(record.getYear(), 0))
                    .append(" | ").append(Objects.requireNonNullElse(record.getVenue(), "")).append(" | ")
                    .append(String.join(", ", foundFor)).append(" | ").append(record.getTitle()).append(" | ")
                    .append(summary.length() <= ABSTRACT_CHARS ? summary : summary.substring(0, ABSTRACT_CHARS) + "...")
                    .append('\n');
        }
        return user.toString();
    }
}
