/*
 * The C side of bench/nulldevice.sh: ibv_rc_pingpong's data loop (libibverbs/examples/
 * rc_pingpong.c) and perftest's RDMA WRITE latency and bandwidth loops (ib_write_lat,
 * ib_write_bw, as chapter 05 runs them), written against verbs.h as any C program is, so their
 * ibv_post_send, ibv_post_recv and ibv_poll_cq are verbs.h's inline functions: one load of the
 * function pointer from ibv_context.ops and an indirect call, nothing of libibverbs in between.
 * The Java benchmark calls each loop once per thousands of messages, on the QP and CQ the
 * chapters' own code built on the null device, so C and Java drive the same queues.
 */
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <infiniband/verbs.h>

enum { RECV_WRID = 1, SEND_WRID = 2 };

/* One side of the loop: its queues, its buffer, and its receives still posted between runs. */
struct cloop {
	struct ibv_qp *qp;
	struct ibv_cq *cq;
	struct ibv_sge sge;
	int rx_depth;
	int outstanding_receives;
};

/* rc_pingpong's pp_post_recv: one ibv_post_recv per receive; how many it posted. */
static int post_receives(struct cloop *loop, int count)
{
	struct ibv_recv_wr wr = { .wr_id = RECV_WRID, .sg_list = &loop->sge, .num_sge = 1 };
	struct ibv_recv_wr *bad_wr;
	int posted;

	for (posted = 0; posted < count; posted++)
		if (ibv_post_recv(loop->qp, &wr, &bad_wr))
			break;
	return posted;
}

static int post_send(struct cloop *loop)
{
	struct ibv_send_wr wr = {
		.wr_id = SEND_WRID,
		.sg_list = &loop->sge,
		.num_sge = 1,
		.opcode = IBV_WR_SEND,
		.send_flags = IBV_SEND_SIGNALED,
	};
	struct ibv_send_wr *bad_wr;

	return ibv_post_send(loop->qp, &wr, &bad_wr);
}

/* Posts the first rx_depth receives; NULL when they cannot all be posted. */
struct cloop *cloop_open(struct ibv_qp *qp, struct ibv_cq *cq, uint64_t addr, uint32_t lkey, int size, int rx_depth)
{
	struct cloop *loop = calloc(1, sizeof(*loop));

	if (!loop)
		return NULL;
	*loop = (struct cloop){ .qp = qp, .cq = cq, .rx_depth = rx_depth,
				.sge = { .addr = addr, .length = size, .lkey = lkey } };
	loop->outstanding_receives = post_receives(loop, rx_depth);
	if (loop->outstanding_receives < rx_depth) {
		free(loop);
		return NULL;
	}
	return loop;
}

void cloop_close(struct cloop *loop)
{
	free(loop);
}

/*
 * rc_pingpong's loop, as the side that sends first: a send goes out once the previous one
 * completed and the next message arrived. Returns the nanoseconds it took, or -1 on any error.
 */
int64_t cloop_pingpong(struct cloop *loop, int iters)
{
	struct timespec start, end;
	unsigned pending = RECV_WRID | SEND_WRID;
	int received = 0, sent = 0;

	clock_gettime(CLOCK_MONOTONIC, &start);
	if (post_send(loop))
		return -1;
	while (received < iters || sent < iters) {
		struct ibv_wc wc[2];
		int count;

		do {
			count = ibv_poll_cq(loop->cq, 2, wc);
		} while (count == 0);
		if (count < 0)
			return -1;
		for (int i = 0; i < count; i++) {
			if (wc[i].status != IBV_WC_SUCCESS)
				return -1;
			if (wc[i].wr_id == SEND_WRID) {
				sent++;
			} else if (wc[i].wr_id == RECV_WRID) {
				if (--loop->outstanding_receives <= 1)
					loop->outstanding_receives +=
						post_receives(loop, loop->rx_depth - loop->outstanding_receives);
				received++;
			} else {
				return -1;
			}
			pending &= ~(unsigned)wc[i].wr_id;
			if (sent < iters && !pending) {
				if (post_send(loop))
					return -1;
				pending = RECV_WRID | SEND_WRID;
			}
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &end);
	return (int64_t)(end.tv_sec - start.tv_sec) * 1000000000 + (end.tv_nsec - start.tv_nsec);
}

/* Nanoseconds on the monotonic clock, the clock System.nanoTime reads. */
static int64_t now_nanos(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

/* Polls until at least one completion is there; how many, or -1 when one failed or the poll did. */
static int poll_some(struct ibv_cq *cq, struct ibv_wc *wc, int entries)
{
	int count;

	do {
		count = ibv_poll_cq(cq, entries, wc);
	} while (count == 0);
	if (count < 0)
		return -1;
	for (int i = 0; i < count; i++)
		if (wc[i].status != IBV_WC_SUCCESS)
			return -1;
	return count;
}

/*
 * ib_write_lat's loop, as the side that writes first, on a QP connected to itself: message i
 * ends with the byte i, goes from the buffer's first size bytes to the next size bytes (the
 * "peer's" memory, at remote_addr), and the loop waits for the write's completion, then for that
 * byte in memory, as chapter 05's latency test does. Each iteration's start time is kept, as
 * perftest keeps it for its percentiles. Returns the nanoseconds it took, or -1 on any error.
 */
int64_t cloop_write_latency(struct ibv_qp *qp, struct ibv_cq *cq, uint8_t *buffer, uint32_t lkey, uint32_t rkey,
			    int size, int inline_flag, int iters)
{
	volatile uint8_t *last_byte = buffer + 2 * (size_t)size - 1;
	struct ibv_sge sge = { .addr = (uintptr_t)buffer, .length = size, .lkey = lkey };
	struct ibv_send_wr wr = {
		.sg_list = &sge,
		.num_sge = 1,
		.opcode = IBV_WR_RDMA_WRITE,
		.send_flags = IBV_SEND_SIGNALED | inline_flag,
		.wr.rdma = { .remote_addr = (uintptr_t)buffer + size, .rkey = rkey },
	};
	struct ibv_send_wr *bad_wr;
	int64_t *started = malloc(sizeof(*started) * iters);
	int64_t start = now_nanos();

	if (!started)
		return -1;
	for (int i = 1; i <= iters; i++) {
		struct ibv_wc wc[16];

		started[i - 1] = now_nanos();
		buffer[size - 1] = (uint8_t)i;
		wr.wr_id = i - 1;
		if (ibv_post_send(qp, &wr, &bad_wr) || poll_some(cq, wc, 16) < 0) {
			free(started);
			return -1;
		}
		while (*last_byte != (uint8_t)i)
			;
	}
	free(started);
	return now_nanos() - start;
}

/*
 * ib_write_bw's loop on a QP connected to itself: up to depth writes in flight, a completion
 * asked for every signal_every of them and for the last, the times each window was posted and
 * completed kept, as chapter 05's report keeps them. Returns the nanoseconds it took, or -1 on
 * any error.
 */
int64_t cloop_write_bandwidth(struct ibv_qp *qp, struct ibv_cq *cq, uint8_t *buffer, uint32_t lkey, uint32_t rkey,
			      int size, int inline_flag, int iters, int depth, int signal_every)
{
	struct ibv_sge sge = { .addr = (uintptr_t)buffer, .length = size, .lkey = lkey };
	struct ibv_send_wr wr = {
		.sg_list = &sge,
		.num_sge = 1,
		.opcode = IBV_WR_RDMA_WRITE,
		.wr.rdma = { .remote_addr = (uintptr_t)buffer + size, .rkey = rkey },
	};
	struct ibv_send_wr *bad_wr;
	int windows = iters / signal_every + 2;
	int64_t *window_start = malloc(sizeof(int64_t) * windows), *window_end = malloc(sizeof(int64_t) * windows);
	int64_t start = now_nanos(), took = -1;
	long posted = 0, completed = 0;

	if (!window_start || !window_end)
		goto out;
	while (completed < iters) {
		struct ibv_wc wc[16];
		int count;

		while (posted < iters && posted - completed < depth) {
			int signaled = (posted + 1) % signal_every == 0 || posted == iters - 1;

			if (posted % signal_every == 0)
				window_start[posted / signal_every] = now_nanos();
			wr.wr_id = posted;
			wr.send_flags = (signaled ? IBV_SEND_SIGNALED : 0) | inline_flag;
			if (ibv_post_send(qp, &wr, &bad_wr))
				goto out;
			posted++;
		}
		count = poll_some(cq, wc, 16);
		if (count < 0)
			goto out;
		for (int i = 0; i < count; i++) {
			window_end[wc[i].wr_id / signal_every] = now_nanos();
			if ((long)wc[i].wr_id + 1 > completed)
				completed = wc[i].wr_id + 1;
		}
	}
	took = now_nanos() - start;
out:
	free(window_start);
	free(window_end);
	return took;
}
