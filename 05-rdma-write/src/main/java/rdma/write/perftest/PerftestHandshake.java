package rdma.write.perftest;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import rdma.devices.c.Mtu;
import rdma.pingpong.AddressExchange;
import rdma.pingpong.Connection;
import rdma.pingpong.ExchangeFormat;
import rdma.pingpong.ExchangeMessage;
import rdma.support.Closeables;
import rdma.support.VerbsException;
import rdma.write.session.PeerWatch;

/**
 * The conversation {@code ib_write_lat} and {@code ib_write_bw} hold over TCP around their test
 * (write_lat.c's and write_bw.c's main, with perftest_communication.c), so that this chapter's
 * tests can run against them. Every step is a trade of fixed-size messages: the client writes its
 * part and reads the server's, the server reads first and then writes. In order: the versions (16
 * bytes of text), the page size and the cache line size (4 bytes each, big-endian), the path MTU
 * (the {@code ibv_mtu} value as text, 2 bytes), then the key message ({@link PerftestKeys}):
 * ib_write_lat sends it once for the test and once for its one QP, ib_write_bw only for the QP.
 * Each side then moves its QP to RTR and RTS and trades its keys twice more: the last trade tells
 * each side that the other's QP is ready, and the test begins.
 *
 * <p>perftest keeps the TCP connection open until it ends, as this chapter does: the caller gets
 * it back inside a {@link PeerWatch}. After a bandwidth test the two sides talk once more
 * ({@link #results}): the server, whose memory was only written into, prints the client's figures.
 */
public final class PerftestHandshake {
    /**
     * The perftest whose handshake this is: Debian 12's perftest 4.5-0.17 calls itself 6.06. A
     * later perftest negotiates more only with a peer of 6.28 or later.
     */
    static final String VERSION = "6.06";

    /** perftest's MAX_VERSION: the version travels as a NUL-padded string of this many bytes. */
    static final int VERSION_SIZE = 16;

    /** The oldest perftest that talks to others (check_version_compatibility), and whose steps these are. */
    static final double OLDEST_PEER = 5.70;

    /**
     * The page and cache line sizes perftest aligns its buffers to; each side uses the larger of
     * its own and its peer's, and announces its buffer's address, so these shape only its layout.
     */
    static final int PAGE_SIZE = 4096;
    static final int CACHE_LINE_SIZE = 64;

    /**
     * What ib_write_bw's client may write into its server's buffer: messages of up to half a page
     * go to consecutive cache-line-aligned places across a page of it (perftest's cycle buffer, the
     * page size), so that server grants at least that many bytes.
     */
    public static final int CYCLE_BUFFER = PAGE_SIZE;

    /** What perftest writes after its last trade, before it closes: "done" and its NUL. */
    private static final byte[] DONE = "done\0".getBytes(StandardCharsets.US_ASCII);

    private static final String NOT_PERFTEST_HINT = "Does the peer speak perftest's handshake (one of perftest's tools, or chapter 05 with --perftest)?";
    private static final String PERFTEST_REFUSED_HINT = "perftest closes the connection when it refuses something: its output says what";
    private static final String BROKEN_HINT = "Look at the other side's output";

    private static final Pattern LEADING_NUMBER = Pattern.compile("^\\s*(\\d+(?:\\.\\d*)?)");

    private final Socket socket;
    private final boolean asClient;
    private final String peer;

    private PerftestHandshake(Socket socket, boolean asClient) {
        this.socket = socket;
        this.asClient = asClient;
        this.peer = asClient ? socket.getInetAddress().getHostAddress() + ":" + socket.getPort()
                : "client " + socket.getInetAddress().getHostAddress();
    }

    /**
     * Connects {@code connection}'s QP to a peer that speaks perftest's handshake, for a latency or
     * a {@code bandwidth} test: a client connects to {@code host}; a server ({@code host} null)
     * listens, calls {@code listening}, and accepts one client. The connection's exchange format
     * must be perftest's key message ({@link PerftestKeys}). After a bandwidth test the peer talks
     * again, so its connection comes back {@link PeerWatch#unwatched}; ib_write_lat says nothing
     * more after its test (write_lat.c ends without ctx_close_connection), so a latency test's is
     * watched. ib_atomic_lat does end with it: chapter 10 calls {@link #handshake} and keeps the
     * connection itself.
     */
    public static <T> PeerWatch<T> exchange(Connection<T> connection, String host, Consumer<ServerSocket> listening,
            boolean bandwidth) {
        T mine = connection.announce();
        Socket socket = AddressExchange.open(host, connection.plan().options().port, listening);
        try {
            T peer = handshake(connection, socket, host != null, mine, bandwidth);
            return bandwidth ? PeerWatch.unwatched(socket, peer, connection.endpoint().qp())
                    : new PeerWatch<>(socket, peer, connection.endpoint().qp());
        } catch (RuntimeException failure) {
            Closeables.closeQuietly(socket);
            throw failure;
        }
    }

    /**
     * The handshake itself, over {@code socket}, a TCP connection the caller opened and keeps, with
     * {@code mine}, what {@link Connection#announce} returned: returns the peer's keys once both
     * QPs are ready.
     */
    public static <T> T handshake(Connection<T> connection, Socket socket, boolean asClient, T mine, boolean bandwidth) {
        return new PerftestHandshake(socket, asClient).run(connection, mine, bandwidth);
    }

    /**
     * The end of ib_write_bw's conversation, once this side's part of the test is over
     * (write_bw.c, xchg_bw_reports, ctx_close_connection): the keys once more (the server waits
     * here while the client runs), each side's figures ({@link BandwidthReport.Figures}: five
     * 8-byte big-endian numbers, a trade each), then {@link #closeConnection}. Returns the peer's
     * figures; a server sends zeros, which its client ignores.
     */
    public static <T> BandwidthReport.Figures results(Connection<T> connection, PeerWatch<T> watch,
            BandwidthReport.Figures mine, boolean asClient) {
        PerftestHandshake conversation = new PerftestHandshake(watch.socket(), asClient);
        try {
            conversation.trade("the keys, after the test", myKeys(connection));
            BandwidthReport.Figures theirs = new BandwidthReport.Figures(conversation.tradeLong("the message size", mine.size()),
                    conversation.tradeLong("the iterations", mine.iterations()),
                    conversation.tradeDouble("the peak bandwidth", mine.peak()),
                    conversation.tradeDouble("the average bandwidth", mine.average()),
                    conversation.tradeDouble("the message rate", mine.messageRate()));
            conversation.close(connection);
            return theirs;
        } catch (IOException failure) {
            throw conversation.failed("perftest's results", failure);
        } finally {
            watch.close();
        }
    }

    /**
     * perftest's last words on the connection of an {@link PeerWatch#unwatched} peer
     * (ctx_close_connection): the keys a last time, then "done", and the connection closes. A side
     * with nothing to do in the test (the server of ib_read_lat, say) comes here at once and waits
     * in the trade until its client finished.
     */
    public static <T> void closeConnection(Connection<T> connection, PeerWatch<T> watch, boolean asClient) {
        PerftestHandshake conversation = new PerftestHandshake(watch.socket(), asClient);
        try {
            conversation.close(connection);
        } catch (IOException failure) {
            throw conversation.failed("the end of perftest's conversation", failure);
        } finally {
            watch.close();
        }
    }

    private void close(Connection<?> connection) throws IOException {
        trade("the keys, the last time", myKeys(connection));
        socket.getOutputStream().write(DONE);
    }

    private static <T> byte[] myKeys(Connection<T> connection) {
        ExchangeFormat<T> keys = connection.plan().format();
        return keys.format(keys.local(connection.endpoint()));
    }

    private RuntimeException failed(String what, IOException failure) {
        return AddressExchange.failed(what + " with " + peer, failure, NOT_PERFTEST_HINT, PERFTEST_REFUSED_HINT, BROKEN_HINT);
    }

    private <T> T run(Connection<T> connection, T mine, boolean bandwidth) {
        ExchangeFormat<T> keys = connection.plan().format();
        Mtu pathMtu = connection.plan().options().pathMtu();
        try {
            socket.setSoTimeout(AddressExchange.READ_TIMEOUT_MILLIS);
            requireVersion(trade("the versions", padded(VERSION, VERSION_SIZE)));
            trade("the page sizes", bigEndian(PAGE_SIZE));
            trade("the cache line sizes", bigEndian(CACHE_LINE_SIZE));
            requireMtu(trade("the path MTUs", padded(Integer.toString(pathMtu.value()), 2)), pathMtu);
            byte[] myKeys = keys.format(mine);
            if (!bandwidth) {
                trade("the keys of the test", myKeys); // the *_lat tools send them once for the test, then once per QP
            }
            T theirs = parse(keys, trade("the keys of the QP", myKeys));
            // perftest's server and client both connect before the next trade: neither writes before both are ready.
            connection.connectTo(theirs);
            trade("the keys, once connected", myKeys);
            trade("the keys, the last time: both QPs are ready", myKeys);
            socket.setSoTimeout(0);
            return theirs;
        } catch (IOException failure) {
            throw failed("perftest's handshake", failure);
        }
    }

    /** One step: the client writes {@code mine} and reads as many bytes; the server reads first. */
    private byte[] trade(String what, byte[] mine) throws IOException {
        if (asClient) {
            socket.getOutputStream().write(mine);
            return AddressExchange.readExactly(socket.getInputStream(), mine.length, peer + " (" + what + ")");
        }
        byte[] theirs = AddressExchange.readExactly(socket.getInputStream(), mine.length, peer + " (" + what + ")");
        socket.getOutputStream().write(mine);
        return theirs;
    }

    /** One step of an 8-byte number, sent big-endian as perftest's hton_long sends it. */
    private long tradeLong(String what, long mine) throws IOException {
        return ByteBuffer.wrap(trade(what, ByteBuffer.allocate(Long.BYTES).putLong(mine).array())).getLong();
    }

    /** One step of a double, its 8 bytes big-endian as perftest's hton_double sends them. */
    private double tradeDouble(String what, double mine) throws IOException {
        return Double.longBitsToDouble(tradeLong(what, Double.doubleToLongBits(mine)));
    }

    /** perftest refuses a peer older than 5.70, whose handshake has other steps; so does this side. */
    private void requireVersion(byte[] version) {
        String text = new String(version, StandardCharsets.ISO_8859_1).split("\0", 2)[0];
        Matcher number = LEADING_NUMBER.matcher(text);
        if (!number.find() || Double.parseDouble(number.group(1)) < OLDEST_PEER) {
            throw new VerbsException("perftest's handshake with " + peer, "the peer's version is \""
                    + ExchangeMessage.printable(Arrays.copyOf(version, text.length())) + "\", not perftest " + OLDEST_PEER
                    + " or later (an older perftest's handshake has other steps)", NOT_PERFTEST_HINT);
        }
    }

    /**
     * perftest uses the smaller of the two path MTUs; this side keeps its own (-m), so the peer's
     * must not be smaller.
     */
    private void requireMtu(byte[] theirs, Mtu ours) {
        String text = new String(theirs, StandardCharsets.ISO_8859_1).split("\0", 2)[0];
        Mtu mtu = text.matches("\\d") ? Mtu.of(Integer.parseInt(text)).orElse(null) : null;
        if (mtu == null) {
            throw new VerbsException("perftest's handshake with " + peer, "expected the path MTU (an ibv_mtu value, 1 to 5),"
                    + " got \"" + ExchangeMessage.printable(theirs) + "\"", NOT_PERFTEST_HINT);
        }
        if (mtu.bytes() < ours.bytes()) {
            throw new VerbsException("perftest's handshake with " + peer, "the peer's path MTU is " + mtu.bytes()
                    + " bytes, this side's " + ours.bytes(), "Pass -m " + mtu.bytes());
        }
    }

    private <T> T parse(ExchangeFormat<T> keys, byte[] message) {
        try {
            return keys.parse(message);
        } catch (ExchangeFormat.MalformedMessageException malformed) {
            throw new VerbsException("reading the keys of " + peer, "malformed perftest key message: " + malformed.getMessage(),
                    "On InfiniBand, give both sides a GID index (-x for perftest, -g here): without one perftest's message is shorter");
        }
    }

    /** {@code text} and NULs, {@code size} bytes in all, as perftest sends a string in a char array. */
    private static byte[] padded(String text, int size) {
        return Arrays.copyOf(text.getBytes(StandardCharsets.US_ASCII), size);
    }

    private static byte[] bigEndian(int value) {
        return ByteBuffer.allocate(Integer.BYTES).putInt(value).array();
    }
}
