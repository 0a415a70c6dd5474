package rdma.transfer;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The control messages of the file transfer, which travel as SENDs over the RDMA connection:
 * everything but the file's bytes, which go by RDMA WRITE. Each is one type byte and its fields
 * in network byte order, at most {@link #MAX_SIZE} bytes, so that every receive buffer can take
 * any of them. The receiver checks each one's exact length (the completion's {@code byte_len}):
 * a message that is short, long or of an unknown type is malformed.
 *
 * <pre>
 * READY   receiver to sender  chunk size (u32), slots (u32)   the ring the sender may write into
 * FILE    sender to receiver  size (u64), chunk (u32), name    the next file, and the chunk size it comes in
 * ACCEPT  receiver to sender                                  send its chunks
 * REFUSE  receiver to sender  reason (u16 + UTF-8)            the file is not wanted; the connection ends
 * CREDIT  receiver to sender  count (u32)                     slots written to disk and free again
 * END     sender to receiver  SHA-256 (32 bytes)              every chunk of the file was written
 * VERDICT receiver to sender  matches (u8), SHA-256           the receiver's digest, and whether it kept the file
 * BYE     sender to receiver                                  no more files
 * ABORT   either way          reason (u16 + UTF-8)            this side gives up; the connection ends
 * </pre>
 */
public sealed interface Control {
    /** The largest message: a FILE with a 255-byte name is 270 bytes; a reason is cut to fit. */
    int MAX_SIZE = 512;
    /** The longest file name, in UTF-8 bytes: NAME_MAX on Linux. */
    int MAX_NAME_BYTES = 255;
    /** The version READY announces; a sender refuses any other. */
    int VERSION = 1;

    byte READY = 1;
    byte FILE = 2;
    byte ACCEPT = 3;
    byte REFUSE = 4;
    byte CREDIT = 5;
    byte END = 6;
    byte VERDICT = 7;
    byte BYE = 8;
    byte ABORT = 9;

    /** The receiver's ring: {@code slots} slots of {@code chunkSize} bytes. */
    record Ready(int version, int chunkSize, int slots) implements Control {
    }

    /** A file of {@code size} bytes, in chunks of {@code chunkSize} bytes (the last one shorter), to be called {@code name}. */
    record FileHeader(long size, int chunkSize, String name) implements Control {
    }

    record Accept() implements Control {
    }

    record Refuse(String reason) implements Control {
    }

    record Credit(int count) implements Control {
    }

    record End(byte[] sha256) implements Control {
    }

    record Verdict(boolean matches, byte[] sha256) implements Control {
    }

    record Bye() implements Control {
    }

    record Abort(String reason) implements Control {
    }

    /** The type byte that starts the message on the wire, by the message's record. */
    default byte type() {
        return Types.OF.get(getClass());
    }

    /** Each record's type byte. */
    final class Types {
        static final Map<Class<?>, Byte> OF = Map.of(Ready.class, READY, FileHeader.class, FILE,
                Accept.class, ACCEPT, Refuse.class, REFUSE, Credit.class, CREDIT, End.class, END, Verdict.class, VERDICT,
                Bye.class, BYE, Abort.class, ABORT);

        private Types() {
        }
    }

    /** The name the errors use: "FILE", "CREDIT". */
    static String nameOf(byte type) {
        return switch (type) {
            case READY -> "READY";
            case FILE -> "FILE";
            case ACCEPT -> "ACCEPT";
            case REFUSE -> "REFUSE";
            case CREDIT -> "CREDIT";
            case END -> "END";
            case VERDICT -> "VERDICT";
            case BYE -> "BYE";
            case ABORT -> "ABORT";
            default -> String.format("an unknown type (0x%02x)", type);
        };
    }

    /** "a FILE", "an END": the name with its article, as the errors say it. */
    static String aOrAn(byte type) {
        String name = nameOf(type);
        return ("AEIOU".indexOf(name.charAt(0)) >= 0 ? "an " : "a ") + name;
    }

    /** Writes {@code message} at the start of {@code slot}; returns its length. */
    static int encode(Control message, ByteBuffer slot) {
        slot.clear();
        if (message instanceof Ready ready) {
            slot.put(READY).putInt(ready.version()).putInt(ready.chunkSize()).putInt(ready.slots());
        } else if (message instanceof FileHeader file) {
            byte[] name = file.name().getBytes(StandardCharsets.UTF_8);
            slot.put(FILE).putLong(file.size()).putInt(file.chunkSize()).putShort((short) name.length).put(name);
        } else if (message instanceof Accept) {
            slot.put(ACCEPT);
        } else if (message instanceof Refuse refuse) {
            putText(slot.put(REFUSE), refuse.reason());
        } else if (message instanceof Credit credit) {
            slot.put(CREDIT).putInt(credit.count());
        } else if (message instanceof End end) {
            slot.put(END).put(end.sha256());
        } else if (message instanceof Verdict verdict) {
            slot.put(VERDICT).put((byte) (verdict.matches() ? 1 : 0)).put(verdict.sha256());
        } else if (message instanceof Bye) {
            slot.put(BYE);
        } else if (message instanceof Abort abort) {
            putText(slot.put(ABORT), abort.reason());
        }
        return slot.position();
    }

    /** A CREDIT, written without creating an object: the receiver sends one every few chunks. */
    static int encodeCredit(ByteBuffer slot, int count) {
        slot.clear();
        slot.put(CREDIT).putInt(count);
        return slot.position();
    }

    /** The type byte of the {@code length}-byte message at the start of {@code slot}. */
    static byte typeOf(ByteBuffer slot, int length) {
        if (length < 1) {
            throw new MalformedControlException("an empty message");
        }
        return slot.get(0);
    }

    /** The count of a CREDIT, read without creating an object. */
    static int creditOf(ByteBuffer slot, int length) {
        requireLength(CREDIT, length, 5);
        int count = slot.getInt(1);
        if (count < 1) {
            throw new MalformedControlException("a CREDIT of " + count + " slots");
        }
        return count;
    }

    /** The {@code length}-byte message at the start of {@code slot}, checked field by field. */
    static Control decode(ByteBuffer slot, int length) {
        byte type = typeOf(slot, length);
        ByteBuffer in = slot.duplicate().position(1).limit(length);
        Control message = switch (type) {
            case READY -> {
                requireLength(type, length, 13);
                yield new Ready(in.getInt(), in.getInt(), in.getInt());
            }
            case FILE -> {
                if (length < 15) {
                    throw new MalformedControlException("a FILE of " + length + " bytes, shorter than its fields");
                }
                long size = in.getLong();
                int chunkSize = in.getInt();
                int nameLength = Short.toUnsignedInt(in.getShort());
                requireLength(type, length, 15 + nameLength);
                if (size < 0 || chunkSize < 1) {
                    throw new MalformedControlException("a FILE of size " + size + " in chunks of " + chunkSize + " bytes");
                }
                yield new FileHeader(size, chunkSize, utf8(in, nameLength, "file name"));
            }
            case ACCEPT -> {
                requireLength(type, length, 1);
                yield new Accept();
            }
            case REFUSE, ABORT -> {
                String reason = text(type, in, length);
                yield type == REFUSE ? new Refuse(reason) : new Abort(reason);
            }
            case CREDIT -> new Credit(creditOf(slot, length));
            case END -> {
                requireLength(type, length, 33);
                byte[] sha = new byte[32];
                in.get(sha);
                yield new End(sha);
            }
            case VERDICT -> {
                requireLength(type, length, 34);
                byte matches = in.get();
                byte[] sha = new byte[32];
                in.get(sha);
                yield new Verdict(matches == 1, sha);
            }
            case BYE -> {
                requireLength(type, length, 1);
                yield new Bye();
            }
            default -> throw new MalformedControlException("a message of " + nameOf(type));
        };
        return message;
    }

    private static void requireLength(byte type, int length, int expected) {
        if (length != expected) {
            throw new MalformedControlException(aOrAn(type) + " of " + length + " bytes, not " + expected);
        }
    }

    private static void putText(ByteBuffer slot, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        int length = Math.min(bytes.length, slot.remaining() - 2);
        while (length < bytes.length && length > 0 && (bytes[length] & 0xc0) == 0x80) {
            length--; // cut before a character, not inside one
        }
        slot.putShort((short) length).put(bytes, 0, length);
    }

    private static String text(byte type, ByteBuffer in, int length) {
        if (length < 3) {
            throw new MalformedControlException(aOrAn(type) + " of " + length + " bytes, shorter than its fields");
        }
        int textLength = Short.toUnsignedInt(in.getShort());
        requireLength(type, length, 3 + textLength);
        return utf8(in, textLength, "reason");
    }

    private static String utf8(ByteBuffer in, int length, String what) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(in.slice().limit(length)).toString();
        } catch (CharacterCodingException notUtf8) {
            throw new MalformedControlException("a " + what + " that is not UTF-8");
        }
    }

    /** A control message that is not one: the text says what arrived. */
    final class MalformedControlException extends IllegalArgumentException {
        public MalformedControlException(String message) {
            super(message);
        }
    }
}
