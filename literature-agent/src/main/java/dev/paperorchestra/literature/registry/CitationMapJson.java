package dev.paperorchestra.literature.registry;

import dev.paperorchestra.base.json.Json;
import dev.paperorchestra.schemas.ScholarRecord;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * citation_map.json: {@code {"generatedBy", "keys": {key: metadata}, "rejected": [{title, query, reason}]}},
 * the pool the writers may cite and the record of what was turned away and why.
 */
public final class CitationMapJson {

    private CitationMapJson() {
    }

    public static String write(CitationRegistry registry, String generatedBy) {
        ObjectNode root = Json.mapper().createObjectNode();
        root.put("generatedBy", generatedBy);
        ObjectNode keys = root.putObject("keys");
        for (RegistryEntry entry : registry.entries()) {
            ScholarRecord record = entry.record();
            ObjectNode paper = keys.putObject(entry.key());
            paper.put("title", record.getTitle());
            ArrayNode authors = paper.putArray("authors");
            record.getAuthors().forEach(authors::add);
            paper.put("venue", record.getVenue());
            paper.put("year", record.getYear());
            paper.put("publicationDate", record.getPublicationDate());
            paper.put("citationCount", record.getCitationCount());
            paper.put("abstract", record.getAbstractText());
            paper.put("doi", record.getDoi());
            paper.put("arxivId", record.getArxivId());
            paper.put("scholarId", record.getScholarId());
            ArrayNode queries = paper.putArray("queries");
            entry.queries().forEach(queries::add);
        }
        ArrayNode rejected = root.putArray("rejected");
        for (Rejection rejection : registry.rejected()) {
            rejected.addObject().put("title", rejection.title()).put("query", rejection.query())
                    .put("reason", rejection.reason()).put("category", rejection.category());
        }
        return Json.mapper().writeValueAsString(root);
    }
}
