/*
 * A null device: a stand-in for libibverbs with one device, "null0", whose data path does its
 * work in memory at once. No kernel, no wire, no emulator: what is left of a message's cost is
 * the software of whoever drives it, which is what bench/nulldevice.sh measures.
 *
 * Built as libibverbs.so (by the appendix's NullDeviceTest into target/nulldev, by
 * bench/nulldevice.sh into bench/target/nulldev) and found before the real library through
 * -Djna.library.path, it answers every verb the chapters bind (device list, context, port, PD,
 * MR, CQ, QP), so the chapters' own code opens it, builds an Endpoint on it and runs its loops
 * unchanged. Its post_send, post_recv and poll_cq are reached the way every provider's are:
 * through the function-pointer table ibv_context.ops, which verbs.h's inline functions (and
 * the chapters' DataPath) read.
 *
 * What it does, per work request, at the moment it is posted:
 *   SEND, SEND_WITH_IMM     takes the peer QP's next receive, copies the bytes into it and puts a
 *                           receive completion on the peer's CQ;
 *   RDMA_WRITE(_WITH_IMM)   copies the bytes to remote_addr (a WITH_IMM also takes a receive);
 *   RDMA_READ               copies from remote_addr into the local scatter list;
 * then, if signaled, puts the send completion on the QP's send CQ. The peer is the QP whose
 * number the RTR transition named (the QP itself is allowed: a loopback). Keys are not checked,
 * the send queue never fills (work completes as it is posted), and a send with no receive
 * waiting completes in error (a NIC would retry): a benchmark rig, not a device model.
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <infiniband/verbs.h>

/* Macros in verbs.h over the exported symbols this file defines. */
#undef ibv_get_device_list
#undef ibv_reg_mr

#define NULL_MAX_SGE 16

struct null_cq {
	struct ibv_cq cq;
	pthread_spinlock_t lock;
	struct ibv_wc *ring;
	int size, head, count;
	int overrun;
};

struct null_receive {
	uint64_t wr_id;
	int num_sge;
	struct ibv_sge sge[NULL_MAX_SGE];
};

struct null_qp {
	struct ibv_qp qp;
	struct null_qp *peer;
	struct null_qp *next_in_list;
	int sq_sig_all;
	int max_recv_sge;
	pthread_spinlock_t rq_lock;
	struct null_receive *rq;
	int rq_size, rq_head, rq_count;
};

static struct ibv_device null_device = {
	.node_type = IBV_NODE_CA,
	.transport_type = IBV_TRANSPORT_IB,
	.name = "null0",
	.dev_name = "null-uverbs0",
	.dev_path = "(a null device: no sysfs entry)",
	.ibdev_path = "(a null device: no sysfs entry)",
};

static pthread_mutex_t qp_list_lock = PTHREAD_MUTEX_INITIALIZER;
static struct null_qp *qp_list;
static uint32_t next_qp_num = 0x11;
static uint32_t next_key = 0x100;

/* ---- device list and context ---- */

struct ibv_device **ibv_get_device_list(int *num_devices)
{
	struct ibv_device **list = calloc(2, sizeof(*list));

	if (!list) {
		errno = ENOMEM;
		return NULL;
	}
	list[0] = &null_device;
	if (num_devices)
		*num_devices = 1;
	return list;
}

void ibv_free_device_list(struct ibv_device **list)
{
	free(list);
}

const char *ibv_get_device_name(struct ibv_device *device)
{
	return device->name;
}

__be64 ibv_get_device_guid(struct ibv_device *device)
{
	(void)device;
	return htobe64(0x0000000000000001ull);
}

static int null_query_port(struct ibv_context *context, uint8_t port_num, struct ibv_port_attr *attr,
			   size_t attr_size)
{
	(void)context;
	if (port_num != 1)
		return EINVAL;
	memset(attr, 0, attr_size);
	attr->state = IBV_PORT_ACTIVE;
	attr->max_mtu = IBV_MTU_4096;
	attr->active_mtu = IBV_MTU_4096;
	attr->gid_tbl_len = 1;
	attr->max_msg_sz = 1u << 31;
	attr->pkey_tbl_len = 1;
	attr->lid = 1;
	attr->sm_lid = 1;
	attr->max_vl_num = 1;
	attr->active_width = 1;
	attr->active_speed = 1;
	attr->phys_state = 5; /* LinkUp */
	attr->link_layer = IBV_LINK_LAYER_INFINIBAND;
	return 0;
}

static int null_post_send(struct ibv_qp *qp, struct ibv_send_wr *wr, struct ibv_send_wr **bad_wr);
static int null_post_recv(struct ibv_qp *qp, struct ibv_recv_wr *wr, struct ibv_recv_wr **bad_wr);
static int null_poll_cq(struct ibv_cq *cq, int num_entries, struct ibv_wc *wc);

struct ibv_context *ibv_open_device(struct ibv_device *device)
{
	/* An extended context, as every current provider's: the verbs_context sits before it. */
	struct verbs_context *extended = calloc(1, sizeof(*extended));

	if (!extended) {
		errno = ENOMEM;
		return NULL;
	}
	extended->sz = sizeof(*extended);
	extended->query_port = null_query_port;
	extended->context.abi_compat = __VERBS_ABI_IS_EXTENDED;
	extended->context.device = device;
	extended->context.cmd_fd = -1;
	extended->context.async_fd = -1;
	extended->context.num_comp_vectors = 1;
	extended->context.ops.post_send = null_post_send;
	extended->context.ops.post_recv = null_post_recv;
	extended->context.ops.poll_cq = null_poll_cq;
	return &extended->context;
}

int ibv_close_device(struct ibv_context *context)
{
	free(verbs_get_ctx(context));
	return 0;
}

int ibv_query_device(struct ibv_context *context, struct ibv_device_attr *attr)
{
	(void)context;
	memset(attr, 0, sizeof(*attr));
	strcpy(attr->fw_ver, "0.0.0 (null device)");
	attr->node_guid = htobe64(1);
	attr->sys_image_guid = htobe64(1);
	attr->max_mr_size = UINT64_MAX;
	attr->page_size_cap = 0xfffff000;
	attr->max_qp = 1024;
	attr->max_qp_wr = 16384;
	attr->max_sge = NULL_MAX_SGE;
	attr->max_sge_rd = NULL_MAX_SGE;
	attr->max_cq = 1024;
	attr->max_cqe = 65536;
	attr->max_mr = 1024;
	attr->max_pd = 1024;
	attr->max_qp_rd_atom = 16;
	attr->max_qp_init_rd_atom = 16;
	attr->max_res_rd_atom = 16384;
	attr->max_pkeys = 1;
	attr->phys_port_cnt = 1;
	return 0;
}

int ibv_query_gid(struct ibv_context *context, uint8_t port_num, int index, union ibv_gid *gid)
{
	(void)context;
	if (port_num != 1 || index != 0)
		return -1;
	memset(gid, 0, sizeof(*gid));
	gid->global.subnet_prefix = htobe64(0xfe80000000000000ull);
	gid->global.interface_id = htobe64(1);
	return 0;
}

int _ibv_query_gid_ex(struct ibv_context *context, uint32_t port_num, uint32_t gid_index,
		      struct ibv_gid_entry *entry, uint32_t flags, size_t entry_size)
{
	(void)flags;
	memset(entry, 0, entry_size);
	if (ibv_query_gid(context, port_num, gid_index, &entry->gid))
		return EINVAL;
	entry->gid_index = gid_index;
	entry->port_num = port_num;
	entry->gid_type = IBV_GID_TYPE_IB;
	return 0;
}

/* ---- PD and MR ---- */

struct ibv_pd *ibv_alloc_pd(struct ibv_context *context)
{
	struct ibv_pd *pd = calloc(1, sizeof(*pd));

	if (!pd) {
		errno = ENOMEM;
		return NULL;
	}
	pd->context = context;
	return pd;
}

int ibv_dealloc_pd(struct ibv_pd *pd)
{
	free(pd);
	return 0;
}

struct ibv_mr *ibv_reg_mr(struct ibv_pd *pd, void *addr, size_t length, int access)
{
	struct ibv_mr *mr = calloc(1, sizeof(*mr));

	(void)access;
	if (!mr) {
		errno = ENOMEM;
		return NULL;
	}
	mr->context = pd->context;
	mr->pd = pd;
	mr->addr = addr;
	mr->length = length;
	mr->lkey = mr->rkey = __atomic_fetch_add(&next_key, 1, __ATOMIC_RELAXED);
	return mr;
}

int ibv_dereg_mr(struct ibv_mr *mr)
{
	free(mr);
	return 0;
}

/* ---- CQ ---- */

struct ibv_cq *ibv_create_cq(struct ibv_context *context, int cqe, void *cq_context,
			     struct ibv_comp_channel *channel, int comp_vector)
{
	struct null_cq *cq;

	(void)comp_vector;
	if (cqe < 1 || cqe > 65536 || channel) { /* no events: the null device only polls */
		errno = EINVAL;
		return NULL;
	}
	cq = calloc(1, sizeof(*cq));
	if (!cq || !(cq->ring = calloc(cqe, sizeof(*cq->ring)))) {
		free(cq);
		errno = ENOMEM;
		return NULL;
	}
	pthread_spin_init(&cq->lock, PTHREAD_PROCESS_PRIVATE);
	cq->size = cqe;
	cq->cq.context = context;
	cq->cq.cq_context = cq_context;
	cq->cq.cqe = cqe;
	return &cq->cq;
}

int ibv_destroy_cq(struct ibv_cq *ibcq)
{
	struct null_cq *cq = (struct null_cq *)ibcq;

	pthread_spin_destroy(&cq->lock);
	free(cq->ring);
	free(cq);
	return 0;
}

/* A completion that finds its CQ full is lost and the CQ is broken from then on, as on a NIC. */
static void complete(struct ibv_cq *ibcq, const struct ibv_wc *wc)
{
	struct null_cq *cq = (struct null_cq *)ibcq;

	pthread_spin_lock(&cq->lock);
	if (cq->count == cq->size)
		cq->overrun = 1;
	else
		cq->ring[(cq->head + cq->count++) % cq->size] = *wc;
	pthread_spin_unlock(&cq->lock);
}

static int null_poll_cq(struct ibv_cq *ibcq, int num_entries, struct ibv_wc *wc)
{
	struct null_cq *cq = (struct null_cq *)ibcq;
	int taken = 0;

	pthread_spin_lock(&cq->lock);
	if (cq->overrun) {
		pthread_spin_unlock(&cq->lock);
		return -EOVERFLOW;
	}
	while (taken < num_entries && cq->count > 0) {
		wc[taken++] = cq->ring[cq->head];
		cq->head = (cq->head + 1) % cq->size;
		cq->count--;
	}
	pthread_spin_unlock(&cq->lock);
	return taken;
}

/* ---- QP ---- */

struct ibv_qp *ibv_create_qp(struct ibv_pd *pd, struct ibv_qp_init_attr *attr)
{
	struct null_qp *qp;

	if (attr->qp_type != IBV_QPT_RC || attr->srq || attr->cap.max_recv_wr < 1 ||
	    attr->cap.max_send_sge > NULL_MAX_SGE || attr->cap.max_recv_sge > NULL_MAX_SGE) {
		errno = EINVAL;
		return NULL;
	}
	qp = calloc(1, sizeof(*qp));
	if (!qp || !(qp->rq = calloc(attr->cap.max_recv_wr, sizeof(*qp->rq)))) {
		free(qp);
		errno = ENOMEM;
		return NULL;
	}
	pthread_spin_init(&qp->rq_lock, PTHREAD_PROCESS_PRIVATE);
	qp->rq_size = attr->cap.max_recv_wr;
	qp->max_recv_sge = attr->cap.max_recv_sge;
	qp->sq_sig_all = attr->sq_sig_all;
	qp->qp.context = pd->context;
	qp->qp.qp_context = attr->qp_context;
	qp->qp.pd = pd;
	qp->qp.send_cq = attr->send_cq;
	qp->qp.recv_cq = attr->recv_cq;
	qp->qp.state = IBV_QPS_RESET;
	qp->qp.qp_type = IBV_QPT_RC;
	pthread_mutex_lock(&qp_list_lock);
	qp->qp.qp_num = next_qp_num++;
	qp->next_in_list = qp_list;
	qp_list = qp;
	pthread_mutex_unlock(&qp_list_lock);
	return &qp->qp;
}

int ibv_destroy_qp(struct ibv_qp *ibqp)
{
	struct null_qp *qp = (struct null_qp *)ibqp, **link, *other;

	pthread_mutex_lock(&qp_list_lock);
	for (link = &qp_list; *link; link = &(*link)->next_in_list) {
		if (*link == qp) {
			*link = qp->next_in_list;
			break;
		}
	}
	for (other = qp_list; other; other = other->next_in_list)
		if (other->peer == qp)
			other->peer = NULL;
	pthread_mutex_unlock(&qp_list_lock);
	pthread_spin_destroy(&qp->rq_lock);
	free(qp->rq);
	free(qp);
	return 0;
}

int ibv_modify_qp(struct ibv_qp *ibqp, struct ibv_qp_attr *attr, int attr_mask)
{
	struct null_qp *qp = (struct null_qp *)ibqp, *other;

	if (attr_mask & IBV_QP_DEST_QPN) {
		pthread_mutex_lock(&qp_list_lock);
		for (other = qp_list; other && other->qp.qp_num != attr->dest_qp_num; other = other->next_in_list)
			;
		qp->peer = other;
		pthread_mutex_unlock(&qp_list_lock);
		if (!other)
			return EINVAL; /* no such QP on this device */
	}
	if (attr_mask & IBV_QP_STATE)
		qp->qp.state = attr->qp_state;
	return 0;
}

int ibv_query_qp(struct ibv_qp *ibqp, struct ibv_qp_attr *attr, int attr_mask, struct ibv_qp_init_attr *init_attr)
{
	struct null_qp *qp = (struct null_qp *)ibqp;

	(void)attr_mask;
	memset(attr, 0, sizeof(*attr));
	attr->qp_state = attr->cur_qp_state = qp->qp.state;
	attr->path_mtu = IBV_MTU_4096;
	attr->cap.max_recv_wr = qp->rq_size;
	attr->cap.max_recv_sge = qp->max_recv_sge;
	attr->cap.max_send_wr = 16384;
	attr->cap.max_send_sge = NULL_MAX_SGE;
	if (qp->peer)
		attr->dest_qp_num = qp->peer->qp.qp_num;
	if (init_attr) {
		memset(init_attr, 0, sizeof(*init_attr));
		init_attr->send_cq = qp->qp.send_cq;
		init_attr->recv_cq = qp->qp.recv_cq;
		init_attr->cap = attr->cap;
		init_attr->qp_type = IBV_QPT_RC;
		init_attr->sq_sig_all = qp->sq_sig_all;
	}
	return 0;
}

/* ---- the data path ---- */

static int null_post_recv(struct ibv_qp *ibqp, struct ibv_recv_wr *wr, struct ibv_recv_wr **bad_wr)
{
	struct null_qp *qp = (struct null_qp *)ibqp;
	int rc = 0;

	pthread_spin_lock(&qp->rq_lock);
	for (; wr; wr = wr->next) {
		struct null_receive *slot;

		if (qp->qp.state == IBV_QPS_RESET || qp->rq_count == qp->rq_size || wr->num_sge > qp->max_recv_sge) {
			rc = qp->rq_count == qp->rq_size ? ENOMEM : EINVAL;
			*bad_wr = wr;
			break;
		}
		slot = &qp->rq[(qp->rq_head + qp->rq_count++) % qp->rq_size];
		slot->wr_id = wr->wr_id;
		slot->num_sge = wr->num_sge;
		memcpy(slot->sge, wr->sg_list, wr->num_sge * sizeof(*wr->sg_list));
	}
	pthread_spin_unlock(&qp->rq_lock);
	return rc;
}

/* The peer's oldest receive, or 0 when it has none posted. */
static int take_receive(struct null_qp *qp, struct null_receive *receive)
{
	int found = 0;

	pthread_spin_lock(&qp->rq_lock);
	if (qp->rq_count > 0) {
		*receive = qp->rq[qp->rq_head];
		qp->rq_head = (qp->rq_head + 1) % qp->rq_size;
		qp->rq_count--;
		found = 1;
	}
	pthread_spin_unlock(&qp->rq_lock);
	return found;
}

/* Copies a gather list into a scatter list; the bytes copied, or -1 when they do not fit. */
static int64_t scatter(const struct ibv_sge *from, int from_count, const struct ibv_sge *to, int to_count)
{
	int64_t copied = 0;
	uint32_t to_used = 0;
	int t = 0;

	for (int f = 0; f < from_count; f++) {
		const char *source = (const char *)(uintptr_t)from[f].addr;
		uint32_t left = from[f].length;

		while (left > 0) {
			uint32_t room, chunk;

			if (t == to_count)
				return -1;
			room = to[t].length - to_used;
			chunk = left < room ? left : room;
			/* memmove: a loopback may send a buffer onto itself */
			memmove((char *)(uintptr_t)to[t].addr + to_used, source, chunk);
			source += chunk;
			left -= chunk;
			copied += chunk;
			to_used += chunk;
			if (to_used == to[t].length) {
				t++;
				to_used = 0;
			}
		}
	}
	return copied;
}

static int64_t gather_length(const struct ibv_send_wr *wr)
{
	int64_t length = 0;

	for (int i = 0; i < wr->num_sge; i++)
		length += wr->sg_list[i].length;
	return length;
}

/* A SEND or a WRITE_WITH_IMM arriving at the peer: its receive completion; the status for the sender. */
static enum ibv_wc_status deliver(struct null_qp *from, const struct ibv_send_wr *wr, int64_t length)
{
	struct null_qp *peer = from->peer;
	struct null_receive receive;
	struct ibv_wc wc = { 0 };

	if (!take_receive(peer, &receive))
		return IBV_WC_RNR_RETRY_EXC_ERR;
	wc.wr_id = receive.wr_id;
	wc.qp_num = peer->qp.qp_num;
	wc.src_qp = from->qp.qp_num;
	wc.slid = 1;
	if (wr->opcode == IBV_WR_RDMA_WRITE_WITH_IMM) {
		wc.opcode = IBV_WC_RECV_RDMA_WITH_IMM;
	} else {
		wc.opcode = IBV_WC_RECV;
		length = scatter(wr->sg_list, wr->num_sge, receive.sge, receive.num_sge);
	}
	if (wr->opcode == IBV_WR_SEND_WITH_IMM || wr->opcode == IBV_WR_RDMA_WRITE_WITH_IMM) {
		wc.imm_data = wr->imm_data;
		wc.wc_flags = IBV_WC_WITH_IMM;
	}
	if (length < 0) {
		wc.status = IBV_WC_LOC_LEN_ERR;
		complete(peer->qp.recv_cq, &wc);
		return IBV_WC_REM_INV_REQ_ERR;
	}
	wc.byte_len = length;
	complete(peer->qp.recv_cq, &wc);
	return IBV_WC_SUCCESS;
}

static enum ibv_wc_status execute(struct null_qp *qp, const struct ibv_send_wr *wr, enum ibv_wc_opcode *opcode)
{
	struct ibv_sge remote = { .addr = wr->wr.rdma.remote_addr, .length = UINT32_MAX };
	int64_t length = gather_length(wr);

	switch (wr->opcode) {
	case IBV_WR_SEND:
	case IBV_WR_SEND_WITH_IMM:
		*opcode = IBV_WC_SEND;
		return deliver(qp, wr, length);
	case IBV_WR_RDMA_WRITE:
	case IBV_WR_RDMA_WRITE_WITH_IMM:
		*opcode = IBV_WC_RDMA_WRITE;
		scatter(wr->sg_list, wr->num_sge, &remote, 1);
		return wr->opcode == IBV_WR_RDMA_WRITE ? IBV_WC_SUCCESS : deliver(qp, wr, length);
	case IBV_WR_RDMA_READ:
		*opcode = IBV_WC_RDMA_READ;
		remote.length = length;
		return scatter(&remote, 1, wr->sg_list, wr->num_sge) < 0 ? IBV_WC_LOC_LEN_ERR : IBV_WC_SUCCESS;
	default:
		return IBV_WC_LOC_QP_OP_ERR;
	}
}

static int null_post_send(struct ibv_qp *ibqp, struct ibv_send_wr *wr, struct ibv_send_wr **bad_wr)
{
	struct null_qp *qp = (struct null_qp *)ibqp;

	for (; wr; wr = wr->next) {
		struct ibv_wc wc = { .wr_id = wr->wr_id, .qp_num = qp->qp.qp_num };
		enum ibv_wc_opcode opcode = IBV_WC_SEND;

		if (qp->qp.state != IBV_QPS_RTS || !qp->peer || wr->num_sge > NULL_MAX_SGE) {
			*bad_wr = wr;
			return EINVAL;
		}
		wc.status = execute(qp, wr, &opcode);
		wc.opcode = opcode;
		if (wr->opcode == IBV_WR_RDMA_READ)
			wc.byte_len = gather_length(wr);
		if (qp->sq_sig_all || (wr->send_flags & IBV_SEND_SIGNALED) || wc.status != IBV_WC_SUCCESS)
			complete(qp->qp.send_cq, &wc);
	}
	return 0;
}

/* ---- text ---- */

const char *ibv_wc_status_str(enum ibv_wc_status status)
{
	static const char *const names[] = {
		[IBV_WC_SUCCESS] = "IBV_WC_SUCCESS (null device)",
		[IBV_WC_LOC_LEN_ERR] = "IBV_WC_LOC_LEN_ERR (null device)",
		[IBV_WC_LOC_QP_OP_ERR] = "IBV_WC_LOC_QP_OP_ERR (null device)",
		[IBV_WC_REM_INV_REQ_ERR] = "IBV_WC_REM_INV_REQ_ERR (null device)",
		[IBV_WC_RNR_RETRY_EXC_ERR] = "IBV_WC_RNR_RETRY_EXC_ERR: no receive was posted (null device)",
	};

	if ((unsigned)status < sizeof(names) / sizeof(names[0]) && names[status])
		return names[status];
	return "a status the null device never reports";
}
