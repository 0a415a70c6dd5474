package rdma.pingpong;

import java.util.List;
import rdma.queues.Endpoint;
import rdma.queues.RemoteAddress;

/**
 * The message two sides trade over TCP before their queue pairs can talk: a fixed size, a way to
 * write and read it, what this side puts in it, and where in it the peer's QP address is.
 * Chapter 04 trades {@code ibv_rc_pingpong}'s address message ({@link ExchangeMessage}); later
 * chapters extend it with what their verbs need, such as the address and rkey of a buffer.
 */
public interface ExchangeFormat<T> {
    /** The message's size on the wire, in bytes. */
    int size();

    byte[] format(T value);

    /** Parses exactly what {@link #format} writes; anything else is a {@link MalformedMessageException}. */
    T parse(byte[] message);

    /** What this side tells the peer about {@code endpoint}. */
    T local(Endpoint endpoint);

    /** The QP address in a message: what the receiver connects its QP to. */
    RemoteAddress address(T message);

    /** The message as the programs print it, one labelled line per part ("address", "buffer"). */
    List<Line> describe(T message);

    /** One printed part of a message. */
    record Line(String label, String text) {
    }

    /** The peer's message was not in the format; the text says what arrived, on one line. */
    final class MalformedMessageException extends IllegalArgumentException {
        public MalformedMessageException(String message) {
            super(message);
        }
    }
}
