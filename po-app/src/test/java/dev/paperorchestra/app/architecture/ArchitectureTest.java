package dev.paperorchestra.app.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import dev.paperorchestra.runtime.blob.BlobStore;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.springframework.kafka.annotation.KafkaListener;

/**
 * The module boundaries, checked on the production classes of every module (po-app sees them all). Each rule
 * says in its {@code because} how to fix a violation.
 */
@AnalyzeClasses(packages = "dev.paperorchestra",
        importOptions = {ImportOption.DoNotIncludeTests.class, ArchitectureTest.NoTestJars.class})
class ArchitectureTest {

    /** Test fixtures other modules share as test-jars are tests too, wherever they are read from. */
    static final class NoTestJars implements ImportOption {
        @Override
        public boolean includes(com.tngtech.archunit.core.importer.Location location) {
            return !location.contains("-tests.jar");
        }
    }

    private static final String ROOT = "dev.paperorchestra.";
    private static final List<String> AGENTS = List.of("outline", "literature", "plotting", "writer", "refine",
            "reviewer");
    private static final String[] ADAPTERS = {ROOT + "gateway.openai..", ROOT + "gateway.gemini..",
            ROOT + "gateway.anthropic.."};

    @ArchTest
    static final ArchRule agents_never_depend_on_each_other = CompositeArchRule.of(AGENTS.stream()
            .map(agent -> noClasses().that().resideInAPackage(ROOT + agent + "..")
                    .should().dependOnClassesThat().resideInAnyPackage(AGENTS.stream().filter(a -> !a.equals(agent))
                            .map(a -> ROOT + a + "..").toArray(String[]::new))
                    .because("agents talk only through Avro events on Kafka: move what two agents share into "
                            + "agent-runtime or paper-content (or an event field in common-schemas), never import another agent"))
            .map(ArchRule.class::cast).toList());

    /**
     * The modules from the bottom up, by their root package: each may use those before it and none after it
     * (paper-model, common-schemas, base, model-gateway, agent-runtime, paper-content, the agents, paper-service,
     * embedded, cli, bench).
     */
    private static final List<List<String>> LAYERS = List.of(List.of("model"), List.of("schemas"), List.of("base"),
            List.of("gateway"), List.of("runtime"),
            List.of("content"), AGENTS, List.of("service"), List.of("embedded"), List.of("cli"), List.of("bench"));

    @ArchTest
    static final ArchRule a_module_uses_only_the_modules_below_it = CompositeArchRule.of(
            IntStream.range(0, LAYERS.size() - 1).mapToObj(i -> noClasses()
                    .that().resideInAnyPackage(packages(LAYERS.get(i)))
                    .should().dependOnClassesThat().resideInAnyPackage(packages(LAYERS.subList(i + 1,
                            LAYERS.size()).stream().flatMap(List::stream).toList()))
                    .because("the module graph runs one way (paper-model, common-schemas, base, model-gateway, "
                            + "agent-runtime, paper-content, agents, paper-service, embedded, cli, bench): move the "
                            + "shared piece down to the lowest module that needs it, or pass it in from above (as "
                            + "po serve passes the paper service's builder to EmbeddedPipeline, and agent-runtime "
                            + "passes its blob store to the gateway as a KeyedStore)"))
                    .map(ArchRule.class::cast).toList());

    @ArchTest
    static final ArchRule paper_model_uses_neither_spring_nor_kafka = noClasses()
            .that().resideInAPackage(ROOT + "model..")
            .should().dependOnClassesThat().resideInAnyPackage("org.springframework..", "org.apache.kafka..",
                    "org.apache.avro..", "software.amazon..", "dev.langchain4j..")
            .because("paper-model is the paper's text as types, at the bottom of the house: it is read by every "
                    + "module and must be testable and usable with no framework; compute there, wire above");

    @ArchTest
    static final ArchRule paper_content_imports_no_kafka = noClasses()
            .that().resideInAPackage(ROOT + "content..")
            .should().dependOnClassesThat().resideInAnyPackage("org.apache.kafka..", "org.springframework.kafka..",
                    ROOT + "runtime.kafka..", ROOT + "runtime.streams..")
            .because("paper-content is what a paper is made of, testable without a broker: publish from the agent "
                    + "or from runtime.kafka (PaperSubmitter, EventPublisher) with what paper-content computed");

    @ArchTest
    static final ArchRule nothing_in_production_imports_the_bench = noClasses()
            .that().resideOutsideOfPackage(ROOT + "bench..")
            .should().dependOnClassesThat().resideInAPackage(ROOT + "bench..")
            .because("the bench plugs into po through PoPlugin (ServiceLoader); production code works without it. "
                    + "Move what both need out of the bench, into the module that owns the concept");

    @ArchTest
    static final ArchRule top_level_packages_are_free_of_cycles = slices()
            .matching(ROOT + "(*)..").should().beFreeOfCycles()
            .because("a cycle between modules' packages is a module boundary in the wrong place");

    @ArchTest
    static final ArchRule only_the_gateway_touches_provider_adapters = noClasses()
            .that().resideOutsideOfPackages(ROOT + "gateway.core..", ADAPTERS[0], ADAPTERS[1], ADAPTERS[2])
            .should().dependOnClassesThat().resideInAnyPackage(ADAPTERS)
            .because("every model call goes through LlmGateway (retries, cache, budgets, usage); call the gateway, "
                    + "or ChatProviders for a one-off check as po doctor does, and register a new provider in "
                    + "ChatProviders");

    @ArchTest
    static final ArchRule only_the_scholarly_clients_and_the_front_door_use_http = noClasses()
            .that().resideOutsideOfPackages(
                    ROOT + "literature.verify.s2..", ROOT + "literature.scholarly..", ROOT + "literature.discovery..",
                    ROOT + "gateway.provider..", ADAPTERS[0], ADAPTERS[1], ADAPTERS[2],
                    // the front door and its client (service.client) are HTTP by nature
                    ROOT + "service..",
                    // the schema registry is an outside service with one small REST client of its own, used only
                    // by the event serdes; it needs no rate limits or keys shared with other callers
                    ROOT + "runtime.registry..")
            .should().dependOnClassesThat().resideInAnyPackage("java.net.http..", "dev.langchain4j.http.client..")
            .because("outside calls need the shared rate limits, retries and key handling of their one client: "
                    + "reach Semantic Scholar through SemanticScholarClient, OpenAlex through the discovery "
                    + "sources and models through the LLM gateway instead of opening an HTTP client");

    @ArchTest
    static final ArchRule listeners_do_not_touch_the_blob_store = noClasses()
            .that(listeners())
            .should().dependOnClassesThat().areAssignableTo(BlobStore.class)
            .because("listeners stay thin (consume, call a service, publish): move the reading and writing of "
                    + "artifacts into the plain service the listener calls, where it is tested without a broker");

    @ArchTest
    static final ArchRule internal_packages_are_used_only_from_their_parent = classes()
            .that().resideInAPackage("..internal..")
            .should(onlyBeUsedFromTheirParentPackage())
            .because("an internal package is its parent's implementation detail: give the parent package a "
                    + "public entry point (as gateway.openai.OpenAiAdapter does) and use that instead");

    @ArchTest
    static final ArchRule no_two_classes_share_a_simple_name = classes()
            .that().areTopLevelClasses().and().doNotHaveSimpleName("package-info")
            .should(haveASimpleNameNoOtherClassHas())
            .because("one name, one meaning: name a class after its own job (the literature agent's "
                    + "DiscoveryPlanner, the writer's Repairer), so a log line or a stack trace points at one class");

    @ArchTest
    static final ArchRule a_plural_name_beside_its_singular_in_a_module_is_its_companion = classes()
            .that().areTopLevelClasses().and().doNotHaveSimpleName("package-info")
            .should(useTheClassTheirNameIsThePluralOfInTheirModule())
            .because("one name, one meaning: beside X, a class named Xs reads as X's collection, factory or "
                    + "catalog (Topics holds the Topic constants, ChatProviders creates a ChatProvider); when it "
                    + "is not, name it after its own job (as the doctor's checks are DoctorChecks)");

    private static ArchCondition<JavaClass> haveASimpleNameNoOtherClassHas() {
        return new ArchCondition<>("have a simple name no other class has") {
            private final Map<String, List<String>> byName = new HashMap<>();

            @Override
            public void init(Collection<JavaClass> types) {
                types.forEach(type -> byName.computeIfAbsent(type.getSimpleName(), name -> new ArrayList<>())
                        .add(type.getName()));
            }

            @Override
            public void check(JavaClass type, ConditionEvents events) {
                List<String> others = byName.getOrDefault(type.getSimpleName(), List.of()).stream()
                        .filter(name -> !name.equals(type.getName())).toList();
                if (!others.isEmpty()) {
                    events.add(SimpleConditionEvent.violated(type, type.getName() + " has the name of "
                            + String.join(", ", others)));
                }
            }
        };
    }

    /** A plural name beside its singular in the same module is allowed only for the singular's companion. */
    private static ArchCondition<JavaClass> useTheClassTheirNameIsThePluralOfInTheirModule() {
        return new ArchCondition<>("use the class their name is the plural of, when their module has one") {
            private final Map<String, JavaClass> byModuleAndName = new HashMap<>();

            @Override
            public void init(Collection<JavaClass> types) {
                types.forEach(type -> byModuleAndName.put(module(type) + "/" + type.getSimpleName(), type));
            }

            @Override
            public void check(JavaClass type, ConditionEvents events) {
                String name = type.getSimpleName();
                if (name.length() < 2 || !name.endsWith("s")) {
                    return;
                }
                JavaClass singular = byModuleAndName.get(module(type) + "/" + name.substring(0, name.length() - 1));
                if (singular != null && type.getDirectDependenciesFromSelf().stream()
                        .noneMatch(dependency -> dependency.getTargetClass().equals(singular))) {
                    events.add(SimpleConditionEvent.violated(type, type.getName() + " is named as the plural of "
                            + singular.getName() + " in module " + module(type) + " but does not use it"));
                }
            }
        };
    }

    /** The module a class was read from: its {@code target/classes} directory or its jar. */
    private static String module(JavaClass type) {
        String uri = type.getSource().map(source -> source.getUri().toString()).orElse("");
        int classes = uri.indexOf("/target/classes/");
        if (classes >= 0) {
            String directory = uri.substring(0, classes);
            return directory.substring(directory.lastIndexOf('/') + 1);
        }
        int jar = uri.indexOf(".jar!");
        if (jar >= 0) {
            String path = uri.substring(0, jar);
            return path.substring(path.lastIndexOf('/') + 1);
        }
        return type.getPackageName();
    }

    private static String[] packages(List<String> roots) {
        return roots.stream().map(root -> ROOT + root + "..").toArray(String[]::new);
    }

    private static DescribedPredicate<JavaClass> listeners() {
        return DescribedPredicate.describe("are listeners (named *Listener or with a @KafkaListener)",
                type -> type.getSimpleName().endsWith("Listener") || type.isAnnotatedWith(KafkaListener.class)
                        || type.getMethods().stream().anyMatch(method -> method.isAnnotatedWith(KafkaListener.class)));
    }

    private static ArchCondition<JavaClass> onlyBeUsedFromTheirParentPackage() {
        return new ArchCondition<>("only be used from the package that holds their internal package") {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                String name = type.getPackageName();
                String parent = name.substring(0, name.lastIndexOf(".internal"));
                for (Dependency dependency : type.getDirectDependenciesToSelf()) {
                    String origin = dependency.getOriginClass().getPackageName();
                    if (!origin.equals(parent) && !origin.startsWith(parent + ".")) {
                        events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()));
                    }
                }
            }
        };
    }
}
