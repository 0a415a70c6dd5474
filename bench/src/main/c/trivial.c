/*
 * The function every route of the data-path benchmark calls: shaped like ibv_poll_cq
 * (a pointer, an int, a pointer), doing nothing, reached through a table of function pointers
 * as providers' ops tables are. Built into libtrivial.so by bench/datapath.sh.
 */
int trivial(void *cq, int num_entries, void *wc)
{
	(void)cq;
	(void)wc;
	return num_entries;
}

/* The "ops table": what a context's ops.poll_cq slot would hold. */
int (*const trivial_ops[1])(void *, int, void *) = { trivial };
