/*
 * The C floor of the data-path benchmark: what one call of the trivial function costs from C,
 * through the ops table, as the inline ibv_poll_cq calls ctx->ops.poll_cq. The pointer is read
 * from the table on every call (volatile), so the compiler can neither inline nor hoist it.
 * Prints nanoseconds per call, the best of several rounds.
 */
#include <stdio.h>
#include <time.h>

extern int (*const trivial_ops[1])(void *, int, void *);

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

int main(void)
{
	int (*const volatile *table)(void *, int, void *) = trivial_ops;
	const long calls = 200000000;
	double best = 1e30;
	long sum = 0;

	for (int round = 0; round < 5; round++) {
		double start = now_ns();

		for (long i = 0; i < calls; i++)
			sum += table[0]((void *)table, (int)(i & 7), (void *)&sum);
		double per_call = (now_ns() - start) / calls;

		if (per_call < best)
			best = per_call;
	}
	printf("%.2f %ld\n", best, sum);
	return 0;
}
