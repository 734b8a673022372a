# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables here are used by the scripts that source it
# Common helpers for the axe tooling. Sourced by every script in scripts/.

set -euo pipefail

AXE_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$AXE_TOP/build}
# shellcheck source=scripts/base.conf
. "$AXE_TOP/scripts/base.conf"

# Identity used for the commits the tooling makes in trees it owns.
AXE_GIT=(git -c user.name="axe tooling" -c user.email="axe-tooling@localhost"
	 -c advice.detachedHead=false -c core.autocrlf=false -c gc.auto=0)

BASE_DIR=$BUILD/base/linux       # pristine tree, one git commit tagged axe-base
SRC_DIR=$BUILD/src               # base + quilt series (quilt's .pc lives here)
AM_DIR=$BUILD/am                 # base + series applied with git am
OUT_DIR=$BUILD/out               # out-of-tree kernel builds, one per profile
LOG_DIR=$BUILD/logs

if [ -t 2 ] && [ -z "${NO_COLOR:-}" ]; then
	_red=$'\e[31m' _yel=$'\e[33m' _off=$'\e[0m'
else
	_red='' _yel='' _off=''
fi

info() { printf '%s: %s\n' "${AXE_SCRIPT:-axe}" "$*" >&2; }
warn() { printf '%s%s: warning: %s%s\n' "$_yel" "${AXE_SCRIPT:-axe}" "$*" "$_off" >&2; }
die()  { printf '%s%s: error: %s%s\n' "$_red" "${AXE_SCRIPT:-axe}" "$*" "$_off" >&2; exit 1; }

# axe_header: the calling script's header comment, the comment block after
# the shebang with "# " stripped (an SPDX line and shellcheck directives
# left out). Its first paragraph is the usage: "usage: scripts/NAME ...".
axe_header() {
	awk 'NR == 1 { next }
		!/^#/ { exit }
		/^# *(SPDX-License-Identifier:|shellcheck )/ { next }
		{ sub(/^# ?/, "") }
		!n && /^$/ { next }
		{ n++; print }' "$0"
}

# axe_help "$@": every script calls it first thing after sourcing this file,
# before any side effect. With -h or --help as the first argument it prints
# the header and exits 0.
axe_help() {
	case "${1:-}" in
	-h | --help) ;;
	*) return 0 ;;
	esac
	axe_header
	printf '\n%s\n' "Environment (every script): BUILD=DIR, the build folder (default: build/ of this checkout); NO_COLOR=1, messages without colour."
	exit 0
}

# usage_error MSG: MSG and the usage (the header's first paragraph) on
# stderr, exit 2.
usage_error() {
	printf '%s%s: error: %s%s\n' "$_red" "${AXE_SCRIPT:-axe}" "$*" "$_off" >&2
	axe_header | awk '/^$/ { exit } 1' >&2
	exit 2
}

# no_args "$@": for scripts that take no arguments.
no_args() {
	[ $# -eq 0 ] || usage_error "unexpected argument '$1' (this script takes none)"
}

# A loud, multi-line warning that does not scroll by unnoticed.
banner() {
	local line='*************************************************************************'
	printf '%s%s\n' "$_yel" "$line" >&2
	local l
	for l in "$@"; do printf '* %s\n' "$l" >&2; done
	printf '%s%s\n' "$line" "$_off" >&2
}

as_root() {
	if [ "$(id -u)" = 0 ]; then
		"$@"
	elif command -v sudo >/dev/null 2>&1; then
		sudo "$@"
	else
		die "need root to run '$*' (no sudo found); run it yourself as root"
	fi
}

_apt_updated=
apt_update_once() {
	[ -n "$_apt_updated" ] && return 0
	info "apt-get update"
	as_root apt-get update -qq >&2 || die "apt-get update failed"
	_apt_updated=1
}

# need_pkgs PKG... : install the Debian packages that are missing.
need_pkgs() {
	local missing=() p
	for p in "$@"; do
		dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null | grep -qx installed ||
			missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	command -v apt-get >/dev/null 2>&1 ||
		die "missing packages: ${missing[*]} (no apt-get here: install them by hand)"
	info "installing missing packages: ${missing[*]}"
	apt_update_once
	DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends \
		"${missing[@]}" >&2 || die "apt-get install ${missing[*]} failed"
}

# Packages every step of the tooling may need. Kept in one place so that
# 'make deps', CI and the README agree.
AXE_PACKAGES=(
	build-essential bc bison flex libelf-dev libssl-dev cpio xz-utils kmod
	python3 python3-ply python3-git perl git quilt diffstat rsync file ccache shellcheck
	gcc-arm-linux-gnueabi binutils-arm-linux-gnueabi
	qemu-system-x86 qemu-system-arm busybox-static
	libcapstone-dev strace util-linux
)

# The kernel tree git commit made by prepare is tagged so later steps can
# diff against it; the tag name is fixed.
BASE_TAG=axe-base

base_ready() {
	[ -f "$BUILD/base/stamp" ] && git -C "$BASE_DIR" rev-parse -q --verify "$BASE_TAG^{commit}" >/dev/null 2>&1
}

require_base() {
	base_ready || die "no prepared base kernel in $BASE_DIR: run 'make prepare' first"
}

# base_desc: one line naming the base kernel that was prepared.
base_desc() {
	sed -n 's/^desc=//p' "$BUILD/base/stamp"
}

# Series entries in order (comments and blank lines skipped).
series_patches() {
	sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^[[:space:]]*$/d' "$AXE_TOP/series" |
		awk '{print $1}'
}

# "+N (+P%)": $1 against $2 (size tables).
delta() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%+d (%+.1f%%)", a - b, (a - b) * 100 / b }'; }

# The probes profile $1 may fail (scripts/boot.conf), space-separated; an
# entry "=PROFILE" stands for every probe PROFILE may fail.
boot_allowed() {
	local e es
	# (read -a: an entry may be a glob, boot-mps2 --allow-fail matches it)
	read -r -a es <<<"$(sed -e 's/#.*//' "$AXE_TOP/scripts/boot.conf" | awk -v n="$1" '$1 == n { $1 = ""; print }' | xargs)"
	for e in ${es[@]+"${es[@]}"}; do
		case $e in
		=*) boot_allowed "${e#=}" ;;
		*) echo "$e" ;;
		esac
	done | xargs
}

# The architecture of profile $1 in scripts/profiles.conf.
profile_arch() {
	sed -e 's/#.*//' "$AXE_TOP/scripts/profiles.conf" | awk -v n="$1" '$1 == n { print $2 }'
}

# syscall_scan: build scripts/syscall-scan (into build/syscall-scan) and
# print the tool's path.
syscall_scan() {
	need_pkgs gcc make libelf-dev libcapstone-dev
	make -s -C "$AXE_TOP/scripts/syscall-scan" O="$BUILD/syscall-scan" >&2 ||
		die "building scripts/syscall-scan failed"
	echo "$BUILD/syscall-scan/syscall-scan"
}

# busybox_static ARCH: Debian's busybox-static for ARCH (amd64, armel),
# downloaded with apt-get into build/dl and unpacked under
# build/syscall-scan; prints the path of the binary. A foreign ARCH is
# added to dpkg's architectures first (it installs nothing of it).
busybox_static() {
	local a=$1 deb dir=$BUILD/syscall-scan/bb-$1
	deb=$(find "$BUILD/dl" -maxdepth 1 -name "busybox-static_*_$a.deb" 2>/dev/null | sort | tail -1)
	if [ -z "$deb" ]; then
		if [ "$a" != "$(dpkg --print-architecture)" ] &&
			! dpkg --print-foreign-architectures | grep -qx "$a"; then
			info "dpkg --add-architecture $a (to download busybox-static:$a)"
			as_root dpkg --add-architecture "$a" || die "dpkg --add-architecture $a failed"
			_apt_updated=
		fi
		apt_update_once
		mkdir -p "$BUILD/dl"
		(cd "$BUILD/dl" && apt-get download -q "busybox-static:$a" >&2) ||
			die "apt-get download busybox-static:$a failed"
		deb=$(find "$BUILD/dl" -maxdepth 1 -name "busybox-static_*_$a.deb" | sort | tail -1)
	fi
	if [ ! -x "$dir/bin/busybox" ] || [ "$deb" -nt "$dir/bin/busybox" ]; then
		rm -rf "$dir"
		dpkg-deb -x "$deb" "$dir" || die "could not unpack $deb"
	fi
	echo "$dir/bin/busybox"
}

# A tree is "ours" when the tooling created it; only those are ever
# reset, cleaned or deleted.
tree_is_ours() {
	[ -d "$1/.git" ] && [ "$(git -C "$1" config --get axe.owned 2>/dev/null || true)" = true ]
}

quilt_env() {
	export QUILT_PATCHES="$AXE_TOP/patches" QUILT_SERIES="$AXE_TOP/series"
	export QUILT_PC=.pc QUILTRC="$AXE_TOP/scripts/quiltrc"
	# Refresh options that keep patches free of churn (also in the quiltrc,
	# repeated here so that the tooling does not depend on it).
	QUILT_REFRESH=(-p ab --no-timestamps --no-index --sort --diffstat)
}

# Files a patch creates (diffs from /dev/null), one path per line.
patch_new_files() {
	awk '/^--- \/dev\/null/ { getline; if ($1 == "+++") { sub(/^b\//, "", $2); print $2 } }' "$1"
}

# Files a patch touches (old and new side), one path per line.
patch_touched_files() {
	awk '/^(---|\+\+\+) / && $2 != "/dev/null" { p = $2; sub(/^[ab]\//, "", p); print p }' "$1" | sort -u
}

# A series-created file belongs in kunit-tests/ when "kunit" is in its path
# (tests, their .kunitconfig, KUnit-only helpers); everything else goes to
# kernel-src-overlay/.
overlay_dir_for() {
	case "$1" in
	*kunit*|*KUNIT*) echo "$AXE_TOP/kunit-tests" ;;
	*) echo "$AXE_TOP/kernel-src-overlay" ;;
	esac
}

nproc_jobs() {
	local n
	n=$(nproc 2>/dev/null || echo 2)
	echo "${JOBS:-$n}"
}

# reject_files < patch-output: the files a failed patch/quilt push names.
reject_files() {
	awk '
		/^patching file / { f = substr($0, 15) }
		/^checking file / { f = substr($0, 15) }
		/FAILED/ && f != "" { bad[f] = 1 }
		/can.t find file to patch/ { missing = 1 }
		/^\|(---|\+\+\+) / && missing { p = $2; sub(/^[ab]\//, "", p); if (p != "/dev/null") bad[p " (missing)"] = 1; missing = 0 }
		/already exists/ && f != "" { bad[f " (already exists)"] = 1 }
		END { for (k in bad) printf "%s%s", sep, k; sep = ", "; if (length(bad)) print "" }
	' | sed 's/^/file: /'
}

# sparse_apply DIR: apply the whole series with quilt onto a small tree in
# DIR that holds only the base files the series touches. Cheap enough for
# lint; DIR then holds the content the series produces for every file.
sparse_apply() {
	local dir=$1 p files=()
	require_base
	rm -rf "$dir"
	mkdir -p "$dir"
	for p in $(series_patches); do
		[ -f "$AXE_TOP/patches/$p" ] || { echo "series names patches/$p, which does not exist"; return 1; }
		mapfile -t -O "${#files[@]}" files < <(patch_touched_files "$AXE_TOP/patches/$p")
	done
	if [ ${#files[@]} -gt 0 ]; then
		mapfile -t files < <(printf '%s\n' "${files[@]}" | sort -u)
		local existing=()
		mapfile -t existing < <(git -C "$BASE_DIR" ls-tree -r --name-only "$BASE_TAG" -- "${files[@]}")
		if [ ${#existing[@]} -gt 0 ]; then
			git -C "$BASE_DIR" archive --format=tar "$BASE_TAG" -- "${existing[@]}" | tar -x -C "$dir"
		fi
	fi
	(
		quilt_env
		cd "$dir"
		for p in $(series_patches); do
			if ! out=$(quilt push "$p" 2>&1 </dev/null); then
				printf '%s\n' "$out" | tail -20
				echo "patch $p does not apply to $(base_desc) $(reject_files <<<"$out")"
				exit 1
			fi
		done
	)
}

# kunit_builtin_args: the scripts/build-profile arguments of a kernel with
# every KUnit suite of kunit-tests/ built in (scripts/boot --kunit builds
# PROFILE+kunit with them), one per line. The suites enter system calls
# that the probes need not make: a KUnit kernel does not trim them (the
# syscall_trim suite then checks that nothing is trimmed; scripts/kunit.conf
# runs it trimmed on UML).
kunit_builtin_args() {
	local frag=$BUILD/tmp/kunit-builtin.config
	mkdir -p "$BUILD/tmp"
	{
		echo "# Help: every KUnit suite of the series, built in (generated by scripts/lib.sh)"
		find "$AXE_TOP/kunit-tests" -name .kunitconfig -print0 | sort -z | xargs -0 -r cat
	} >"$frag"
	printf '%s\n' --extra "$frag" --drop axe-trim-syscalls.config
}

# result ok|FAIL NAME [DETAIL]: one test result line; 'make check' counts
# them (AXE_RESULTS names the file they are collected in).
result() {
	local verdict=$1 name=$2 at=''
	shift 2
	# under make check: when the result came, counted from its start
	if [ -n "${AXE_T0:-}" ]; then
		at=$(( $(date +%s) - AXE_T0 ))
		at=$(printf '  [at %d:%02d]' $((at / 60)) $((at % 60)))
	fi
	printf '%-4s %s%s%s\n' "$verdict" "$name" "${*:+  ($*)}" "$at"
	if [ -n "${AXE_RESULTS:-}" ]; then
		printf '%s %s\n' "$verdict" "$name" >>"$AXE_RESULTS"
	fi
}

# result_count NAME KEY N: a count behind result NAME (tests run, probes
# passed...). 'make check' holds it against what the step expects
# (expect in scripts/check) and fails when it is smaller.
result_count() {
	[ -z "${AXE_RESULTS:-}" ] || [ -z "$3" ] ||
		printf 'count %s %s %s\n' "$1" "$2" "$3" >>"$AXE_RESULTS"
}

# tree_hash DIR: git tree id of DIR's working files (quilt's state and the
# links to this repository left out), computed with a scratch index that
# starts from DIR's own, so that only changed files are hashed.
tree_hash() {
	local dir=$1 idx
	idx=$(mktemp)
	cp "$dir/.git/index" "$idx"
	(cd "$dir" && GIT_INDEX_FILE=$idx git add -A -f -- . ':!.pc' ':!patches' ':!series' &&
		GIT_INDEX_FILE=$idx git write-tree)
	rm -f "$idx"
}

# series_hash: one id for the series file and every patch it names.
series_hash() {
	{
		cat "$AXE_TOP/series"
		local p
		for p in $(series_patches); do
			cat "$AXE_TOP/patches/$p" 2>/dev/null || echo "missing $p"
		done
	} | sha256sum | cut -d' ' -f1
}

SRC_STAMP=$BUILD/src.stamp

# write_src_stamp: record what build/src holds after the tooling applied or
# refreshed the series: the tree and the hash of every patch file.
write_src_stamp() {
	local p
	{
		printf 'patches=%s\ntree=%s\n' "${1:-$(series_hash)}" "$(tree_hash "$SRC_DIR")"
		for p in $(series_patches); do
			[ -f "$AXE_TOP/patches/$p" ] &&
				printf 'patch %s %s\n' "$p" "$(sha256sum <"$AXE_TOP/patches/$p" | cut -d' ' -f1)"
		done
		# The overlay as it was then: a file that still matches this was
		# not edited there, so patches/ (a pull, an import) win over it.
		local d
		for d in kernel-src-overlay kunit-tests; do
			[ -d "$AXE_TOP/$d" ] || continue
			(cd "$AXE_TOP" && find "$d" -type f -print0 | sort -z | xargs -0 -r sha256sum) |
				awk '{ print "overlay", $2, $1 }'
		done
	} >"$SRC_STAMP"
}

# stamped_overlay_hash d/rel: the overlay file's hash at the last sync.
stamped_overlay_hash() {
	awk -v n="$1" '$1 == "overlay" && $2 == n { print $3 }' "$SRC_STAMP" 2>/dev/null || true
}

src_stamp_patches() {
	sed -n 's/^patches=//p' "$SRC_STAMP" 2>/dev/null || true
}

# stamped_patch_hash NAME: the patch file's hash when the tooling last wrote it.
stamped_patch_hash() {
	awk -v n="$1" '$1 == "patch" && $2 == n { print $3 }' "$SRC_STAMP" 2>/dev/null || true
}

# unsaved_edits: list what build/src holds that patches/ does not: applied
# patches whose files differ from the patch ('quilt diff -z'), and files
# changed outside any applied patch. Empty output: nothing would be lost.
unsaved_edits() {
	(
		quilt_env
		cd "$SRC_DIR" || exit
		local p known d
		known=$(mktemp)
		for p in $(cat .pc/applied-patches 2>/dev/null); do
			quilt files "$p" 2>/dev/null >>"$known"
			if ! d=$(quilt diff -z -P "$p" 2>/dev/null); then
				echo "cannot compare $p with the tree (quilt diff -z failed)"
			elif [ -n "$d" ]; then
				echo "edits to the files of $p not refreshed into it"
			fi
		done
		git status --porcelain --untracked-files=all -- . ':!.pc' ':!patches' ':!series' |
			cut -c4- | while IFS= read -r f; do
				grep -qxF "$f" "$known" || echo "$f changed but is in no applied patch"
			done
		rm -f "$known"
	)
}
