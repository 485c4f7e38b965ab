package dev.paperorchestra.app.kafka;

import dev.paperorchestra.schemas.topics.Topic;
import dev.paperorchestra.schemas.topics.Topics;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.asm.ClassReader;
import org.springframework.asm.ClassVisitor;
import org.springframework.asm.MethodVisitor;
import org.springframework.asm.Opcodes;
import org.springframework.asm.Type;

/**
 * Reads one class's bytecode and says how each method uses the topic catalog: a {@code Topics} constant handed on
 * as a {@link Topic} is written (every method that takes a {@code Topic} publishes: {@code EventPublisher.publish},
 * {@code Step.Output.of}, {@code PaperSubmitter.send}); its {@code name()} given to a {@code ProducerRecord} or a
 * Streams sink ({@code KStream.to}) is written, given to anything else (a consumer's assignment, a Streams source
 * list, a metadata look-up) is read, and compared or logged is no access at all; a name collected with {@code List.of} and handed to
 * {@code PaperAggregationRunner.service} is an aggregation's source, whose records may be dead-lettered. A
 * {@code TopicPartition} kept in a static field carries its topic to the methods that use it.
 *
 * <p>A use this reading cannot place (a constant stored in a variable and used later, say) is reported as
 * unplaced, so the ACL test fails and names the method instead of guessing.
 */
final class TopicUseScanner {

    /** How a method uses one topic. */
    enum Use { READ, WRITE, AGGREGATION_SOURCE }

    /** One use of one topic in one method. */
    record TopicUse(String topic, Use use, String method) {
    }

    private static final String TOPICS = Type.getInternalName(Topics.class);
    private static final String TOPIC = Type.getInternalName(Topic.class);
    private static final String TOPIC_DESC = Type.getDescriptor(Topic.class);
    private static final String TOPIC_PARTITION = "org/apache/kafka/common/TopicPartition";
    private static final String AGGREGATION_RUNNER = "dev/paperorchestra/runtime/streams/PaperAggregationRunner";

    private final Map<String, String> topicsByConstant = new HashMap<>();

    TopicUseScanner() {
        for (var field : Topics.class.getFields()) {
            if (Topic.class.isAssignableFrom(field.getType())) {
                try {
                    topicsByConstant.put(field.getName(), ((Topic<?>) field.get(null)).name());
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
    }

    /** Every placed use of a catalog topic in the class, and (as {@code unplaced}) the methods it cannot read. */
    Result scan(String className) {
        String resource = className.replace('.', '/') + ".class";
        try (InputStream in = TopicUseScanner.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no class file for " + className);
            }
            ClassReader reader = new ClassReader(in);
            Map<String, String> partitionFields = new HashMap<>();
            Result result = new Result(new ArrayList<>(), new ArrayList<>());
            // twice: the first pass learns which static TopicPartition fields the class initializer fills
            reader.accept(new Visitor(className, partitionFields, new Result(new ArrayList<>(), new ArrayList<>())),
                    0);
            reader.accept(new Visitor(className, partitionFields, result), 0);
            return result;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    record Result(List<TopicUse> uses, List<String> unplaced) {
    }

    private final class Visitor extends ClassVisitor {

        private final String className;
        private final Map<String, String> partitionFields;
        private final Result result;

        Visitor(String className, Map<String, String> partitionFields, Result result) {
            super(Opcodes.ASM9);
            this.className = className;
            this.partitionFields = partitionFields;
            this.result = result;
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                String[] exceptions) {
            return new MethodScan(className + "." + name, partitionFields, result);
        }
    }

    private enum Form { TOPIC, NAME, LISTED, PARTITION }

    private record Pending(String topic, Form form) {
    }

    private final class MethodScan extends MethodVisitor {

        private final String method;
        private final Map<String, String> partitionFields;
        private final Result result;
        private final Deque<Pending> pending = new ArrayDeque<>();

        MethodScan(String method, Map<String, String> partitionFields, Result result) {
            super(Opcodes.ASM9);
            this.method = method;
            this.partitionFields = partitionFields;
            this.result = result;
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
            if (opcode == Opcodes.GETSTATIC && owner.equals(TOPICS) && descriptor.equals(TOPIC_DESC)) {
                pending.push(new Pending(topicsByConstant.get(name), Form.TOPIC));
            } else if (opcode == Opcodes.GETSTATIC && partitionFields.containsKey(owner + "." + name)) {
                pending.push(new Pending(partitionFields.get(owner + "." + name), Form.PARTITION));
            } else if (opcode == Opcodes.PUTSTATIC && descriptor.equals("L" + TOPIC_PARTITION + ";")
                    && !pending.isEmpty() && pending.peek().form() == Form.PARTITION) {
                partitionFields.put(owner + "." + name, pending.pop().topic());
            }
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            if (pending.isEmpty()) {
                return;
            }
            Type[] parameters = Type.getArgumentTypes(descriptor);
            if (owner.equals(TOPIC)) {
                Pending top = pending.pop();
                if (name.equals("name") && top.form() == Form.TOPIC) {
                    pending.push(new Pending(top.topic(), Form.NAME));
                }
                // any other accessor (writer(), partitions, ...) reads the catalog, not the broker
                return;
            }
            if (owner.equals(TOPIC_PARTITION) && name.equals("topic")) {
                Pending top = pending.pop();
                pending.push(new Pending(top.topic(), Form.NAME));
                return;
            }
            if (owner.equals(TOPIC_PARTITION) && name.equals("<init>")) {
                takeAll(Form.NAME).forEach(topic -> pending.push(new Pending(topic, Form.PARTITION)));
                return;
            }
            if (owner.equals("java/lang/String") || owner.equals("org/slf4j/Logger")) {
                // compared with a name or written to a log: no broker access
                takeAll(Form.NAME);
                return;
            }
            if (owner.equals("java/util/List") && name.equals("of")) {
                takeAll(Form.NAME).forEach(topic -> pending.push(new Pending(topic, Form.LISTED)));
                return;
            }
            if (takes(parameters, TOPIC_DESC)) {
                takeAll(Form.TOPIC).forEach(topic -> record(topic, Use.WRITE));
                return;
            }
            boolean sink = owner.equals("org/apache/kafka/clients/producer/ProducerRecord") && name.equals("<init>")
                    || owner.equals("org/apache/kafka/streams/kstream/KStream") && name.equals("to");
            if (takes(parameters, "Ljava/lang/String;") || takes(parameters, "Ljava/lang/Object;")
                    || takes(parameters, "Ljava/lang/CharSequence;")) {
                takeAll(Form.NAME).forEach(topic -> record(topic, sink ? Use.WRITE : Use.READ));
            }
            if (takes(parameters, "Ljava/util/List;") || takes(parameters, "Ljava/util/Collection;")) {
                boolean aggregation = owner.equals(AGGREGATION_RUNNER) && name.equals("service");
                takeAll(Form.LISTED).forEach(topic -> {
                    record(topic, Use.READ);
                    if (aggregation) {
                        record(topic, Use.AGGREGATION_SOURCE);
                    }
                });
                // a consumer's assign/seek of a kept partition reads it
                takeAll(Form.PARTITION).forEach(topic -> record(topic, Use.READ));
            }
        }

        @Override
        public void visitEnd() {
            for (Pending left : pending) {
                switch (left.form()) {
                    case NAME, LISTED, PARTITION -> record(left.topic(), Use.READ);
                    case TOPIC -> result.unplaced().add(method + " uses Topics' " + left.topic()
                            + " in a way this test cannot place (read or write?)");
                }
            }
            pending.clear();
        }

        private List<String> takeAll(Form form) {
            List<String> taken = new ArrayList<>();
            pending.removeIf(p -> {
                if (p.form() == form) {
                    taken.add(p.topic());
                    return true;
                }
                return false;
            });
            return taken;
        }

        private void record(String topic, Use use) {
            result.uses().add(new TopicUse(topic, use, method));
        }
    }

    private static boolean takes(Type[] parameters, String descriptor) {
        for (Type parameter : parameters) {
            if (parameter.getDescriptor().equals(descriptor)) {
                return true;
            }
        }
        return false;
    }
}
