// SPDX-License-Identifier: GPL-2.0
/*
 * memcpy() and memmove() written for size (CONFIG_ARM_SMALL_MEMCPY).
 *
 * memcpy.S and memmove.S copy with unrolled ldm/stm blocks, shifting the
 * words when source and destination are not aligned alike: fast, and
 * 1.5 KB of code in a Thumb-2 kernel. These loops copy words when both
 * pointers can be word aligned together and bytes otherwise.
 *
 * Built with -ffreestanding and -fno-tree-loop-distribute-patterns so
 * that the compiler does not turn the loops back into calls to memcpy().
 */

#include <linux/compiler.h>
#include <linux/export.h>
#include <linux/string.h>
#include <linux/types.h>

#define WORD_MASK	(sizeof(u32) - 1)

static __always_inline bool same_alignment(const void *a, const void *b)
{
	return !(((unsigned long)a ^ (unsigned long)b) & WORD_MASK);
}

void *__memcpy(void *dest, const void *src, size_t n)
{
	u8 *d = dest;
	const u8 *s = src;

	if (same_alignment(d, s)) {
		while (n && ((unsigned long)d & WORD_MASK)) {
			*d++ = *s++;
			n--;
		}
		for (; n >= sizeof(u32); n -= sizeof(u32)) {
			*(u32 *)d = *(const u32 *)s;
			d += sizeof(u32);
			s += sizeof(u32);
		}
	}
	while (n--)
		*d++ = *s++;
	return dest;
}

void *memcpy(void *dest, const void *src, size_t n) __weak __alias(__memcpy);
/* memcpy_fromio() and memcpy_toio(): words and bytes suit MMIO too */
void *mmiocpy(void *dest, const void *src, size_t n) __alias(__memcpy);

void *__memmove(void *dest, const void *src, size_t n)
{
	u8 *d = dest;
	const u8 *s = src;

	if (d <= s || d >= s + n)
		return __memcpy(dest, src, n);

	/* The destination overlaps the end of the source: copy downwards */
	d += n;
	s += n;
	if (same_alignment(d, s)) {
		while (n && ((unsigned long)d & WORD_MASK)) {
			*--d = *--s;
			n--;
		}
		for (; n >= sizeof(u32); n -= sizeof(u32)) {
			d -= sizeof(u32);
			s -= sizeof(u32);
			*(u32 *)d = *(const u32 *)s;
		}
	}
	while (n--)
		*--d = *--s;
	return dest;
}

void *memmove(void *dest, const void *src, size_t n) __weak __alias(__memmove);
