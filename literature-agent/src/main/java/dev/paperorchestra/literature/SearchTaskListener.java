package dev.paperorchestra.literature;

import dev.paperorchestra.literature.discovery.SearchWorker;
import dev.paperorchestra.runtime.kafka.EventPublisher;
import dev.paperorchestra.runtime.kafka.ListenerFactories;
import dev.paperorchestra.runtime.kafka.StageBudget;
import dev.paperorchestra.schemas.LiteratureCandidatesFoundEvent;
import dev.paperorchestra.schemas.LiteratureSearchTaskCreatedEvent;
import dev.paperorchestra.schemas.topics.Topics;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** literature-search-tasks -> literature-candidates: one discovery worker per listener thread. */
@Component
class SearchTaskListener {

    private static final Logger log = LoggerFactory.getLogger(SearchTaskListener.class);

    private final SearchWorker worker;
    private final EventPublisher publisher;
    private final LiteratureMetrics metrics;
    private final StageBudget budget;

    SearchTaskListener(SearchWorker worker, EventPublisher publisher, LiteratureMetrics metrics, StageBudget budget) {
        this.worker = worker;
        this.budget = budget;
        this.publisher = publisher;
        this.metrics = metrics;
    }

    @KafkaListener(id = "literature-agent.literature-search-tasks", groupId = "literature-search",
            containerFactory = ListenerFactories.ONE_RECORD,
            topics = Topics.Names.LITERATURE_SEARCH_TASKS,
            concurrency = "#{@'" + LiteratureAgentProperties.BEAN + "'.searchConcurrency()}")
    void onTask(LiteratureSearchTaskCreatedEvent task) {
        long started = System.nanoTime();
        LiteratureCandidatesFoundEvent answer = budget.run(task.getContext().getPaperId(), () -> worker.answer(task));
        metrics.discoveryTask(answer.getSource(), Duration.ofNanos(System.nanoTime() - started),
                answer.getCandidates().size());
        publisher.publish(Topics.LITERATURE_CANDIDATES, task.getContext().getPaperId(), answer);
        log.info("paper {}: task {} answered with {} candidates from {}", task.getContext().getPaperId(),
                task.getTaskId(), answer.getCandidates().size(), answer.getSource());
    }
}
