package dev.paperorchestra.app.kafka;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.paperorchestra.app.kafka.TopicUseScanner.TopicUse;
import dev.paperorchestra.app.kafka.TopicUseScanner.Use;
import dev.paperorchestra.schemas.topics.Topic;
import dev.paperorchestra.schemas.topics.Topics;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.clients.admin.Admin;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.kafka.annotation.KafkaListener;

/**
 * What each deployable service does on Kafka, derived from its code: the topics its listeners read (and may
 * dead-letter), the consumer groups they name, the topics its code writes and reads through the catalog (any class
 * it reaches, the runtime's auto-configurations included), its Kafka Streams applications and transactional
 * producers, and whether it reads other services' consumer groups (the operations view). {@link #acls()} turns that
 * into the ACLs a Strimzi {@code KafkaUser} must grant, and nothing more.
 */
final class KafkaAccessCatalog {

    private static final String ROOT = "dev.paperorchestra.";
    /** Packages of the deployables: the six agents and the paper service, each its own image and Kafka user. */
    private static final List<String> DEPLOYABLES = List.of("outline", "literature", "plotting", "writer", "refine",
            "reviewer", "service");
    /** Code that runs in no deployed service: the command line, the one-JVM deployment, the bench. */
    private static final List<String> NOT_DEPLOYED = List.of("cli", "embedded", "bench", "app", "s3proxy");
    /** The catalog itself names every topic; that is no use of one. */
    private static final String CATALOG = ROOT + "schemas.topics";
    private static final String STREAMS_CONFIG = ROOT + "runtime.streams.StreamsConfigFactory";
    private static final String AGGREGATION_RUNNER = ROOT + "runtime.streams.PaperAggregationRunner";
    private static final String AUTO_CONFIGURATIONS =
            "META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports";

    /** One ACL rule: a resource, literal or prefix, and the operations allowed on it. */
    record Acl(String type, String name, String patternType, Set<String> operations) {
    }

    /** The derived access of one service (its {@code spring.application.name}). */
    record Access(String service, Set<String> reads, Set<String> writes, Set<String> deadLetters, Set<String> groups,
            boolean streams, boolean readsOtherGroups, List<String> unplaced) {
    }

    private final JavaClasses classes = new ClassFileImporter()
            .withImportOptions(List.of(new ImportOption.DoNotIncludeTests(),
                    location -> !location.contains("-tests.jar")))
            .importPackages("dev.paperorchestra");
    private final TopicUseScanner scanner = new TopicUseScanner();
    private final Map<String, TopicUseScanner.Result> scanned = new TreeMap<>();

    /** Every deployable's access, by service name. */
    Map<String, Access> accesses() {
        Map<String, Access> all = new TreeMap<>();
        for (String deployable : DEPLOYABLES) {
            Access access = access(deployable);
            all.put(access.service(), access);
        }
        return all;
    }

    private Access access(String deployable) {
        String pkg = ROOT + deployable;
        List<JavaClass> own = classes.stream().filter(c -> c.getPackageName().equals(pkg)
                || c.getPackageName().startsWith(pkg + ".")).toList();
        String service = serviceName(own);
        Set<String> reads = new TreeSet<>();
        Set<String> writes = new TreeSet<>();
        Set<String> deadLetters = new TreeSet<>();
        Set<String> groups = new TreeSet<>();
        List<String> unplaced = new ArrayList<>();
        for (JavaClass type : own) {
            for (JavaMethod method : type.getMethods()) {
                if (method.isAnnotatedWith(KafkaListener.class)) {
                    KafkaListener listener = method.getAnnotationOfType(KafkaListener.class);
                    for (String topic : listener.topics()) {
                        reads.add(topic);
                        // the listener containers' after-rollback recoverer writes a failed record to <topic>-dlt
                        deadLetters.add(topic);
                    }
                    groups.add(listener.groupId());
                }
            }
        }
        Set<JavaClass> reached = reachable(own, pkg);
        boolean readsOtherGroups = false;
        for (JavaClass type : reached) {
            if (type.getPackageName().equals(CATALOG)) {
                continue;
            }
            TopicUseScanner.Result result = scanned.computeIfAbsent(type.getName(), scanner::scan);
            for (TopicUse use : result.uses()) {
                switch (use.use()) {
                    case READ -> reads.add(use.topic());
                    case WRITE -> writes.add(use.topic());
                    case AGGREGATION_SOURCE -> deadLetters.add(use.topic());
                }
            }
            unplaced.addAll(result.unplaced());
            readsOtherGroups |= type.getMethodCallsFromSelf().stream().anyMatch(call ->
                    call.getTargetOwner().isAssignableTo(Admin.class)
                            && call.getName().equals("listConsumerGroupOffsets"));
        }
        // a service runs Kafka Streams when its own code starts an aggregation or builds a Streams configuration
        boolean streams = own.stream().flatMap(c -> c.getMethodCallsFromSelf().stream()).anyMatch(call ->
                call.getTargetOwner().getName().equals(STREAMS_CONFIG) && call.getName().equals("create")
                        || call.getTargetOwner().getName().equals(AGGREGATION_RUNNER)
                        && call.getName().equals("service"));
        return new Access(service, reads, writes, deadLetters, groups, streams, readsOtherGroups, unplaced);
    }

    /** The service's {@code spring.application.name}: the {@code NAME} of its {@code @SpringBootApplication}. */
    private static String serviceName(List<JavaClass> own) {
        JavaClass application = own.stream().filter(c -> c.isAnnotatedWith(SpringBootApplication.class))
                .findFirst().orElseThrow(() -> new AssertionError("no @SpringBootApplication among " + own));
        try {
            return (String) application.reflect().getField("NAME").get(null);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(application.getName() + " has no public NAME", e);
        }
    }

    /**
     * The service's own classes, the runtime's auto-configurations every service starts, and every class of ours
     * they depend on, directly or not; never another deployable's or a tool's classes.
     */
    private Set<JavaClass> reachable(List<JavaClass> own, String pkg) {
        Deque<JavaClass> work = new ArrayDeque<>(own);
        autoConfigurations().forEach(name -> work.add(classes.get(name)));
        Set<JavaClass> seen = new HashSet<>();
        while (!work.isEmpty()) {
            JavaClass next = work.pop();
            if (!seen.add(next)) {
                continue;
            }
            next.getDirectDependenciesFromSelf().forEach(dependency -> {
                JavaClass target = dependency.getTargetClass().getBaseComponentType();
                if (ours(target, pkg) && classes.contain(target.getName())) {
                    work.add(classes.get(target.getName()));
                }
            });
        }
        return seen;
    }

    private static boolean ours(JavaClass type, String pkg) {
        String name = type.getPackageName();
        if (!name.startsWith(ROOT.substring(0, ROOT.length() - 1))) {
            return false;
        }
        for (String other : DEPLOYABLES) {
            if (!(ROOT + other).equals(pkg) && (name.equals(ROOT + other) || name.startsWith(ROOT + other + "."))) {
                return false;
            }
        }
        return NOT_DEPLOYED.stream().noneMatch(tool -> name.equals(ROOT + tool) || name.startsWith(ROOT + tool + "."));
    }

    private static List<String> autoConfigurations() {
        List<String> names = new ArrayList<>();
        try {
            for (URL url : Collections.list(KafkaAccessCatalog.class.getClassLoader()
                    .getResources(AUTO_CONFIGURATIONS))) {
                try (InputStream in = url.openStream()) {
                    new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                            .filter(line -> line.startsWith(ROOT + "runtime.")).forEach(names::add);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }

    /**
     * The ACLs each service needs, merged per resource: Read and Describe on what it reads, Write and Describe on
     * what it writes and dead-letters, Read on its listeners' groups; its transactional ids and, when it runs Kafka
     * Streams, its applications' groups and internal topics under the prefix {@code <service>-}; Describe on every
     * group and catalog topic for the operations view.
     */
    Map<String, List<Acl>> acls() throws ReflectiveOperationException {
        Map<String, Access> accesses = accesses();
        Set<String> everyGroup = new TreeSet<>();
        accesses.values().forEach(access -> everyGroup.addAll(access.groups()));
        Map<String, List<Acl>> all = new TreeMap<>();
        for (Access access : accesses.values()) {
            Map<String, Acl> merged = new LinkedHashMap<>();
            String prefix = transactionalIdPrefix(access.service());
            access.reads().forEach(topic -> add(merged, "topic", topic, "literal", "Read", "Describe"));
            access.writes().forEach(topic -> add(merged, "topic", topic, "literal", "Write", "Describe"));
            access.deadLetters().forEach(topic -> add(merged, "topic", topic + Topics.DEAD_LETTER_SUFFIX, "literal",
                    "Write", "Describe"));
            access.groups().forEach(group -> add(merged, "group", group, "literal", "Read"));
            add(merged, "transactionalId", prefix, "prefix", "Write", "Describe");
            if (access.streams()) {
                // a Streams application's id is <service>-<topology>: its group, its exactly-once producers'
                // transactional ids and its changelog and repartition topics all start with it
                add(merged, "group", prefix, "prefix", "Read");
                add(merged, "topic", prefix, "prefix", "Create", "Read", "Write", "Describe", "Delete",
                        "DescribeConfigs");
            }
            if (access.readsOtherGroups()) {
                everyGroup.forEach(group -> add(merged, "group", group, "literal", "Describe"));
                accesses.keySet().forEach(other -> add(merged, "group", other + "-", "prefix", "Describe"));
                Topics.ALL.stream().map(Topic::name).forEach(topic -> add(merged, "topic", topic, "literal",
                        "Describe"));
            }
            all.put(access.service(), List.copyOf(merged.values()));
        }
        return all;
    }

    private static void add(Map<String, Acl> merged, String type, String name, String pattern, String... operations) {
        merged.computeIfAbsent(type + " " + pattern + " " + name, key -> new Acl(type, name, pattern, new TreeSet<>()))
                .operations().addAll(List.of(operations));
    }

    /** The prefix every transactional id of the service starts with, as the runtime makes them. */
    static String transactionalIdPrefix(String service) throws ReflectiveOperationException {
        Method prefix = Class.forName("dev.paperorchestra.runtime.AgentRuntimeAutoConfiguration")
                .getDeclaredMethod("transactionIdPrefix", String.class, String.class);
        prefix.setAccessible(true);
        String made = (String) prefix.invoke(null, service, "instance");
        // <service>-<instance>-tx-: everything an instance name can change is after the service's own part
        return made.substring(0, made.indexOf("instance"));
    }
}
