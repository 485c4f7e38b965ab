package dev.paperorchestra.cli.state;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One process per state directory: an exclusive lock on {@code <state-dir>/.lock}, taken before the broker
 * touches its files and held until {@link #close}. The operating system drops the lock when the process dies,
 * so a crashed run never leaves the directory locked. Used by {@code po run}, and meant for {@code po serve}.
 */
public final class StateDirLock implements AutoCloseable {

    public static final String FILE = ".lock";

    private final FileChannel channel;
    private final FileLock lock;

    private StateDirLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * @throws StateDirInUseException when another process (or this one) holds the directory, naming its pid
     */
    public static StateDirLock acquire(Path stateDir) {
        Path file = stateDir.resolve(FILE);
        try {
            Files.createDirectories(stateDir);
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException heldHere) {
                lock = null;
            }
            if (lock == null) {
                String holder = holder(channel);
                channel.close();
                throw new StateDirInUseException(stateDir, holder);
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)),
                    0);
            channel.force(false);
            return new StateDirLock(channel, lock);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock the state directory " + stateDir + " (" + file + ")", e);
        }
    }

    private static String holder(FileChannel channel) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(32);
        channel.read(buffer, 0);
        return new String(buffer.array(), 0, buffer.position(), StandardCharsets.US_ASCII).strip();
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            // the lock goes with the process anyway
        }
    }

    /** The state directory is in use; the message says by which process and what to do. */
    public static final class StateDirInUseException extends RuntimeException {

        public StateDirInUseException(Path stateDir, String pid) {
            super("the state directory " + stateDir.toAbsolutePath() + " is in use by another po"
                    + (pid.isEmpty() ? "" : " (pid " + pid + ")") + "; wait for it to finish or give another "
                    + "--state-dir");
        }
    }
}
