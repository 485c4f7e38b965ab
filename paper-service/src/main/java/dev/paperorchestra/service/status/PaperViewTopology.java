package dev.paperorchestra.service.status;

import dev.paperorchestra.runtime.registry.EventSerdes;
import dev.paperorchestra.schemas.state.PaperViewState;
import dev.paperorchestra.schemas.topics.Topics;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The status view. paper-status is compacted, so after compaction it keeps only a paper's latest status: a
 * timeline cannot be read back from it. The aggregate below folds every status change and the completion of a
 * paper into one {@code PaperViewState} and writes it to the compacted {@code paper-views} topic, whose latest
 * record per paper then holds the whole timeline. Every replica reads all of paper-views into a global store
 * and answers from it, so two replicas answer the same (no routing of interactive queries to the partition
 * owner), and a restarted replica rebuilds the store from the topic before it answers. The aggregate itself is
 * partitioned across the replicas of the service like any Streams application, exactly once.
 */
public final class PaperViewTopology {

    public static final String STORE = "paper-views-store";
    static final String AGGREGATE = "paper-views-aggregate";

    private PaperViewTopology() {
    }

    /** @param clientConfig the Streams configuration, whose schema registry settings pick the serdes' encoding */
    public static Topology build(Map<?, ?> clientConfig) {
        Serde<SpecificRecord> events = EventSerdes.anyEvent(clientConfig);
        Serde<PaperViewState> views = EventSerdes.of(PaperViewState.class, clientConfig);
        StreamsBuilder builder = new StreamsBuilder();
        builder.stream(List.of(Topics.PAPER_STATUS.name(), Topics.PAPER_COMPLETED.name(),
                        Topics.APPROVAL_REQUESTS.name(), Topics.REVISION_COMPLETED.name()),
                        Consumed.with(Serdes.String(), events))
                .groupByKey(Grouped.with(Serdes.String(), events))
                .aggregate(() -> PaperViewUpdate.empty(""), PaperViewUpdate::apply,
                        Materialized.<String, PaperViewState, KeyValueStore<Bytes, byte[]>>as(AGGREGATE)
                                .withKeySerde(Serdes.String()).withValueSerde(views))
                .toStream()
                .to(Topics.PAPER_VIEWS.name(), Produced.with(Serdes.String(), views));
        builder.globalTable(Topics.PAPER_VIEWS.name(), Consumed.with(Serdes.String(), views),
                Materialized.<String, PaperViewState, KeyValueStore<Bytes, byte[]>>as(STORE)
                        .withKeySerde(Serdes.String()).withValueSerde(views));
        return builder.build();
    }
}
