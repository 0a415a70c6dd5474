package rdma.transfer.files;

import java.nio.charset.StandardCharsets;
import rdma.transfer.Control;

/**
 * The file names a receiver accepts: plain names of one directory entry, nothing a sender could
 * use to reach outside the receiver's directory or to confuse a terminal. Both sides check: the
 * sender to fail early with a clear message, the receiver because it trusts no sender.
 */
public final class SafeName {
    private SafeName() {
    }

    /** What is wrong with {@code name} as a file name, or null when it is a plain one. */
    public static String problem(String name) {
        if (name.isEmpty()) {
            return "the name is empty";
        }
        if (name.equals(".") || name.equals("..")) {
            return "\"" + name + "\" names a directory, not a file";
        }
        int bytes = name.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > Control.MAX_NAME_BYTES) {
            return "the name is " + bytes + " bytes long, more than " + Control.MAX_NAME_BYTES;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '/') {
                return "the name holds a '/': only a plain file name is accepted, never a path";
            }
            if (c == 0) {
                return "the name holds a NUL byte";
            }
            if (c < 0x20 || c == 0x7f) {
                return String.format("the name holds the control character 0x%02x", (int) c);
            }
        }
        return null;
    }

    /** The name as the errors quote it: control characters shown as escapes, so that the error stays one line. */
    public static String printable(String name) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            text.append(c < 0x20 || c == 0x7f ? String.format("\\x%02x", (int) c) : String.valueOf(c));
        }
        return text.toString();
    }
}
