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
# mounted proc, sysfs, devtmpfs and tmpfs; this script checks that they work.
# /bin/clockprobe (scripts/probe/clockprobe.c) adds the clock-* checks,
# /bin/axe-probe (scripts/probe/axe-probe.c) the c.* checks.

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

# --- clock/timer syscalls (static C helper prints its own probe lines)
if [ -x /bin/clockprobe ]; then
	/bin/clockprobe >/tmp/clockprobe.out 2>&1
	rc=$?
	while IFS= read -r line; do
		case $line in
		"AXE-PROBE: "*": ok")
			passed=$((passed + 1))
			echo "$line" ;;
		"AXE-PROBE: "*": FAIL"*)
			failed=$((failed + 1))
			echo "$line" ;;
		*)
			echo "AXE-INFO: clockprobe said: $line" ;;
		esac
	done </tmp/clockprobe.out
	rm -f /tmp/clockprobe.out
	if [ "$rc" = 0 ]; then
		ok clockprobe
	else
		fail clockprobe "exit status $rc"
	fi
else
	fail clockprobe "/bin/clockprobe missing"
fi

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
