# shellcheck shell=bash
# shellcheck disable=SC2034,SC2154 # variables shared with the scripts that source it
# qemu.sh - the QEMU boot harness of scripts/boot-test, scripts/boot-mps2
# and scripts/tty-shell (sourced): the machine per arch, the initramfs,
# the run under a wall-clock timeout and the judge of the console log.
#
# The caller sets $prog (the first word of its verdict line) and, for the
# probe judge, the array allow (--allow-fail globs). The judges append to
# the caller's arrays reasons (why the run fails: the verdict line) and
# detail (lines printed above a FAIL verdict). Files go to the caller's
# work directory DIR: DIR/console.txt (the log without \r), kernel.txt
# (the console less probe/init lines), ktap.txt, qemu.stderr.
# Verdict line: "$prog NAME: PASS (...)" or "$prog NAME: FAIL (r1; r2)".

# Kernel splats: Oops, BUG, panic, WARNING, call traces, stalls, and the
# sanitizers' reports (KASAN, lockdep and DEBUG_ATOMIC_SLEEP say BUG: or
# WARNING:; UBSAN and kmemleak have their own words). A splat word starts
# a line or follows a printk timestamp "] ", a space or a "<N>" level.
QEMU_SPLAT_RE='(^|[] >])(Oops:|Oops -|BUG:|kernel BUG at|Kernel panic|WARNING:|Call Trace:|general protection fault|Unable to handle kernel|Unhandled exception|detected stalls? on|INFO: task .* blocked for more than|UBSAN:|kmemleak: [0-9]+ new suspected)'

# qemu_machine ARCH: the QEMU command line's start for ARCH, in the array
# QEMU (-nographic: the first serial line on stdio; -no-reboot: a reboot
# or a panic with panic=-1 ends QEMU). The caller adds -m, -kernel etc.
#   x86_64  qemu-system-x86_64, TCG (no KVM needed), CPU $QEMU_CPU (max)
#   mps2    qemu-system-arm, mps2-an385 (Cortex-M3)
qemu_machine() {
	case $1 in
	x86_64) QEMU=(qemu-system-x86_64 -accel tcg -cpu "${QEMU_CPU:-max}" -smp 1) ;;
	mps2) QEMU=(qemu-system-arm -M mps2-an385) ;;
	*) echo "$prog: qemu_machine: no machine for arch '$1'" >&2; exit 2 ;;
	esac
	QEMU+=(-nographic -no-reboot)
}

# qemu_host_tools [TOOL...]: exit 2 naming what is missing for an x86_64
# boot with Debian's busybox-static (and TOOL..., e.g. python3).
qemu_host_tools() {
	local missing=() t
	command -v qemu-system-x86_64 >/dev/null 2>&1 ||
		missing+=("qemu-system-x86_64: apt-get install qemu-system-x86")
	command -v gcc >/dev/null 2>&1 || missing+=("gcc: apt-get install gcc libc6-dev")
	command -v timeout >/dev/null 2>&1 || missing+=("timeout: apt-get install coreutils")
	for t in "$@"; do
		command -v "$t" >/dev/null 2>&1 || missing+=("$t: apt-get install $t")
	done
	if [ ! -x /bin/busybox ]; then
		missing+=("/bin/busybox: apt-get install busybox-static")
	elif command -v readelf >/dev/null 2>&1 &&
		readelf -lW /bin/busybox 2>/dev/null | grep 'INTERP' >/dev/null; then
		missing+=("/bin/busybox is dynamically linked: apt-get install busybox-static")
	fi
	[ ${#missing[@]} -eq 0 ] && return
	printf "$prog: missing host tool %s\n" "${missing[@]}" >&2
	exit 2
}

# qemu_find_ksrc KERNEL: print the kernel source tree above KERNEL's
# directory (the `source` link of an out-of-tree build dir, or the tree
# itself), the one holding usr/gen_init_cpio.c; nothing if none.
qemu_find_ksrc() {
	local d
	d=$(cd "$(dirname "$1")" && pwd)
	while [ "$d" != / ]; do
		if [ -f "$d/source/usr/gen_init_cpio.c" ]; then
			echo "$d/source"
			return
		elif [ -f "$d/usr/gen_init_cpio.c" ]; then
			echo "$d"
			return
		fi
		d=$(dirname "$d")
	done
}

# qemu_cpio KSRC DIR LIST OUT: the initramfs OUT from gen_init_cpio's
# LIST, gen_init_cpio compiled from KSRC into DIR.
qemu_cpio() {
	[ -x "$2/gen_init_cpio" ] || gcc -O2 -o "$2/gen_init_cpio" "$1/usr/gen_init_cpio.c" || {
		echo "$prog: could not compile $1/usr/gen_init_cpio.c" >&2
		exit 2
	}
	"$2/gen_init_cpio" "$3" >"$4" || {
		echo "$prog: gen_init_cpio failed (list in $3)" >&2
		exit 2
	}
}

# qemu_busybox_cpio KSRC DIR OUT: a busybox initramfs OUT: /dev/console,
# /proc, /sys, /tmp, Debian's static /bin/busybox with a link per applet,
# and the gen_init_cpio entries read from stdin (file /init ..., etc.),
# with every directory they need.
qemu_busybox_cpio() {
	{
		echo "nod /dev/console 0600 0 0 c 5 1"
		echo "dir /proc 0555 0 0"
		echo "dir /sys 0555 0 0"
		echo "dir /tmp 1777 0 0"
		cat
		echo "file /bin/busybox /bin/busybox 0755 0 0"
		/bin/busybox --list-full | grep -vx 'bin/busybox' |
			while IFS= read -r applet; do
				echo "slink /$applet /bin/busybox 0777 0 0"
			done
	} >"$2/files.list"
	# every directory any entry lives in, parents first
	{
		echo "dir /dev 0755 0 0"
		awk '{ print $2 }' "$2/files.list" | while IFS= read -r p; do
			p=${p%/*}
			while [ -n "$p" ]; do
				echo "$p"
				p=${p%/*}
			done
		done | sort -u | grep -vxE '/(dev|proc|sys|tmp)' |
			awk '{ print "dir " $0 " 0755 0 0" }'
		cat "$2/files.list"
	} >"$2/initramfs.list"
	qemu_cpio "$1" "$2" "$2/initramfs.list" "$3"
}

# qemu_run SECS OUT DIR COMMAND...: run COMMAND (QEMU, or a driver that
# starts it) with stdin from /dev/null, stdout to OUT (the console log),
# stderr to DIR/qemu.stderr, killed after SECS seconds of wall-clock time.
# Sets qemu_rc (124 or 137: timed out), qemu_timeout and qemu_wall (s.cc).
qemu_rc=0 qemu_timeout='' qemu_wall='?'
qemu_run() {
	local secs=$1 out=$2 dir=$3 t0 ms
	shift 3
	qemu_timeout=$secs qemu_rc=0
	printf '%q ' "$@" >"$dir/qemu.cmd"
	t0=$(date +%s%N)
	timeout -k 5 "$secs" "$@" </dev/null >"$out" 2>"$dir/qemu.stderr" || qemu_rc=$?
	ms=$((($(date +%s%N) - t0) / 1000000))
	qemu_wall=$(printf '%d.%02d' $((ms / 1000)) $((ms % 1000 / 10)))
}

# qemu_console LOG DIR: DIR/console.txt (LOG less \r) and DIR/kernel.txt
# (less the lines of the probes and the /init scripts, AXE-* and TTY-*,
# and less the kernel's own pr_warn_once banners that say WARNING:
# without being a WARN(), e.g. fs/namespace.c's for the "mand" mount
# option that trinity's random mount flags set).
qemu_console() {
	tr -d '\r' <"$1" >"$2/console.txt"
	grep -v -e '^AXE-' -e '^TTY-' -e '^WARNING: The mand mount option has been deprecated' \
		"$2/console.txt" >"$2/kernel.txt" || true
}

# qemu_judge_splats DIR [REPORT_RE]: fail on a kernel splat in
# DIR/kernel.txt. A report whose first line matches REPORT_RE, up to the
# end of its call trace (</TASK>), is no splat: a failed allocation under
# fault injection, the OOM killer under a fuzzer.
qemu_judge_splats() {
	local k=$1/kernel.txt kinds
	if [ -n "${2:-}" ]; then
		awk -v re="$2" -v prog="$prog" '$0 ~ re { skip = 1; nskip++ }
			skip && /<\/TASK>/ { skip = 0; next }
			!skip { print }
			END { if (nskip) printf "%s: %d allocation-failure or OOM report(s) not judged\n", prog, nskip > "/dev/stderr" }' \
			"$k" >"$k.tmp" && mv "$k.tmp" "$k"
	fi
	grep -Eq "$QEMU_SPLAT_RE" "$k" || return 0
	kinds=$(grep -Eo "$QEMU_SPLAT_RE" "$k" | sed -E 's/^[] >]//' |
		awk '!seen[$0]++ && n++ < 5 { printf "%s%s", (n > 1 ? ", " : ""), $0 }')
	reasons+=("kernel splat: $kinds")
	detail+=("--- kernel splat (from the console log):")
	mapfile -t -O "${#detail[@]}" detail < <(awk -v re="$QEMU_SPLAT_RE" \
		'n == 0 && $0 ~ re { n = 1 } n > 0 && n <= 30 { print; n++ }' "$k")
}

# qemu_allowed NAME: NAME matches a glob of the array allow.
qemu_allowed() {
	local pat
	for pat in ${allow[@]+"${allow[@]}"}; do
		# shellcheck disable=SC2254 # pat is a glob on purpose
		case $1 in $pat) return 0 ;; esac
	done
	return 1
}

# qemu_judge_probes DIR RE WHAT PROBES: the probe's result lines, those of
# DIR/console.txt matching the ERE RE's first word (RE's groups: 1 the
# name, 2 ok|FAIL|skip). Each is printed (a FAIL that --allow-fail allows
# gets " [expected-fail]"); PROBES gets "name: verdict" per line. WHAT
# (probe, check) names them in the reasons. Sets n_ok n_fail n_skip n_exp.
qemu_judge_probes() {
	local re=$2 what=$3 line pname v seen=() n_bad=0 failed=() pat p hit
	n_ok=0 n_fail=0 n_skip=0 n_exp=0
	: >"$4"
	while IFS= read -r line; do
		if ! [[ $line =~ $re ]]; then
			n_bad=$((n_bad + 1))
			echo "$line [malformed $what line]"
			continue
		fi
		pname=${BASH_REMATCH[1]} v=${BASH_REMATCH[2]}
		echo "$pname: $v" >>"$4"
		case $v in
		ok)
			n_ok=$((n_ok + 1))
			if qemu_allowed "$pname"; then
				seen+=("$pname")
				echo "$line [allow-fail, but passed]"
			else
				echo "$line"
			fi ;;
		skip) n_skip=$((n_skip + 1)); echo "$line" ;;
		*)
			if qemu_allowed "$pname"; then
				n_exp=$((n_exp + 1))
				seen+=("$pname")
				echo "$line [expected-fail]"
			else
				n_fail=$((n_fail + 1))
				failed+=("$pname")
				echo "$line"
			fi ;;
		esac
	done < <(grep -E "${re%%:*}: " "$1/console.txt" || true)
	for pat in ${allow[@]+"${allow[@]}"}; do
		hit=0
		for p in ${seen[@]+"${seen[@]}"}; do
			# shellcheck disable=SC2254 # pat is a glob on purpose
			case $p in $pat) hit=1 ;; esac
		done
		[ "$hit" = 1 ] || echo "$prog: note: --allow-fail '$pat' matched no $what line" >&2
	done
	[ "$n_fail" = 0 ] || reasons+=("$n_fail $what(s) failed: $(IFS=,; echo "${failed[*]}")")
	[ "$n_bad" = 0 ] || reasons+=("$n_bad malformed $what line(s)")
}

# qemu_no_end DIR MARKER: the console lacks the probe's end line MARKER:
# say whether the run timed out or the guest stopped, with the last
# console lines and QEMU's stderr.
qemu_no_end() {
	if [ "$qemu_rc" = 124 ] || [ "$qemu_rc" = 137 ]; then
		reasons+=("timeout after ${qemu_timeout}s without $2")
	else
		reasons+=("guest stopped without $2")
	fi
	detail+=("--- last console lines:")
	mapfile -t -O "${#detail[@]}" detail < <(tail -n 15 "$1/console.txt")
	if [ -s "$1/qemu.stderr" ]; then
		detail+=("--- qemu stderr:")
		mapfile -t -O "${#detail[@]}" detail < <(head -n 15 "$1/qemu.stderr")
	fi
}

# qemu_judge_ktap DIR KUNIT_PY OUT: the KUnit results (KTAP) printed
# before /init runs, cut from DIR/console.txt into DIR/ktap.txt (printk
# timestamps stripped). Fails without KTAP, on a "not ok" test, suite or
# parent, when the plan's number of suites differs from those reported
# and when no test passed. A leaf test is a result line whose previous
# result line was not deeper. Cross-check: KUNIT_PY parse (when the file
# and python3 exist; its output in OUT) must not report failure either.
# Prints "kunit: ..." (the count) and "kunit.py: Testing complete. ..."
# lines; sets kunit_ok (leaf tests ok) and kunit_sum ("kunit N tests:
# passed: P, ..." as kunit.py says it, or empty).
qemu_judge_ktap() {
	local ktap=$1/ktap.txt skip notok pnotok suites plan found why allskip=
	kunit_ok=0 kunit_sum=''
	awk '/Run .* as init process/ { exit } { sub(/^\[ *[0-9]+\.[0-9]+\] /, ""); print }' \
		"$1/console.txt" >"$ktap"
	read -r kunit_ok skip notok pnotok suites plan found < <(awk '
		BEGIN { prev = -1; ok = 0; skip = 0; nok = 0; pnok = 0; suites = 0; plan = "" }
		/^[ \t]*K?TAP version [0-9]+$/ { found = 1 }
		!found { next }
		/^[ \t]*(not ok|ok) [0-9]+/ {
			match($0, /^[ \t]*/); ind = RLENGTH
			leaf = (prev < 0 || prev <= ind); prev = ind
			notok = ($0 ~ /^[ \t]*not ok/)
			if (ind == 0) suites++
			if (notok && leaf) nok++
			else if (notok) pnok++
			else if (leaf && $0 ~ /#[ \t]*SKIP/) skip++
			else if (leaf) ok++
			next
		}
		/^1\.\.[0-9]+/ && plan == "" { plan = substr($0, 4) + 0 }
		END { print ok, skip, nok, pnok, suites, (plan == "" ? -1 : plan), found + 0 }
	' "$ktap")
	if [ "$found" != 1 ]; then
		reasons+=("--expect-kunit: no KTAP output on the console")
		return
	fi
	echo "kunit: $kunit_ok tests ok, $skip skipped, $notok not ok (+$pnotok suites/parents not ok), in $suites of $plan planned suites"
	if [ $((notok + pnotok)) != 0 ]; then
		reasons+=("kunit: $notok test(s) and $pnotok suite(s)/parent(s) not ok")
		detail+=("--- kunit 'not ok' lines:")
		mapfile -t -O "${#detail[@]}" detail < <(grep -E '^[[:space:]]*not ok ' "$ktap" | head -20)
	fi
	[ "$plan" = "$suites" ] || reasons+=("kunit: plan says $plan suites, $suites reported")
	if [ "$kunit_ok" = 0 ] && [ "$skip" != 0 ] && [ "$notok" = 0 ]; then
		why=$(grep -m1 -o '# SKIP .*' "$ktap" | sed 's/^# SKIP *//' || true)
		reasons+=("kunit: no test passed, every one skipped ($skip skipped; e.g. '${why:-no reason given}')")
		allskip=1
	elif [ "$kunit_ok" = 0 ]; then
		reasons+=("kunit: no test passed")
	fi
	[ -f "$2" ] && command -v python3 >/dev/null 2>&1 || return 0
	# kunit.py chdirs into the kernel tree; never write .pyc files there
	# (kunit.py calls a run where every test skipped a failure: said above)
	PYTHONDONTWRITEBYTECODE=1 python3 "$2" parse "$ktap" >"$3" 2>&1 || [ -n "$allskip" ] ||
		reasons+=("kunit.py parse reported failure (see $3)")
	sed 's/\x1b\[[0-9;]*m//g' "$3" | grep -m1 'Testing complete' | sed 's/^\[[^]]*\] /kunit.py: /' || true
	kunit_sum=$(sed -n 's/^.*Testing complete\. Ran \([0-9]*\) tests: \(.*\)$/kunit \1 tests: \2/p' "$3" |
		head -1 | sed 's/\x1b\[[0-9;]*m//g')
}

# qemu_verdict NAME SUMMARY NOTE: the verdict line, and exit: PASS
# (SUMMARY, status 0) when no judge gave a reason, else the detail lines,
# "$prog: console log: NOTE" and FAIL (the reasons, status 1).
qemu_verdict() {
	local why
	if [ ${#reasons[@]} -eq 0 ]; then
		echo "$prog $1: PASS ($2)"
		exit 0
	fi
	[ ${#detail[@]} -eq 0 ] || printf '%s\n' "${detail[@]}"
	echo "$prog: console log: $3"
	why=$(printf '%s; ' "${reasons[@]}")
	echo "$prog $1: FAIL (${why%; })"
	exit 1
}

# qemu_usage FILE: the header comment of FILE (from its second line to
# the first line that is no comment), as --help prints it.
qemu_usage() {
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$1"
}
