package dev.paperorchestra.schemas.serde;

import org.apache.avro.Schema;

/**
 * A Confluent-compatible schema registry as the serde sees it: the writer learns the id of its schema, the
 * reader learns the schema behind an id. Implementations cache both answers; they throw the runtime's
 * retriable or permanent exceptions when the registry cannot answer.
 */
public interface SchemaRegistry {

    /** The id of this schema under the subject, registering it as a new version if the registry lacks it. */
    int register(String subject, Schema schema);

    /** The schema the registry keeps under this id. */
    Schema schemaById(int id);
}
