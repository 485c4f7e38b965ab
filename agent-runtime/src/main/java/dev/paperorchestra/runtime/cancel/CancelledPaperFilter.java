package dev.paperorchestra.runtime.cancel;

import dev.paperorchestra.runtime.kafka.PaperKeys;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.adapter.RecordFilterStrategy;

/**
 * Put in front of every listener of an agent: a record of a cancelled paper is acknowledged (its offset
 * commits with the transaction) and never reaches the listener, so it produces no output. The paper is read
 * from the record key, which is the paperId or paperId/suffix on every topic.
 */
public final class CancelledPaperFilter<K, V> implements RecordFilterStrategy<K, V> {

    private static final Logger log = LoggerFactory.getLogger(CancelledPaperFilter.class);

    private final PaperCancellations cancellations;

    public CancelledPaperFilter(PaperCancellations cancellations) {
        this.cancellations = cancellations;
    }

    @Override
    public boolean filter(ConsumerRecord<K, V> record) {
        String paperId = PaperKeys.paperIdOf(record.key());
        if (cancellations.isCancelled(paperId)) {
            log.info("paper {} is cancelled; {}-{}@{} acknowledged without processing", paperId, record.topic(),
                    record.partition(), record.offset());
            return true;
        }
        return false;
    }
}
