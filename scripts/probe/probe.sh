#!/bin/sh
# probe.sh - runs inside the boot-test guest (busybox sh, as /probe.sh).
#
# Prints one line per check:
#   AXE-PROBE: <name>: ok
#   AXE-PROBE: <name>: FAIL <detail>
# informational lines as
#   AXE-INFO: <text>
# and finally
#   AXE-PROBE-DONE: <passed> passed, <failed> failed
#
# It only reports what it saw; scripts/boot-test on the host judges the run
# (and may accept some FAILs through --allow-fail). /init has already
# mounted proc, sysfs, devtmpfs and tmpfs; this script checks that they work,
# and runs a filesystem workload (fs-workload, AXE-FS transcript lines).
# /bin/clockprobe (scripts/probe/clockprobe.c) adds the clock-* checks,
# /bin/axe-probe (scripts/probe/axe-probe.c) the c.* checks, and
# /bin/faultprobe (scripts/probe/faultprobe.c), where boot-test
# --fault-inject put it, the fi.* checks.

PATH=/bin:/sbin:/usr/bin:/usr/sbin
export PATH

passed=0
failed=0

ok() {
	passed=$((passed + 1))
	echo "AXE-PROBE: $1: ok"
}

fail() {
	failed=$((failed + 1))
	if [ -n "$2" ]; then
		echo "AXE-PROBE: $1: FAIL $2"
	else
		echo "AXE-PROBE: $1: FAIL"
	fi
}

# relay NAME FILE: the output of helper NAME (clockprobe, faultprobe):
# its probe lines count here, its AXE-INFO lines pass, the rest is info
relay() {
	while IFS= read -r line; do
		case $line in
		"AXE-PROBE: "*": ok")
			passed=$((passed + 1))
			echo "$line" ;;
		"AXE-PROBE: "*": FAIL"*)
			failed=$((failed + 1))
			echo "$line" ;;
		"AXE-INFO: "*)
			echo "$line" ;;
		*)
			echo "AXE-INFO: $1 said: $line" ;;
		esac
	done <"$2"
}

# run_helper NAME: run /bin/NAME, relay its lines, and a probe line NAME
# for its exit status
run_helper() {
	/bin/"$1" >/tmp/"$1".out 2>&1
	rc=$?
	relay "$1" /tmp/"$1".out
	rm -f /tmp/"$1".out
	if [ "$rc" = 0 ]; then
		ok "$1"
	else
		fail "$1" "exit status $rc"
	fi
}

# uptime in centiseconds from /proc/uptime ("12.34 5.67"), empty on error
uptime_cs() {
	u=$(cut -d' ' -f1 /proc/uptime 2>/dev/null) || return 0
	case $u in
	*.*) echo "$(( ${u%.*} * 100 + $(echo "${u#*.}" | sed 's/^0//') ))" ;;
	[0-9]*) echo "$((u * 100))" ;;
	esac
}

# is $2 mounted on $1 with type $3 (per /proc/mounts)?
mounted() {
	grep -q "^[^ ]* $1 $2 " /proc/mounts 2>/dev/null
}

echo "AXE-INFO: uptime=$(cut -d' ' -f1 /proc/uptime 2>/dev/null)"

# --- uname -r works and prints something
if r=$(uname -r 2>&1) && [ -n "$r" ]; then
	echo "AXE-INFO: uname -r=$r"
	ok uname
else
	fail uname "uname -r: $r"
fi

# --- /proc mounted and readable
if ! mounted /proc proc; then
	fail proc "not mounted"
elif ! grep -q '^MemTotal:' /proc/meminfo 2>/dev/null; then
	fail proc "/proc/meminfo unreadable"
elif [ "$(readlink /proc/self 2>/dev/null)" = "" ]; then
	fail proc "/proc/self missing"
elif ! [ -r /proc/uptime ] || [ -z "$(uptime_cs)" ]; then
	fail proc "/proc/uptime unreadable"
else
	ok proc
fi

# --- /sys mounted and readable
if ! mounted /sys sysfs; then
	fail sysfs "not mounted"
elif [ -z "$(ls /sys/devices 2>/dev/null)" ]; then
	fail sysfs "/sys/devices empty or unreadable"
elif ! cat /sys/kernel/uevent_seqnum >/dev/null 2>&1 &&
	[ -z "$(ls /sys/class 2>/dev/null)" ]; then
	fail sysfs "/sys/kernel and /sys/class unreadable"
else
	ok sysfs
fi

# --- CPU caches in sysfs: x86 describes them to drivers/base/cacheinfo.c,
# which the series builds only for such architectures (patch 0671)
if [ "$(uname -m)" = x86_64 ] && mounted /sys sysfs; then
	if [ -r /sys/devices/system/cpu/cpu0/cache/index0/level ]; then
		ok sysfs-cacheinfo
	else
		fail sysfs-cacheinfo "no /sys/devices/system/cpu/cpu0/cache/index0"
	fi
fi

# --- /dev is devtmpfs with working /dev/null and /dev/zero
if ! mounted /dev devtmpfs; then
	fail devtmpfs "not mounted"
elif ! [ -c /dev/null ] || ! echo x >/dev/null 2>&1; then
	fail devtmpfs "/dev/null missing or not writable"
elif [ "$(dd if=/dev/zero bs=512 count=1 2>/dev/null | wc -c)" != 512 ]; then
	fail devtmpfs "/dev/zero unreadable"
else
	ok devtmpfs
fi

# --- tmpfs on /tmp: write, read back, rm
t=/tmp/axe-probe.$$
if ! mounted /tmp tmpfs; then
	fail tmpfs "not mounted"
elif ! echo "axe probe $$" >"$t" 2>/dev/null; then
	fail tmpfs "write failed"
elif [ "$(cat "$t")" != "axe probe $$" ]; then
	fail tmpfs "read back differs"
elif ! dd if=/dev/zero of="$t.big" bs=1024 count=1024 2>/dev/null ||
	[ "$(wc -c <"$t.big")" -ne 1048576 ]; then
	fail tmpfs "1 MiB dd write failed"
elif ! rm "$t" "$t.big" || [ -e "$t" ] || [ -e "$t.big" ]; then
	fail tmpfs "rm failed"
else
	ok tmpfs
fi
rm -f "$t" "$t.big"

# --- date works and gives a plausible year (QEMU's CMOS RTC holds the
# host's time and x86 reads it at boot even without an RTC driver)
if d=$(date 2>&1) && y=$(date +%Y 2>&1); then
	echo "AXE-INFO: date=$d"
	if [ "$y" -ge 2020 ] 2>/dev/null; then
		ok date
	else
		fail date "year=$y"
	fi
else
	fail date "date: $d $y"
fi

# --- sleep 1 takes about a second (by /proc/uptime and by date +%s)
u0=$(uptime_cs)
s0=$(date +%s)
if sleep 1; then
	u1=$(uptime_cs)
	s1=$(date +%s)
	du=$((u1 - u0))
	ds=$((s1 - s0))
	if [ "$du" -lt 95 ] || [ "$du" -gt 500 ]; then
		fail sleep "uptime advanced ${du}cs"
	elif [ "$ds" -lt 1 ] || [ "$ds" -gt 5 ]; then
		fail sleep "date +%s advanced ${ds}s"
	else
		ok sleep
	fi
else
	fail sleep "sleep 1 returned $?"
fi

# --- busybox time: `time true` prints parseable real/user/sys lines
tout=$(time true 2>&1 >/dev/null)
n=0
for f in real user sys; do
	if echo "$tout" | grep -Eq "^${f}[[:space:]]+([0-9]+m ?)?[0-9]+\.[0-9]+s?\$"; then
		n=$((n + 1))
	fi
done
if [ "$n" = 3 ]; then
	ok time
else
	fail time "unparsable: $(echo "$tout" | tr '\t\n' ' /')"
fi

# --- nice: busybox renice on a child shell, read back from its
# /proc/PID/stat (field 19). Debian's busybox has no chrt or nice applets:
# the scheduling policies are the C probe's c.sched-* checks.
n=$(sh -c 'renice -n 5 -p $$ >/dev/null 2>&1 || exit 1
s=$(cat /proc/$$/stat) && set -- ${s##*) } && echo "${17}"' 2>&1)
if [ "$n" = 5 ]; then
	ok nice
else
	fail nice "renice -n 5, then nice in /proc/PID/stat: '$n'"
fi

# --- every kernel thread has run (context switches in /proc/PID/status);
# their policies and real-time priorities go to the log
nk=0 idle='' pols=''
for d in /proc/[0-9]*; do
	s=$(cat "$d/stat" 2>/dev/null) || continue
	pid=${d#/proc/}
	# shellcheck disable=SC2086 # split the fields after "(comm) "
	set -- ${s##*) }
	[ "$pid" = 2 ] || [ "$2" = 2 ] || continue
	shift 37	# $1 is field 40, rt_priority; $2 field 41, policy
	nk=$((nk + 1))
	pols="$pols
policy $2 priority $1"
	sw=$(awk '/ctxt_switches/ { n += $2 } END { print n + 0 }' "$d/status" 2>/dev/null)
	[ "${sw:-0}" -gt 0 ] || idle="$idle ${s%%)*})"
done
echo "AXE-INFO: kthreads=$nk:$(echo "$pols" | sed '/^$/d' | sort | uniq -c |
	sed 's/^ *\([0-9]*\) /\1x /' | tr '\n' ',' | sed 's/,$//; s/,/, /g')"
if [ "$nk" -lt 2 ]; then
	fail kthreads "only $nk kernel threads found"
elif [ -n "$idle" ]; then
	fail kthreads "never ran:$idle"
else
	ok kthreads
fi

# --- filesystem workload (the dentry cache): a tree on tmpfs built,
# renamed, linked, listed and removed, /proc and /sys browsed.
# fs_workload DIR prints what it saw, which depends only on what the VFS
# answers, not on the kernel's configuration. The transcript goes to the
# console as AXE-FS lines: scripts/boot-test digests them into its .probes
# file, so scripts/boot's comparison of a profile with its reference
# fails when one line differs. The probe itself checks the answers that
# do not depend on busybox's wording.
fs_workload() {
	w=$1
	mkdir -p "$w/a/b/c/d/e/f/g/h/i/j/k/l"
	echo "mkdir -p: $?"
	cd "$w/a/b/c/d/e/f/g/h/i/j/k/l" && echo "deep pwd: $(pwd -P)"
	echo "deep ..: $(cd ../../../../.. && pwd -P)"
	cd /
	i=0
	while [ $i -lt 200 ]; do
		echo "$i" >"$w/a/b/c/f$i"
		i=$((i + 1))
	done
	echo "200 files: $(ls "$w/a/b/c" | wc -l) names, f150 holds $(cat "$w/a/b/c/f150")"
	echo "missing: $(ls "$w/a/b/c/f200" 2>&1)"
	rm "$w/a/b/c/f1"*
	echo "rm f1*: $(ls "$w/a/b/c" | wc -l) names left"
	mv "$w/a/b/c/f2" "$w/a/b/c/d/e/moved"
	echo "mv file: $(cat "$w/a/b/c/d/e/moved"), old name: $(cat "$w/a/b/c/f2" 2>&1)"
	mv "$w/a/b/c/d" "$w/a/x"
	echo "mv dir: $(cat "$w/a/x/e/moved"), old: $(ls -d "$w/a/b/c/d" 2>&1)"
	echo "mv dir: $(cd "$w/a/x/e/f" && pwd -P), ../../..: $(cd "$w/a/x/e/f/../../.." && pwd -P)"
	mv "$w/a/x" "$w/a/x/e/f" 2>&1 | sed 's/^/mv into itself: /'
	mkdir "$w/a/full" && : >"$w/a/full/f"
	echo "rmdir non-empty: $(rmdir "$w/a/full" 2>&1)"
	echo "mkdir existing: $(mkdir "$w/a/full" 2>&1)"
	echo "dir over file: $(mkdir "$w/a/full/f/sub" 2>&1)"
	ln "$w/a/x/e/moved" "$w/a/hard"
	echo "ln: links $(stat -c %h "$w/a/x/e/moved"), same inode $([ "$(stat -c %i "$w/a/hard")" = "$(stat -c %i "$w/a/x/e/moved")" ] && echo yes)"
	ln -s x/e/moved "$w/a/sym"
	echo "ln -s: $(readlink "$w/a/sym") -> $(cat "$w/a/sym")"
	ln -s loop1 "$w/a/loop2" && ln -s loop2 "$w/a/loop1"
	echo "loop: $(cat "$w/a/loop1" 2>&1)"
	echo "dangling: $(ln -s nowhere "$w/a/dangle" && cat "$w/a/dangle" 2>&1)"
	exec 3<"$w/a/hard"
	rm "$w/a/hard" "$w/a/x/e/moved"
	echo "unlinked open file: $(readlink /proc/self/fd/3), reads $(cat <&3)"
	exec 3<&-
	mkdir "$w/gone"
	echo "deleted cwd: $(cd "$w/gone" && rmdir "$w/gone" && readlink /proc/self/cwd)"
	mkdir "$w/m"
	if mount -t tmpfs fsw "$w/m"; then
		echo x >"$w/m/on-mount"
		echo "mount: $(ls "$w/m"), ..: $(cd "$w/m/.." && pwd -P)"
		exec 4<"$w/m/on-mount"
		echo "busy umount: $(umount "$w/m" 2>&1 | sed 's/.*: //')"
		exec 4<&-
		umount "$w/m"
		echo "umount: $?, $(ls "$w/m" | wc -l) names below"
	fi
	[ -w /proc/sys/vm/drop_caches ] && echo 2 >/proc/sys/vm/drop_caches
	echo "find:"
	find "$w" | sort
	echo "find -type l: $(find "$w" -type l | sort | xargs)"
	echo "find -name: $(find "$w" -name 'f9*' | sort | xargs)"
	rm -rf "$w"
	echo "rm -rf: $? $(ls -d "$w" 2>&1)"
	# (not its comm: that changes when the child execs, at any moment;
	# and ash's "Terminated" report of the kill goes to the group's stderr)
	sleep 30 &
	p=$!
	echo "proc pid: $(ls -d /proc/$p | sed "s,/$p,/PID,"), cwd $(readlink /proc/$p/cwd)"
	{ kill $p && wait $p; } 2>/dev/null
	echo "proc pid after exit: $(ls -d /proc/$p 2>&1 | sed "s,/$p,/PID,")"
	echo "proc self: $(for e in cwd exe fd root stat status; do [ -e /proc/self/$e ] && printf '%s ' $e; done)"
	echo "proc self exe: $(readlink /proc/self/exe)"
	echo "sys: $(readlink -f /sys/dev/char/1:3)"
	echo "sys find: $(find /sys -maxdepth 4 >/dev/null 2>&1; echo $?)"
	echo "sys parent: $(cd /sys/devices/virtual/mem/null/../.. && pwd -P)"
}

w=/tmp/axe-fsw
(fs_workload "$w") >/tmp/axe-fsw.out 2>&1
sed 's/^/AXE-FS: /' /tmp/axe-fsw.out
why=''
for want in "mkdir -p: 0" "deep pwd: $w/a/b/c/d/e/f/g/h/i/j/k/l" \
	"deep ..: $w/a/b/c/d/e/f/g" "200 files: 201 names, f150 holds 150" \
	"rm f1*: 90 names left" "mv dir: $w/a/x/e/f, ../../..: $w/a" \
	"ln: links 2, same inode yes" "ln -s: x/e/moved -> 2" \
	"unlinked open file: $w/a/hard (deleted), reads 2" \
	"deleted cwd: $w/gone (deleted)" "mount: on-mount, ..: $w" \
	"umount: 0, 0 names below" \
	"find -type l: $w/a/dangle $w/a/loop1 $w/a/loop2 $w/a/sym" \
	"proc self: cwd exe fd root stat status " \
	"sys: /sys/devices/virtual/mem/null" "sys find: 0" \
	"sys parent: /sys/devices/virtual"; do
	grep -qxF "$want" /tmp/axe-fsw.out || why="$why, not '$want'"
done
n=$(awk '/^find:$/ { f = 1; next } /^find -type l/ { f = 0 } f' /tmp/axe-fsw.out | wc -l)
[ "$n" = 108 ] || why="$why, find listed $n names, not 108"
grep -q "^rm -rf: 0 .*No such file" /tmp/axe-fsw.out || why="$why, rm -rf left $w"
grep -q "^proc pid after exit: .*No such file" /tmp/axe-fsw.out ||
	why="$why, /proc/PID stayed after exit"
if [ -z "$why" ]; then
	ok fs-workload
else
	fail fs-workload "${why#, }"
fi
rm -rf "$w" /tmp/axe-fsw.out

# --- clock/timer syscalls (static C helper prints its own probe lines)
if [ -x /bin/clockprobe ]; then
	run_helper clockprobe
else
	fail clockprobe "/bin/clockprobe missing"
fi

# --- allocation failure (static C helper, only in the initramfs of
# boot-test --fault-inject, which then requires its fi.* lines)
[ ! -x /bin/faultprobe ] || run_helper faultprobe

# --- the C probe (scripts/probe/axe-probe.c, the mps2 /init) as a second
# probe: its checks become c.<name> probe lines. Its output goes to a file,
# so its tty checks use stdin, the console.
if [ -x /bin/axe-probe ]; then
	/bin/axe-probe </dev/console >/tmp/axe-probe.out 2>&1
	rc=$?
	while IFS= read -r line; do
		case $line in
		"AXE-CHECK: "*)
			# "AXE-CHECK: <name> ok|FAIL|skip [<detail>]"
			rest=${line#AXE-CHECK: }
			name=${rest%% *}
			rest=${rest#"$name"}
			rest=${rest# }
			verdict=${rest%% *}
			detail=${rest#"$verdict"}
			detail=${detail# }
			case $verdict in
			ok) ok "c.$name" ;;
			FAIL) fail "c.$name" "$detail" ;;
			*) echo "AXE-INFO: c.$name: $verdict $detail" ;;
			esac ;;
		*)
			echo "AXE-INFO: axe-probe said: $line" ;;
		esac
	done </tmp/axe-probe.out
	if grep -q '^AXE-CHECK-DONE: ' /tmp/axe-probe.out; then
		ok axe-probe
	else
		fail axe-probe "no AXE-CHECK-DONE line (exit status $rc)"
	fi
	rm -f /tmp/axe-probe.out
else
	fail axe-probe "/bin/axe-probe missing"
fi

# --- memory (information only, not judged)
echo "AXE-INFO: $(grep -E '^(MemTotal|MemFree|Slab):' /proc/meminfo 2>/dev/null |
	tr -s ' ' | sed 's/: /=/; s/ kB$/kB/' | tr '\n' ' ' | sed 's/ $//')"
echo "AXE-INFO: end-uptime=$(cut -d' ' -f1 /proc/uptime 2>/dev/null)"

echo "AXE-PROBE-DONE: $passed passed, $failed failed"
