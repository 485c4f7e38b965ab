package dev.paperorchestra.literature;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;

/**
 * Keeps the verifier from taking its poll back for a while. The listener's container is paused, not its thread
 * put to sleep: a paused consumer goes on polling (empty) and keeps its partition, and no wait ever comes near
 * {@code max.poll.interval.ms}.
 */
interface VerifierPause {

    void pauseFor(Duration pause);

    /** Pauses the verifier's listener container and resumes it after the pause. */
    final class ContainerPause implements VerifierPause, AutoCloseable {

        private final ObjectProvider<KafkaListenerEndpointRegistry> registry;
        private final ScheduledExecutorService resumer = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("literature-verifier-resume").factory());

        ContainerPause(ObjectProvider<KafkaListenerEndpointRegistry> registry) {
            this.registry = registry;
        }

        @Override
        public void pauseFor(Duration pause) {
            MessageListenerContainer container = registry.getObject().getListenerContainer(CitationVerifyListener.ID);
            if (container == null) {
                return;
            }
            container.pause();
            resumer.schedule(container::resume, pause.toMillis(), TimeUnit.MILLISECONDS);
        }

        @Override
        public void close() {
            resumer.shutdownNow();
        }
    }
}
