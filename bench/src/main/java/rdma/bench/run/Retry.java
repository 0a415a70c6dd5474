package rdma.bench.run;

import java.util.function.Predicate;
import java.util.function.Supplier;

/** Runs that the lab spoils now and then, tried again: at most three times in all. */
final class Retry {
    /** How many times a spoiled run is tried in all. */
    static final int ATTEMPTS = 3;

    private Retry() {
    }

    /**
     * {@code run}'s result, run again while {@code spoiled} says the lab spoiled it, saying each
     * time {@code why}; fails after the last attempt.
     */
    static <T> T until(Supplier<T> run, Predicate<T> spoiled, String why) {
        for (int attempt = 1;; attempt++) {
            T result = run.get();
            if (!spoiled.test(result)) {
                return result;
            }
            if (attempt == ATTEMPTS) {
                throw new IllegalStateException(why + ", " + attempt + " times");
            }
            Session.say(why + ": running it again");
        }
    }
}
