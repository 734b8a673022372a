# axe: a quilt series that carves Linux 6.12 down to microcontroller size.
# Every target is a thin wrapper around a script in scripts/; see README.

SHELL := /bin/bash
S := scripts

# Passed through to the scripts when set on the command line.
export KERNEL_TARBALL KERNEL_SRC REROLL FORCE JOBS SKIP_KUNIT SKIP_BOOT SKIP_MPS2 FUZZ_MINUTES

# The profile 'make', 'make main' and 'make build' work on; 'make x86' is
# 'make main PROFILE=x86_64-axe'.
PROFILE ?= mps2-axe
export PROFILE

.PHONY: all main x86 boot-mps2 deps prepare apply check-am refresh lint export kunit boot build \
	check check-sanitizers fuzz size dcache-bench own-tree readme clean distclean help

# The main job: build the axe profile, boot it, report sizes and the probe.
all main:
	@$(S)/main

x86:
	@PROFILE=x86_64-axe $(S)/main

help:
	@sed -n 's/^## //p' $(MAKEFILE_LIST)


## make            build mps2-axe and mps2-full, boot them on QEMU mps2-an385, print a report
## make x86        the same for x86_64-axe and x86_64-full (busybox probe)
## make main PROFILE=x86_64-axe   the same as make x86
## make check      the test command: lint, quilt + git am, KUnit, x86_64 boots (sanitizers), mps2 boots;
##                 fails on a missing result or a count below what a step expects
## make deps       install the Debian packages the tooling needs (apt-get)
deps:
	@$(S)/deps

## make prepare    pinned base kernel -> build/base/linux (KERNEL_TARBALL=, KERNEL_SRC=)
prepare:
	@$(S)/prepare

## make apply      quilt push the series onto a fresh copy of the base (build/src)
apply: prepare
	@$(S)/apply

## make check-am   the series applies with git am too, to the same tree
check-am: prepare
	@$(S)/check-am

## make refresh    rewrite patches from build/src, sync overlay and kunit-tests
refresh: prepare
	@$(S)/refresh

## make lint       headers, checkpatch --strict, sync, fragments, shellcheck, every script's
##                 --help (no kernel build)
lint: prepare
	@$(S)/lint

## make export   each topic of the series as a patch set for upstream: build/export/<topic>/
##                 (git format-patch --cover-letter --base; REROLL=2 for [PATCH v2]); see build/export/README
export: prepare
	@$(S)/export

## make kunit      every .kunitconfig on UML, upstream and tiny (scripts/kunit.conf)
kunit: apply
	@$(S)/kunit

## make boot       boot x86_64-full and x86_64-axe with KUnit built in, in QEMU
boot: apply
	@$(S)/boot --kunit x86_64-full x86_64-axe

## make check-sanitizers  boot x86_64-full and x86_64-axe with KUnit, KASAN, UBSAN, lockdep,
##                 kmemleak and fail-nth fault injection (make check boots x86_64-axe so)
check-sanitizers: apply
	@$(S)/boot --sanitize x86_64-full x86_64-axe

## make fuzz       trinity on x86_64-full and x86_64-axe with the sanitizers, FUZZ_MINUTES (5) each
##                 (benchmark, not in check): build/fuzz/report.md
fuzz: apply
	@$(S)/fuzz

## make boot-mps2  boot mps2-full and mps2-axe with the C probe (no KUnit)
boot-mps2: apply
	@$(S)/boot mps2-full mps2-axe

## make build PROFILE=name   build one profile of scripts/profiles.conf
build: apply
	@$(S)/build-profile $(PROFILE)

check:
	@$(S)/check

## make own-tree   run README's "your own tree" recipe on a scratch clone of the base
##                 (build/own-tree) and build its ARM mps2 kernel (build/own-tree-out)
own-tree: apply
	@$(S)/own-tree

## make size       the size laboratory (benchmark, not in check): build/size/report.md + size.png
size: apply
	@$(S)/size-lab

## make dcache-bench  path-lookup throughput, upstream dcache vs DCACHE_TINY (benchmark, not in check)
dcache-bench: apply
	@$(S)/dcache-bench

## make readme     rewrite README's generated blocks from the reports of make and make size
readme:
	@$(S)/readme-tables

## make clean      remove kernel builds and logs (keeps the base and build/src)
clean:
	rm -rf build/out build/kunit build/logs build/tmp build/boot build/size build/fuzz build/export-work
	@$(S)/own-tree --clean

## make distclean  remove build/ entirely
distclean:
	rm -rf build

## scripts/NAME --help   what a script does, its arguments and environment
