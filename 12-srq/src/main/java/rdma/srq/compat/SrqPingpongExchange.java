package rdma.srq.compat;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import rdma.pingpong.AddressExchange;
import rdma.pingpong.ExchangeFormat;
import rdma.pingpong.ExchangeMessage;
import rdma.queues.RemoteAddress;
import rdma.support.VerbsException;

/**
 * The out-of-band exchange of {@code ibv_srq_pingpong}: rc_pingpong's 52-byte address message
 * ({@link ExchangeMessage}), once per QP, always {@link #RECORDS} of them whatever {@code -q}
 * is: the records past the sender's QPs are all zeros, and the receiver ignores them. The client
 * writes its records, reads the server's, and writes "done"; the server reads the client's,
 * connects its QPs, writes its own and reads "done". A peer that sends fewer records, or
 * malformed ones where QPs are due, is an error that says how far it got.
 */
public final class SrqPingpongExchange {
    /** srq_pingpong.c's MAX_QP: the records every exchange carries. */
    public static final int RECORDS = 256;
    /** The most QPs a side may use: the C tool refuses 256 and more. */
    public static final int MAX_QP = RECORDS - 1;

    private static final String SILENT_HINT = "Is the peer ibv_srq_pingpong (or 12-srq), not another pingpong?";

    private SrqPingpongExchange() {
    }

    /** The client's side: ours, theirs (the first {@code mine.size()} of them), {@code connector}, then "done". */
    public static List<RemoteAddress> client(Socket socket, List<RemoteAddress> mine, Consumer<List<RemoteAddress>> connector) {
        String peer = "server " + socket.getInetAddress().getHostAddress();
        try {
            socket.setSoTimeout(AddressExchange.READ_TIMEOUT_MILLIS);
            write(socket.getOutputStream(), mine);
            List<RemoteAddress> theirs = read(socket.getInputStream(), mine.size(), peer);
            connector.accept(theirs);
            socket.getOutputStream().write(ExchangeMessage.terminated("done"));
            return theirs;
        } catch (IOException failure) {
            throw AddressExchange.failed("exchanging addresses with " + peer, failure, SILENT_HINT,
                    "Is the server still running?", "Is the server still running?");
        }
    }

    /** The server's side: theirs (the first {@code mine.size()} of them), {@code connector}, ours, then "done". */
    public static List<RemoteAddress> server(Socket socket, List<RemoteAddress> mine, Consumer<List<RemoteAddress>> connector) {
        String peer = "client " + socket.getInetAddress().getHostAddress();
        try {
            socket.setSoTimeout(AddressExchange.READ_TIMEOUT_MILLIS);
            List<RemoteAddress> theirs = read(socket.getInputStream(), mine.size(), peer);
            connector.accept(theirs);
            write(socket.getOutputStream(), mine);
            AddressExchange.readExactly(socket.getInputStream(), ExchangeMessage.DONE_SIZE, peer);
            return theirs;
        } catch (IOException failure) {
            throw AddressExchange.failed("exchanging addresses with " + peer, failure, SILENT_HINT,
                    "Is the client still running?", "Is the client still running?");
        }
    }

    /** {@link #RECORDS} records in one write: ours first, then all-zero ones, as C leaves its unused entries. */
    static void write(OutputStream out, List<RemoteAddress> mine) throws IOException {
        byte[] all = new byte[RECORDS * ExchangeMessage.SIZE];
        RemoteAddress unused = new RemoteAddress(0, 0, 0, new byte[16]);
        for (int i = 0; i < RECORDS; i++) {
            byte[] record = ExchangeMessage.RC_PINGPONG.format(i < mine.size() ? mine.get(i) : unused);
            System.arraycopy(record, 0, all, i * ExchangeMessage.SIZE, record.length);
        }
        out.write(all);
    }

    /** Reads all {@link #RECORDS} records and parses the first {@code used}: the peer's QPs facing ours. */
    static List<RemoteAddress> read(InputStream in, int used, String peer) throws IOException {
        List<RemoteAddress> theirs = new ArrayList<>();
        for (int i = 0; i < RECORDS; i++) {
            byte[] record;
            try {
                record = AddressExchange.readExactly(in, ExchangeMessage.SIZE, peer);
            } catch (EOFException early) {
                throw new EOFException(peer + " closed the connection after " + i + " of " + RECORDS
                        + " address records (ibv_srq_pingpong always sends " + RECORDS + ")");
            }
            if (i < used) {
                theirs.add(parse(record, i, peer));
            }
        }
        return theirs;
    }

    private static RemoteAddress parse(byte[] record, int index, String peer) {
        try {
            return ExchangeMessage.RC_PINGPONG.parse(record);
        } catch (ExchangeFormat.MalformedMessageException malformed) {
            throw new VerbsException("reading address record " + index + " of " + peer, "malformed: " + malformed.getMessage(),
                    SILENT_HINT);
        }
    }
}
