/*
 * Loaded into ibv_rc_pingpong -e with LD_PRELOAD by bench/comp-channel.sh: every read(2) first
 * waits in poll(2) for the fd to be readable, with a 10 s timeout, as chapter 08's waiter waits
 * before it takes an event (ibv_get_cq_event is a read of the channel's fd). Only the cost is
 * copied: when the timeout passes, the read goes ahead and blocks as before, where chapter 08
 * reports the vanished peer. What C would pay for the same guarantee.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <poll.h>
#include <unistd.h>

#define TIMEOUT_MILLIS 10000

ssize_t read(int fd, void *buf, size_t count)
{
	static ssize_t (*libc_read)(int, void *, size_t);
	struct pollfd readable = { .fd = fd, .events = POLLIN };

	if (!libc_read)
		libc_read = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
	poll(&readable, 1, TIMEOUT_MILLIS);
	return libc_read(fd, buf, count);
}
