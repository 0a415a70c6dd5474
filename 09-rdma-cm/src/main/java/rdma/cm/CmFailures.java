package rdma.cm;

import java.nio.charset.StandardCharsets;
import rdma.cm.c.CmEventType;
import rdma.support.LibC;
import rdma.support.PeerGoneException;
import rdma.support.VerbsException;

/**
 * What an event that is not the one a program waited for means, as one error: its cause and what
 * to do. The status of an error event is a negative errno; a REJECTED event's is the reason code
 * the peer's CM put in its reject message (InfiniBand's REJ reasons, which RoCE keeps).
 */
public final class CmFailures {
    /** REJ reason: no listener for the request's service ID, that is, nothing listens on that port. */
    public static final int REJ_INVALID_SERVICE_ID = 8;
    /** REJ reason: the application refused ({@code rdma_reject}). */
    public static final int REJ_CONSUMER_DEFINED = 28;

    private CmFailures() {
    }

    /** The error for {@code event}, which came while {@code what} waited for something else. */
    public static VerbsException of(CmEvent event, String what) {
        String seen = event.name() + ", status " + event.status();
        CmEventType type = CmEventType.of(event.type()).orElse(null);
        if (type == null) {
            return new VerbsException(what, "unexpected " + seen, "Report this");
        }
        return switch (type) {
            case RDMA_CM_EVENT_ADDR_ERROR -> new VerbsException(what, "address resolution failed: "
                    + errnoText(event.status()) + " (" + seen + ")", "No RDMA device reaches that address: is it the address"
                    + " of the server's RDMA network interface, and does a route lead there (ip route get <addr>)?");
            case RDMA_CM_EVENT_ROUTE_ERROR -> new VerbsException(what, "route resolution failed: "
                    + errnoText(event.status()) + " (" + seen + ")", "Is the server reachable over its RDMA interface (ping it)?");
            case RDMA_CM_EVENT_UNREACHABLE -> new VerbsException(what, "the server's connection manager did not answer: "
                    + errnoText(event.status()) + " (" + seen + ")", "Is the server running, and reachable over its RDMA interface?");
            case RDMA_CM_EVENT_REJECTED -> rejected(event, what);
            case RDMA_CM_EVENT_CONNECT_ERROR -> new VerbsException(what, "the connection failed: " + errnoText(event.status())
                    + " (" + seen + ")", "The two sides could not agree on the connection; look at the other side's output");
            case RDMA_CM_EVENT_DISCONNECTED -> new PeerGoneException(what, "the peer disconnected (" + event.name() + ")",
                    "Look at the other side's output");
            case RDMA_CM_EVENT_DEVICE_REMOVAL -> new VerbsException(what, "the RDMA device went away (" + event.name() + ")",
                    "Was its driver unloaded, or its soft-RoCE link deleted (rdma link)?");
            default -> new VerbsException(what, "unexpected " + seen, "Report this");
        };
    }

    private static VerbsException rejected(CmEvent event, String what) {
        return switch (event.status()) {
            case REJ_INVALID_SERVICE_ID -> new VerbsException(what, "nothing listens there (" + event.name()
                    + ", reason " + REJ_INVALID_SERVICE_ID + ": invalid service ID)", "Start the server first, on that address and port");
            case REJ_CONSUMER_DEFINED -> new VerbsException(what, "the server refused the connection"
                    + (reason(event.privateData()).isEmpty() ? "" : ": \"" + reason(event.privateData()) + "\"")
                    + " (" + event.name() + ", reason " + REJ_CONSUMER_DEFINED + ": consumer defined)", "The server decided so");
            default -> new VerbsException(what, "the connection was refused (" + event.name() + ", reason " + event.status() + ")",
                    "Look at the server's output");
        };
    }

    /** The text a {@code rdma_reject} carried: its private data up to the first NUL (the CM pads it with zeros). */
    public static String reason(byte[] privateData) {
        int end = 0;
        while (end < privateData.length && privateData[end] != 0) {
            end++;
        }
        return new String(privateData, 0, end, StandardCharsets.UTF_8);
    }

    private static String errnoText(int status) {
        return status < 0 ? LibC.describe(-status) : "status " + status;
    }
}
