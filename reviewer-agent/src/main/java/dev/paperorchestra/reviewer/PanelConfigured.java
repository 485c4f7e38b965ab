package dev.paperorchestra.reviewer;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * True when the reviewer is configured as a panel of more than one seat ({@code po.reviewer.panel} or {@code
 * po.reviewer.panel-size}). Only then does a review fan out, so only then do the panel members' listener and the
 * panel gatherer start: idle, they held a consumer per listener thread and a Streams application in every
 * deployment that reviews with one model (see the load simulation in docs/performance.md).
 */
final class PanelConfigured implements Condition {

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
        return Binder.get(context.getEnvironment()).bindOrCreate("po.reviewer", ReviewerAgentProperties.class)
                .seats() > 1;
    }
}
