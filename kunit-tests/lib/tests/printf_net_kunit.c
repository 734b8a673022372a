// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the network address formats of the vsprintf() family:
 * %pI4, %pi4, %pI6, %pi6 and %pI6c (IPv4 and IPv6 addresses), %pISpc
 * (a socket address with its port), %pM, %pMR, %pMF and %pm (MAC
 * addresses) and %pNF (netdev features), each against its known answer
 * from Documentation/core-api/printk-formats.rst, with text on both
 * sides to show that the whole specifier, and only it, was consumed.
 * With CONFIG_VSPRINTF_NET_FORMATS=n each prints its "(%pX?)" marker
 * instead, and the text around it is the same.
 */

#include <kunit/test.h>
#include <linux/in.h>
#include <linux/in6.h>
#include <linux/kernel.h>
#include <linux/netdev_features.h>
#include <linux/string.h>

#define PRINTF_NET_BUF	96

static const u8 printf_net_ip4[4] = { 192, 168, 0, 1 };
static const u8 printf_net_ip6[16] = {
	0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01
};

static const u8 printf_net_mac[6] = { 0x00, 0x01, 0x02, 0x0a, 0x0b, 0xfe };

/* @want with the formats built in, "<" @off ">" without them */
static __printf(4, 5) void printf_net_expect(struct kunit *test,
					     const char *want,
					     const char *off,
					     const char *fmt, ...)
{
	char buf[PRINTF_NET_BUF], marker[16];
	va_list args;
	int len;

	if (!IS_ENABLED(CONFIG_VSPRINTF_NET_FORMATS)) {
		snprintf(marker, sizeof(marker), "<%s>", off);
		want = marker;
	}
	va_start(args, fmt);
	len = vsnprintf(buf, sizeof(buf), fmt, args);
	va_end(args);
	KUNIT_EXPECT_STREQ_MSG(test, buf, want, "format %s", fmt);
	KUNIT_EXPECT_EQ_MSG(test, len, (int)strlen(want), "format %s", fmt);
}

static void printf_net_ip4_test(struct kunit *test)
{
	printf_net_expect(test, "<192.168.0.1>", "(%pI?)",
			  "<%pI4>", printf_net_ip4);
	printf_net_expect(test, "<192.168.000.001>", "(%pi?)",
			  "<%pi4>", printf_net_ip4);
}

static void printf_net_ip6_test(struct kunit *test)
{
	printf_net_expect(test, "<2001:0db8:0000:0000:0000:0000:0000:0001>",
			  "(%pI?)", "<%pI6>", printf_net_ip6);
	printf_net_expect(test, "<20010db8000000000000000000000001>",
			  "(%pi?)", "<%pi6>", printf_net_ip6);
	printf_net_expect(test, "<2001:db8::1>", "(%pI?)",
			  "<%pI6c>", printf_net_ip6);
}

static void printf_net_sockaddr_test(struct kunit *test)
{
	struct sockaddr_in sin = {
		.sin_family = AF_INET,
		.sin_port = htons(8080),
	};
	struct sockaddr_in6 sin6 = {
		.sin6_family = AF_INET6,
		.sin6_port = htons(443),
	};

	memcpy(&sin.sin_addr, printf_net_ip4, sizeof(printf_net_ip4));
	memcpy(&sin6.sin6_addr, printf_net_ip6, sizeof(printf_net_ip6));
	printf_net_expect(test, "<192.168.0.1:8080>", "(%pI?)",
			  "<%pISpc>", &sin);
	printf_net_expect(test, "<[2001:db8::1]:443>", "(%pI?)",
			  "<%pISpc>", &sin6);
}

static void printf_net_mac_test(struct kunit *test)
{
	printf_net_expect(test, "<00:01:02:0a:0b:fe>", "(%pM?)",
			  "<%pM>", printf_net_mac);
	printf_net_expect(test, "<fe:0b:0a:02:01:00>", "(%pM?)",
			  "<%pMR>", printf_net_mac);
	printf_net_expect(test, "<00-01-02-0a-0b-fe>", "(%pM?)",
			  "<%pMF>", printf_net_mac);
	printf_net_expect(test, "<0001020a0bfe>", "(%pm?)",
			  "<%pm>", printf_net_mac);
}

static void printf_net_features_test(struct kunit *test)
{
	netdev_features_t features = 0x1234;

	printf_net_expect(test, "<0x0000000000001234>", "(%pN?)",
			  "<%pNF>", &features);
}

static struct kunit_case printf_net_test_cases[] = {
	KUNIT_CASE(printf_net_ip4_test),
	KUNIT_CASE(printf_net_ip6_test),
	KUNIT_CASE(printf_net_sockaddr_test),
	KUNIT_CASE(printf_net_mac_test),
	KUNIT_CASE(printf_net_features_test),
	{}
};

static struct kunit_suite printf_net_test_suite = {
	.name = "printf_net",
	.test_cases = printf_net_test_cases,
};

kunit_test_suite(printf_net_test_suite);

MODULE_DESCRIPTION("KUnit tests for the network address formats of vsprintf()");
MODULE_LICENSE("GPL");
