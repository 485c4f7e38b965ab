package dev.paperorchestra.schemas.topics;

import org.apache.avro.specific.SpecificRecord;

/**
 * One topic of the architecture, paired with the Avro type of its values and the component that writes it.
 *
 * @param name              topic name
 * @param key               what the record key is
 * @param defaultPartitions partitions unless configuration says otherwise
 * @param fixedPartitions   true when configuration may not change the partition count (the verifier's single
 *                          partition is what serialises every Semantic Scholar call)
 * @param compacted         log compaction instead of deletion
 * @param valueType         Avro type of the values
 * @param writer            the single writer of the topic
 */
public record Topic<V extends SpecificRecord>(
        String name,
        String key,
        int defaultPartitions,
        boolean fixedPartitions,
        boolean compacted,
        Class<V> valueType,
        String writer) {

    public Topic {
        if (defaultPartitions < 1) {
            throw new IllegalArgumentException("topic " + name + " needs at least one partition");
        }
    }

    /** Name of the dead-letter topic that receives this topic's poison records. */
    public String deadLetterName() {
        return name + Topics.DEAD_LETTER_SUFFIX;
    }
}
