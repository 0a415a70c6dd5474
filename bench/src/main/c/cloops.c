/*
 * The C side of bench/nulldevice.sh: ibv_rc_pingpong's data loop (libibverbs/examples/
 * rc_pingpong.c), written against verbs.h as any C program is, so its ibv_post_send,
 * ibv_post_recv and ibv_poll_cq are verbs.h's inline functions: one load of the function pointer
 * from ibv_context.ops and an indirect call, nothing of libibverbs in between. The Java benchmark
 * calls cloop_pingpong once per thousands of messages, on the QP and CQ the chapters' own code
 * built on the null device, so C and Java drive the same queues.
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
