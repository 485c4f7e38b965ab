package dev.paperorchestra.schemas.serde;

import dev.paperorchestra.schemas.state.DraftInputsState;
import dev.paperorchestra.schemas.state.FigureCollectionState;
import dev.paperorchestra.schemas.state.LiteratureCollectionState;
import dev.paperorchestra.schemas.state.PanelCollectionState;
import dev.paperorchestra.schemas.topics.Topic;
import dev.paperorchestra.schemas.topics.Topics;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;

/** Every Avro type that travels on a topic or sits in a state store. */
public final class EventTypes {

    public static final List<Class<? extends SpecificRecord>> ALL;

    static {
        AvroClassTrust.install();
        List<Class<? extends SpecificRecord>> types = new ArrayList<>();
        for (Topic<?> topic : Topics.ALL) {
            types.add(topic.valueType());
        }
        types.add(LiteratureCollectionState.class);
        types.add(FigureCollectionState.class);
        types.add(DraftInputsState.class);
        types.add(PanelCollectionState.class);
        ALL = List.copyOf(types);
    }

    private EventTypes() {
    }

    public static Schema schemaOf(Class<? extends SpecificRecord> type) {
        return SpecificData.get().getSchema(type);
    }
}
