package dev.paperorchestra.literature.verify;

import dev.paperorchestra.literature.replay.ScholarReplayStore;
import java.util.List;

class OfflineScholarReplayContractTest extends ScholarSourceContract {

    @Override
    protected ScholarSource source() {
        return new OfflineScholarReplay(ScholarReplayStore.load(List.of(RECORDS)));
    }
}
