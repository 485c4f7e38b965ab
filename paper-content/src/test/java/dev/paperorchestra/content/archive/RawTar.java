package dev.paperorchestra.content.archive;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Tar blocks written by hand, for headers no well-behaved writer would produce. */
final class RawTar {

    static final int BLOCK = 512;

    private RawTar() {
    }

    /** A ustar header; sizes above the octal field's range are written in base-256, as GNU tar does. */
    static byte[] header(String name, char type, long size) {
        byte[] header = new byte[BLOCK];
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(bytes, 0, header, 0, Math.min(100, bytes.length));
        put(header, 100, "0000644\0");
        put(header, 108, "0000000\0");
        put(header, 116, "0000000\0");
        if (size < 077777777777L) {
            put(header, 124, String.format("%011o\0", size));
        } else {
            header[124] = (byte) 0x80;
            for (int i = 0; i < 8; i++) {
                header[135 - i] = (byte) (size >>> (8 * i));
            }
        }
        put(header, 136, "00000000000\0");
        header[156] = (byte) type;
        put(header, 257, "ustar\0");
        put(header, 263, "00");
        Arrays.fill(header, 148, 156, (byte) ' ');
        long sum = 0;
        for (byte b : header) {
            sum += b & 0xff;
        }
        put(header, 148, String.format("%06o\0 ", sum));
        return header;
    }

    /** A header followed by its data, padded to whole blocks. */
    static void entry(OutputStream out, String name, char type, byte[] data) throws IOException {
        out.write(header(name, type, data.length));
        out.write(data);
        out.write(new byte[padding(data.length)]);
    }

    /** {@code count} bytes of {@code fill}, padded to whole blocks, written without holding them. */
    static void data(OutputStream out, long count, byte fill) throws IOException {
        byte[] chunk = new byte[1 << 20];
        Arrays.fill(chunk, fill);
        for (long left = count; left > 0; left -= chunk.length) {
            out.write(chunk, 0, (int) Math.min(chunk.length, left));
        }
        out.write(new byte[padding(count)]);
    }

    /** {@code count} bytes of {@code fill}, unpadded. */
    static void fill(OutputStream out, long count, byte fill) throws IOException {
        byte[] chunk = new byte[1 << 20];
        Arrays.fill(chunk, fill);
        for (long left = count; left > 0; left -= chunk.length) {
            out.write(chunk, 0, (int) Math.min(chunk.length, left));
        }
    }

    /** A PAX record, {@code "<length> key=value\n"}, its length counting itself. */
    static String paxRecord(String key, String value) {
        int body = key.length() + value.length() + 3; // ' ', '=', '\n'
        int length = body + String.valueOf(body).length();
        if (String.valueOf(length).length() != String.valueOf(body).length()) {
            length++;
        }
        return length + " " + key + "=" + value + "\n";
    }

    static void end(OutputStream out) throws IOException {
        out.write(new byte[2 * BLOCK]);
    }

    static int padding(long size) {
        return (int) ((BLOCK - size % BLOCK) % BLOCK);
    }

    private static void put(byte[] header, int offset, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(bytes, 0, header, offset, bytes.length);
    }
}
