#!/bin/sh
# fuzz.sh - the guest side of scripts/fuzz: Debian's trinity for a bounded
# time, as root (tinyconfig kernels have no MULTIUSER, so there is no
# other user), then checks that the kernel still serves the filesystem and
# the serial line. boot-test runs it as the probe (--probe) and judges the
# console: an oops, BUG, WARNING, KASAN, lockdep, UBSAN or kmemleak report,
# a hang (no AXE-PROBE-DONE before the timeout) or a FAIL line fails.
#
# Parameters come on the kernel command line: axe.fuzz_seconds=S (default
# 60) and axe.fuzz_seed=N (default 1). Prints
#   AXE-FUZZ: syscalls=N seconds=S seed=N
# for scripts/fuzz's report, probe lines and AXE-PROBE-DONE.

PATH=/bin:/sbin:/usr/bin:/usr/sbin
export PATH
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "AXE-PROBE: $1: ok"; }
fail() { failed=$((failed + 1)); echo "AXE-PROBE: $1: FAIL $2"; }

arg() {	# NAME DEFAULT: axe.NAME=VALUE from the kernel command line
	v=$(tr ' ' '\n' </proc/cmdline | sed -n "s/^axe\.$1=//p" | tail -1)
	echo "${v:-$2}"
}
secs=$(arg fuzz_seconds 60)
seed=$(arg fuzz_seed 1)
echo "AXE-INFO: uptime=$(cut -d' ' -f1 /proc/uptime)"

# The files trinity may open and pass to the calls: a small tree on tmpfs,
# one on ramfs, and the second serial line ttyS1 (scripts/fuzz gives QEMU a
# second UART; ttyS0 carries the console, and a TCOOFF there would stop
# this script), instead of all of /dev, /proc and /sys (writing random bytes to /proc/sys as root
# tests nothing of the series and can stop the machine).
# (the tmpfs one is a mount of its own of 32 MB, so that trinity cannot
# fill /tmp; ramfs has no limit, and the OOM killer may have to act)
v=/tmp/victims
mkdir -p $v/tmpfs $v/ramfs
mount -t tmpfs -o size=32m none $v/tmpfs
mount -t ramfs none $v/ramfs
mkdir -p $v/tmpfs/a/b/c
mkdir -p $v/ramfs/x/y
for d in $v/tmpfs $v/tmpfs/a/b $v/ramfs $v/ramfs/x/y; do
	echo data >"$d/file"
	ln -s file "$d/link"
	ln "$d/file" "$d/hardlink"
done
tty=
if stty -F /dev/ttyS1 >/dev/null 2>&1; then
	cp -a /dev/ttyS1 $v/ttyS1 && tty=/dev/ttyS1
fi
echo "AXE-INFO: serial line fuzzed: ${tty:-none (no ttyS1)}"
: >/tmp/trinity.out

# Excluded: calls that end the run without telling anything about the
# kernel (reboot, killing every process, ptrace of init, port I/O that
# resets the PC, hanging up the console), or that hide a report (syslog
# clears the kernel log the host judges, clock changes upset the timeout).
excl="reboot kexec_load kexec_file_load syslog kill tkill tgkill rt_sigqueueinfo
	rt_tgsigqueueinfo pidfd_send_signal ptrace process_vm_writev iopl ioperm vhangup
	settimeofday clock_settime adjtimex clock_adjtime swapon swapoff pivot_root umount
	init_module finit_module delete_module"
x=
for c in $excl; do x="$x -x $c"; done

cd $v || exit 1
t0=$(cut -d' ' -f1 /proc/uptime)
# (the fd kinds a tinyconfig kernel has not: trinity stops when it cannot
# make them; its 10-second "running as root" countdown is part of the
# time). SIGINT makes trinity stop and print how many calls it made; KILL
# 30 s later if it does not.
# shellcheck disable=SC2086 # $x is a list of options
timeout -s KILL $((secs + 30)) timeout -s INT "$secs" \
	/bin/trinity -q -l off --dangerous -a 64 -s "$seed" -C 2 -V $v $x \
	--disable-fds=sockets,epoll,eventfd,timerfd,drm </dev/null >/tmp/trinity.out 2>&1
rc=$?
t1=$(cut -d' ' -f1 /proc/uptime)
cd /
# trinity's own children may outlive it for a moment
sleep 1
for p in $(pidof trinity 2>/dev/null); do kill -9 "$p" 2>/dev/null; done
sleep 1

# the last "[main] N iterations" progress line, else the exit summary
n=$(sed -n 's/.*\[main\] \([0-9][0-9]*\) iterations.*/\1/p; s/.*Ran \([0-9][0-9]*\) syscalls.*/\1/p' \
	/tmp/trinity.out | tail -1)
echo "AXE-INFO: trinity exit status $rc"
grep -i 'tainted\|Bailing\|Ran [0-9]\|error' /tmp/trinity.out | head -20 | sed 's/^/AXE-INFO: trinity: /'
[ -n "$n" ] || tail -5 /tmp/trinity.out | sed 's/^/AXE-INFO: trinity: /'
echo "AXE-FUZZ: syscalls=${n:-0} seconds=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%d", b - a }') seed=$seed"
if [ "${n:-0}" -gt 0 ]; then
	ok fuzz-trinity
else
	fail fuzz-trinity "trinity made no system call that it counted (exit $rc)"
fi
if grep -qi 'kernel became tainted\|Detected kernel tainting' /tmp/trinity.out; then
	fail fuzz-taint "trinity saw the kernel tainted: $(cat /proc/sys/kernel/tainted 2>/dev/null)"
else
	ok fuzz-taint
fi

# the kernel still serves what the fuzzing used: a new tmpfs and a new
# ramfs (whatever trinity left in the victim trees, or mounted over them)
why=
for fs in tmpfs ramfs; do
	m=/tmp/after-$fs
	if ! mkdir -p $m || ! mount -t $fs -o size=1m none $m; then
		why="$why, mount $fs failed"
		continue
	fi
	{ mkdir -p $m/d/e && echo x >$m/d/e/f && mv $m/d/e $m/g && [ "$(cat $m/g/f)" = x ] &&
		rm -rf $m/d $m/g; } || why="$why, mkdir/write/mv/rm on $fs failed"
	umount $m || why="$why, umount $fs failed"
done
umount $v/tmpfs $v/ramfs 2>/dev/null
if [ -z "$why" ]; then
	ok fuzz-fs-after
else
	fail fuzz-fs-after "${why#, }"
fi
if [ -z "$tty" ]; then
	fail fuzz-tty-after "no ttyS1 was fuzzed (scripts/fuzz gives QEMU a second UART)"
elif timeout 10 stty -F $tty sane 2>/dev/null && timeout 10 stty -F $tty >/dev/null; then
	# a write may rightly block: trinity may have stopped output (TCOOFF)
	if timeout 5 sh -c "echo probe >$tty"; then w=written; else w="blocked or failed"; fi
	echo "AXE-INFO: fuzz-tty-after: a write to $tty: $w"
	ok fuzz-tty-after
else
	fail fuzz-tty-after "$tty cannot be opened and set after the fuzzing"
fi
echo "AXE-INFO: end-uptime=$(cut -d' ' -f1 /proc/uptime)"
echo "AXE-PROBE-DONE: $passed passed, $failed failed"
