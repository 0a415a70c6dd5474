package rdma.support;

/**
 * A failure that only reports that the peer went away: it closed the exchange's connection, or
 * its process ended. When both sides of a demo fail, this one is the consequence, and the other
 * the cause ({@link Demo} prints the cause).
 */
public class PeerGoneException extends VerbsException {
    public PeerGoneException(String what, String problem, String hint) {
        super(what, problem, hint);
    }

    public PeerGoneException(String what, String problem, String hint, Throwable cause) {
        super(what, problem, hint, cause);
    }
}
